import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { session } from "@web/lib/session";
import { BULLETIN_MESSAGES } from "@worker/features/bulletin/bulletin.schema";
import { aBulletin, asHost, bulletinList, onViewRoute, renderTab } from "./bulletin.test-support";

afterEach(() => session.clear());

const organisers = [
  ["the owner", {}],
  ["a host", asHost],
] as const;

describe("the Bulletin tab on the view route: the organisers' preview of what guests read", () => {
  it.each(organisers)("shows %s the bulletins with neither the form nor a delete button", async (_, role) => {
    bulletinList([aBulletin({ title: "Shuttle at 9" })]);
    renderTab(role, onViewRoute);
    const bulletins = await screen.findByRole("list", { name: "Bulletins" });
    expect(within(bulletins).getByRole("heading", { name: "Shuttle at 9" })).toBeTruthy();
    expect(screen.queryByRole("form", { name: "New bulletin" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Post bulletin" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Delete bulletin/ })).toBeNull();
  });

  it("says what a guest reads when nothing has been posted, not the organisers' invitation to post", async () => {
    bulletinList([]);
    renderTab({}, onViewRoute);
    expect(await screen.findByText(BULLETIN_MESSAGES.empty)).toBeTruthy();
    expect(screen.getByText("News from the organisers will appear here.")).toBeTruthy();
    expect(screen.queryByText("Post news for everyone taking part here.")).toBeNull();
  });
});

describe("the Bulletin tab in manage mode", () => {
  it.each(organisers)("gives %s the form and a delete button on each bulletin", async (_, role) => {
    bulletinList([aBulletin({ title: "Shuttle at 9" })]);
    renderTab(role);
    await screen.findByRole("list", { name: "Bulletins" });
    expect(screen.getByRole("form", { name: "New bulletin" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Delete bulletin Shuttle at 9" })).toBeTruthy();
  });
});
