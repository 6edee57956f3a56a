import { act, render, screen } from "@testing-library/react";
import { lazy, Suspense } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { FIRST_VIEW_ID } from "@worker/shared/first-view";
import { FirstViewHandoff } from "./first-view-handoff";

function htmlShowsFirstView() {
  const view = document.createElement("div");
  view.id = FIRST_VIEW_ID;
  view.textContent = "Lisbon weekend (static)";
  document.body.prepend(view);
}

afterEach(() => document.body.replaceChildren());

describe("FirstViewHandoff", () => {
  it("keeps the HTML's first view while the page is loading and removes it in the commit that shows the page", async () => {
    htmlShowsFirstView();
    let load!: () => void;
    const loaded = new Promise<void>((resolve) => (load = resolve));
    const Page = lazy(async () => {
      await loaded;
      return { default: () => <h1>Lisbon weekend</h1> };
    });
    render(
      <Suspense fallback={<p>Loading</p>}>
        <FirstViewHandoff />
        <Page />
      </Suspense>,
    );
    expect(screen.getByText("Loading")).toBeTruthy();
    expect(document.getElementById(FIRST_VIEW_ID)).not.toBeNull();

    await act(async () => load());
    expect(await screen.findByRole("heading", { name: "Lisbon weekend" })).toBeTruthy();
    expect(document.getElementById(FIRST_VIEW_ID)).toBeNull();
  });
});
