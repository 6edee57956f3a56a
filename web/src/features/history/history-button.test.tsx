import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { session } from "@web/lib/session";
import { anExperience } from "@web/test/fixtures";
import { renderExperienceTab } from "@web/test/render-experience-tab";
import { server } from "@web/test/server";
import type { History, HistoryEntry } from "@worker/features/history/history.schema";
import { HistoryButton } from "./history-button";

afterEach(() => session.clear());

const hugo = { guid: "g1", firstName: "Hugo", lastName: "Host", profilePic: null };
const olga = { guid: "g2", firstName: "Olga", lastName: "Owner", profilePic: null };
const days = [
  { id: "d1", name: "Arrival", date: "2027-01-10" },
  { id: "d2", name: "Lake", date: "2027-01-11" },
];

const change = (seq: number, overrides: Partial<HistoryEntry> = {}): HistoryEntry => ({
  seq,
  at: "2027-01-08T15:30:00.000Z",
  person: hugo,
  subjectType: "activity",
  field: "start",
  label: "Coach",
  dayId: "d1",
  text: "Coach: 09:00 AM → 10:00 AM EST",
  from: "Jan 10, 2027, 09:00 AM EST",
  to: "Jan 10, 2027, 10:00 AM EST",
  ...overrides,
});

/** The server's History: `pages` by cursor ("" for the first), and each request's query as it came. */
function historyServer(pages: Record<string, History["changes"]>, next: Record<string, number | null> = {}) {
  const asked: Record<string, string>[] = [];
  server.use(
    http.get<PathParams, never, History>("/api/events/ev1/history", ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      asked.push(query);
      const key = query.cursor ?? (query.day || query.person ? `${query.day ?? ""}|${query.person ?? ""}` : "");
      return HttpResponse.json({ changes: pages[key] ?? [], nextCursor: next[key] ?? null, days, people: [hugo, olga] });
    }),
  );
  return asked;
}

const open = () => {
  renderExperienceTab(<HistoryButton event={anExperience({ timeZone: "America/New_York" })} />, { timeZone: "America/New_York" });
  const button = screen.getByRole("button", { name: "History" });
  button.focus();
  fireEvent.click(button);
  return screen.getByRole("dialog", { name: "History" });
};

describe("the History panel", () => {
  it("lists who changed what and when, on the experience's clock with its zone, and old → new", async () => {
    historyServer({ "": [change(2)] });
    const dialog = open();
    const list = await within(dialog).findByRole("list", { name: "Changes, newest first" });
    const [item] = within(list).getAllByRole("listitem");
    expect(item!.textContent).toContain("Hugo Host");
    expect(item!.textContent).toContain("Jan 8, 2027, 10:30 AM EST");
    expect(item!.textContent).toContain("Coach: 09:00 AM → 10:00 AM EST");
    expect(item!.textContent).toContain("From Jan 10, 2027, 09:00 AM EST →  to Jan 10, 2027, 10:00 AM EST");
  });

  it("lists an organiser's own edits too: a rename with old → new, and 'Cover image changed' without values", async () => {
    historyServer({
      "": [
        change(4, { field: "name", text: "Renamed: “Coach” → “Coach to the lake”", from: "Coach", to: "Coach to the lake" }),
        change(3, {
          subjectType: "experience",
          field: "image",
          label: "Lake weekend",
          dayId: null,
          text: "Cover image changed",
          from: null,
          to: null,
        }),
      ],
    });
    const dialog = open();
    const list = await within(dialog).findByRole("list", { name: "Changes, newest first" });
    const [rename, cover] = within(list).getAllByRole("listitem");
    expect(rename!.textContent).toContain("Renamed: “Coach” → “Coach to the lake”");
    expect(rename!.textContent).toContain("From Coach →  to Coach to the lake");
    expect(cover!.textContent).toContain("Cover image changed");
    expect(cover!.textContent).not.toContain("From");
  });

  it("shows old and new values as written, even one that reads like the message's own markup", async () => {
    historyServer({ "": [change(5, { field: "name", text: "Renamed", from: "<1>Coach</1>", to: "Bus <0/>" })] });
    const dialog = open();
    const list = await within(dialog).findByRole("list", { name: "Changes, newest first" });
    expect(within(list).getByRole("listitem").textContent).toContain("From <1>Coach</1> →  to Bus <0/>");
  });

  it("filters by day and by person, and says 'No changes match these filters' when none do", async () => {
    const asked = historyServer({
      "": [change(3), change(2, { person: olga, dayId: "d2", label: "Boat", text: "Boat moved" })],
      "d2|": [change(2, { person: olga, text: "Boat moved" })],
    });
    const dialog = open();
    await within(dialog).findByText("Coach: 09:00 AM → 10:00 AM EST");
    fireEvent.change(within(dialog).getByRole("combobox", { name: "Day" }), { target: { value: "d2" } });
    await waitFor(() => expect(within(dialog).queryByText("Coach: 09:00 AM → 10:00 AM EST")).toBeNull());
    expect(within(dialog).getByText("Boat moved")).toBeTruthy();
    fireEvent.change(within(dialog).getByRole("combobox", { name: "Person" }), { target: { value: "g1" } });
    expect(await within(dialog).findByText("No changes match these filters")).toBeTruthy();
    expect(asked.map((query) => [query.day, query.person])).toEqual([
      [undefined, undefined],
      ["d2", undefined],
      ["d2", "g1"],
    ]);
    expect(
      within(within(dialog).getByRole("combobox", { name: "Day" }))
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["All days", "Sun, Jan 10 · Arrival", "Mon, Jan 11 · Lake"]);
  });

  it("shows older changes on 'Show older changes', with the cursor the page before gave", async () => {
    const asked = historyServer({ "": [change(9)], "9": [change(4, { text: "Older move" })] }, { "": 9 });
    const dialog = open();
    fireEvent.click(await within(dialog).findByRole("button", { name: "Show older changes" }));
    expect(await within(dialog).findByText("Older move")).toBeTruthy();
    expect(asked.at(-1)).toEqual({ cursor: "9" });
    expect(within(dialog).queryByRole("button", { name: "Show older changes" })).toBeNull();
  });

  it("closes on Escape and gives focus back to 'History'", async () => {
    historyServer({ "": [] });
    const dialog = open();
    expect(await within(dialog).findByText("No changes yet")).toBeTruthy();
    fireEvent.keyDown(dialog, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "History" }));
  });
});
