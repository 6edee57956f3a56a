import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { session } from "@web/lib/session";
import { EACH_GUESTS_OWN } from "./components/guest-documents";
import { aDocument, anRsvp, asHost, documentLists, onViewRoute, renderTab, rsvpList } from "./documents.test-support";

afterEach(() => session.clear());

const ana = anRsvp("YES", { guid: "g-ana", firstName: "Ana", lastName: "Lima" });

const organisers = [
  ["the owner", {}],
  ["a host", asHost],
] as const;

describe("the Documents tab on the view route: the organisers' preview of a guest's page", () => {
  it.each(organisers)(
    "shows %s 'My Documents' as what each guest finds there and the common documents, with no list of guests, upload or delete",
    async (_, role) => {
      rsvpList([ana]);
      const asked = documentLists({ common: [aDocument({ name: "Programme.pdf" })], "g-ana": [aDocument({ name: "Ana ticket.pdf" })] });
      renderTab(role, onViewRoute);
      const common = await screen.findByRole("list", { name: "Common Documents" });
      expect(within(common).getByRole("link", { name: "Open Programme.pdf" })).toBeTruthy();
      expect(screen.getAllByRole("heading").map((h) => h.textContent)).toEqual(["My Documents", "Common Documents"]);
      expect(screen.getByText(EACH_GUESTS_OWN)).toBeTruthy();
      // An organiser has no documents of their own, and no guest sees another's.
      expect(asked).toEqual(["common"]);
      expect(screen.queryByRole("navigation", { name: "Whose documents" })).toBeNull();
      expect(screen.queryByLabelText("Document files")).toBeNull();
      expect(screen.queryByText("Drop files here")).toBeNull();
      expect(screen.queryByRole("button", { name: /^Delete/ })).toBeNull();
    },
  );
});

describe("the Documents tab in manage mode", () => {
  it.each(organisers)("gives %s the list of whose documents, the upload and a delete button on each card", async (_, role) => {
    rsvpList([ana]);
    documentLists({ common: [aDocument({ name: "Programme.pdf" })] });
    renderTab(role);
    expect(
      await within(screen.getByRole("navigation", { name: "Whose documents" })).findByRole("button", { name: "Ana Lima" }),
    ).toBeTruthy();
    expect(screen.getByLabelText("Document files")).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Delete Programme.pdf" })).toBeTruthy();
  });
});
