import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { describe, expect, it } from "vitest";
import type { ProgramView } from "@worker/features/itinerary/itinerary.schema";
import { Toaster } from "@web/components/ui/toast";
import { aDay, anEvent } from "@web/test/fixtures";
import { refuse, server } from "@web/test/server";
import { ItineraryEditor } from "./itinerary-editor";

const threeDays = [0, 1, 2].map((i) => aDay({ id: `d${i + 1}`, dayIndex: i, date: `2027-03-${12 + i}`, name: `Day ${i + 1}` }));

function renderEditor(programs: ProgramView[] = threeDays) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ItineraryEditor event={anEvent({ programs })} manage />
      <Toaster />
    </QueryClientProvider>,
  );
}

const daysPane = () => screen.getByRole("region", { name: "Days" });

describe("Add day (manage mode)", () => {
  it("adds the next day after the last one and says 'Day added successfully'", async () => {
    let calls = 0;
    server.use(
      http.post<PathParams, never, ProgramView>("/api/events/ev1/programs", () => {
        calls++;
        return HttpResponse.json(aDay({ id: "d4", dayIndex: 3, date: "2027-03-15", name: "Day 4" }), { status: 201 });
      }),
    );
    renderEditor();
    fireEvent.click(within(daysPane()).getByRole("button", { name: "Add day" }));
    expect(await screen.findByText("Day added successfully")).toBeTruthy();
    expect(calls).toBe(1);
  });

  it("shows the server's reason when the day would be more than a year ahead", async () => {
    server.use(http.post("/api/events/ev1/programs", () => refuse(400, "Experience date range is at most 1 year ahead")));
    renderEditor();
    fireEvent.click(within(daysPane()).getByRole("button", { name: "Add day" }));
    expect(await screen.findByText("Experience date range is at most 1 year ahead")).toBeTruthy();
  });
});

describe("day controls", () => {
  it("names Copy and Delete after their day, and offers no Delete for an experience's only day", () => {
    renderEditor([threeDays[0]!]);
    expect(within(daysPane()).getByRole("button", { name: "Copy Day 1" })).toBeTruthy();
    expect(within(daysPane()).queryByRole("button", { name: "Delete Day 1" })).toBeNull();
  });

  it("saves an emptied day subtitle as empty and confirms with 'Day updated successfully'", async () => {
    const sent: unknown[] = [];
    server.use(
      http.put<PathParams, Record<string, unknown>, ProgramView>("/api/events/ev1/programs/day1", async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(aDay({ subtitle: "" }));
      }),
    );
    renderEditor([aDay({ subtitle: "Old town" })]);
    const subtitle = screen.getByLabelText("Day subtitle");
    fireEvent.change(subtitle, { target: { value: "" } });
    fireEvent.blur(subtitle);
    expect(await screen.findByText("Day updated successfully")).toBeTruthy();
    expect(sent).toEqual([{ subtitle: "" }]);
  });
});

describe("reorder mode is the day list itself", () => {
  it("turns the list into draggable days with Move up and Move down, and saves the new order", async () => {
    const sent: unknown[] = [];
    server.use(
      http.post<PathParams, { programIds: string[] }, ProgramView[]>("/api/events/ev1/programs/reorder", async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(threeDays);
      }),
    );
    renderEditor();
    fireEvent.click(screen.getByRole("button", { name: "Reorder days" }));
    const list = await within(daysPane()).findByRole("list", { name: "Days in their new order" });
    expect(within(list).getAllByRole("button", { name: /^Drag Day/ })).toHaveLength(3);
    expect(within(daysPane()).queryByRole("button", { name: "Add day" })).toBeNull();

    const up = within(list).getByRole("button", { name: "Move Day 2 up" });
    up.focus();
    fireEvent.click(up);
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining("Day 2"), expect.stringContaining("Day 1"), expect.stringContaining("Day 3")]);
    // Day 2 reached the top: focus moves to its other arrow instead of a disabled one.
    expect(document.activeElement).toBe(within(list).getByRole("button", { name: "Move Day 2 down" }));
    expect(screen.getByText("\u2068Day 2\u2069 moved to position 1 of 3.").getAttribute("role")).toBe("status");
    // The places keep their dates: the first place is still 12 March.
    expect(within(list).getAllByRole("listitem")[0]!.textContent).toContain("Day 1 · Fri, Mar 12");

    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Day order updated")).toBeTruthy();
    expect(sent).toEqual([{ programIds: ["d2", "d1", "d3"] }]);
    await waitFor(() => expect(within(daysPane()).queryByRole("list", { name: "Days in their new order" })).toBeNull());
  });
});
