import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "@web/components/ui/toast";
import { presenceSender } from "@web/hooks/use-presence";
import { aDay, anActivity, anExperience } from "@web/test/fixtures";
import { refuse, server } from "@web/test/server";
import type { AppConfig } from "@worker/features/config/config.schema";
import type { ActivityView } from "@worker/shared/itinerary.schema";
import { ActivityEditor } from "./activity-editor";

// January 2027: New York is on EST (UTC−5). The experience runs Jan 10–15 there.
const event = anExperience({ timeZone: "America/New_York", startTime: "2027-01-10T05:00:00.000Z", endTime: "2027-01-16T05:00:00.000Z" });
const day = aDay({ date: "2027-01-12" });
const breakfast = anActivity({
  name: "Breakfast",
  timeZone: "America/New_York",
  startDateTime: "2027-01-12T14:00:00.000Z",
  endDateTime: "2027-01-12T15:00:00.000Z",
});

/** The editor of `activity`; answers every PUT as `reply` says and records what it was sent. */
function openEditor(activity: ActivityView = breakfast, reply: () => Response = () => HttpResponse.json(activity)) {
  const sent: unknown[] = [];
  server.use(
    http.get<PathParams, never, AppConfig>("/oapi/config", () =>
      HttpResponse.json({ googleClientId: null, imageSearch: false, places: false, pushPublicKey: "test-key" }),
    ),
    http.put<PathParams>("/api/events/ev1/programs/day1/activity/a1", async ({ request }) => {
      sent.push(await request.json());
      return reply();
    }),
    http.get("/api/events/ev1", () => HttpResponse.json(event)),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ActivityEditor event={event} day={day} activity={activity} />
      <Toaster />
    </QueryClientProvider>,
  );
  return sent;
}

const box = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

beforeEach(() => vi.useFakeTimers({ toFake: ["Date"], now: Date.parse("2027-01-01T12:00:00Z") }));
afterEach(() => vi.useRealTimers());

describe("the activity editor works on the activity's clock", () => {
  it("shows a New York activity at 09:00 with 'Times in New York time (EST)', and sends a new start as '2027-01-12T10:00'", async () => {
    const sent = openEditor();
    expect([box("Start time").value, box("End time").value]).toEqual(["09:00", "10:00"]);
    expect(screen.getByText(/^Times in New York time \(EST\)/)).toBeTruthy();
    fireEvent.change(box("Start time"), { target: { value: "10:00" } });
    fireEvent.blur(box("Start time"));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          startIsoTime: "2027-01-12T10:00",
          endIsoTime: "2027-01-12T11:00",
          base: { startIsoTime: "2027-01-12T14:00:00.000Z", endIsoTime: "2027-01-12T15:00:00.000Z" },
        },
      ]),
    );
  });

  it("shows the server's refusal of a time under the times, in its words, with the 'Failed to update activity' toast", async () => {
    const words = "Activity times must be within the experience dates";
    openEditor(breakfast, () => refuse(400, words));
    fireEvent.change(box("End time"), { target: { value: "11:00" } });
    fireEvent.blur(box("End time"));
    expect((await screen.findByText(words)).getAttribute("role")).toBe("alert");
    expect(screen.getByText("Failed to update activity")).toBeTruthy();
  });

  it("gives the activity a zone of its own from the list: 09:00 stays 09:00, sent with the zone", async () => {
    const sent = openEditor();
    const zone = screen.getByLabelText("Time zone (optional)");
    expect(zone.getAttribute("placeholder")).toBe("Same as the experience (New York)");
    fireEvent.change(zone, { target: { value: "Asia/Tokyo" } });
    await waitFor(() =>
      expect(sent).toEqual([{ timeZone: "Asia/Tokyo", startIsoTime: "2027-01-12T09:00", endIsoTime: "2027-01-12T10:00" }]),
    );
  });

  it("says beside its time that an activity keeps a zone of its own, and emptying the zone follows the experience again", async () => {
    const flight = anActivity({
      name: "Landing",
      timeZone: "Asia/Tokyo",
      hasOwnTimeZone: true,
      startDateTime: "2027-01-12T00:00:00.000Z",
      endDateTime: "2027-01-12T01:00:00.000Z",
    });
    const sent = openEditor(flight);
    expect([box("Start time").value, box("End time").value]).toEqual(["09:00", "10:00"]);
    expect(screen.getByText(/^Times in Tokyo time · its own zone, not the experience's \(New York\)/)).toBeTruthy();
    const zone = screen.getByLabelText<HTMLInputElement>("Time zone (optional)");
    expect(zone.value).toBe("Asia/Tokyo");
    fireEvent.change(zone, { target: { value: "" } });
    fireEvent.blur(zone);
    await waitFor(() => expect(sent).toEqual([{ timeZone: null, startIsoTime: "2027-01-12T09:00", endIsoTime: "2027-01-12T10:00" }]));
  });

  it("refuses a time the clocks skip where it is typed, sending nothing", () => {
    const march = anExperience({
      timeZone: "America/New_York",
      startTime: "2027-03-10T05:00:00.000Z",
      endTime: "2027-03-20T04:00:00.000Z",
    });
    const sent: unknown[] = [];
    server.use(
      http.get<PathParams, never, AppConfig>("/oapi/config", () =>
        HttpResponse.json({ googleClientId: null, imageSearch: false, places: false, pushPublicKey: "test-key" }),
      ),
      http.put(
        "/api/events/ev1/programs/day1/activity/a1",
        async ({ request }) => (sent.push(await request.json()), HttpResponse.json({})),
      ),
    );
    const early = anActivity({
      timeZone: "America/New_York",
      startDateTime: "2027-03-14T06:00:00.000Z",
      endDateTime: "2027-03-14T08:00:00.000Z",
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ActivityEditor event={march} day={aDay({ date: "2027-03-14" })} activity={early} />
      </QueryClientProvider>,
    );
    fireEvent.change(box("End time"), { target: { value: "02:30" } });
    fireEvent.blur(box("End time"));
    expect(screen.getByText("2:30 AM does not exist on Mar 14, 2027 in New York: clocks go forward")).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("offers the activity alone as a calendar file", () => {
    openEditor();
    expect(screen.getByRole("link", { name: "Add to calendar" }).getAttribute("href")).toBe(
      "/oapi/itinerary/ev1/activities/a1/calendar.ics",
    );
  });
});

describe("the activity editor with another organiser editing too", () => {
  const CHANGED = "Hal Host changed this while you were editing";
  const conflictThenSave = () => {
    let calls = 0;
    return () =>
      ++calls === 1
        ? HttpResponse.json({ error: CHANGED, current: { name: "River walk" } }, { status: 409 })
        : HttpResponse.json(breakfast);
  };
  const rename = (name: string) => {
    fireEvent.focus(box("Activity name"));
    fireEvent.change(box("Activity name"), { target: { value: name } });
    fireEvent.blur(box("Activity name"));
  };

  it("tells the room it edits this activity while open, and that it stopped once closed", () => {
    const said: string[] = [];
    presenceSender("ev1", (data) => said.push(data));
    const { unmount } = render(
      <QueryClientProvider client={new QueryClient()}>
        <ActivityEditor event={event} day={day} activity={breakfast} />
      </QueryClientProvider>,
    );
    expect(said.map((data) => JSON.parse(data))).toEqual([{ type: "editing", activityId: "a1" }]);
    unmount();
    expect(JSON.parse(said.at(-1)!)).toEqual({ type: "editing", activityId: null });
    presenceSender("ev1", null);
  });

  it("sends the name it started from, and shows theirs and yours when the save meets their change; 'Use mine' saves over theirs", async () => {
    const sent = openEditor(breakfast, conflictThenSave());
    rename("Morning walk");
    const dialog = await screen.findByRole("dialog", { name: "Changed while you were editing" });
    expect(sent[0]).toEqual({ name: "Morning walk", base: { name: "Breakfast" } });
    expect(dialog.textContent).toContain(CHANGED);
    expect(dialog.textContent).toContain("TheirsRiver walk");
    expect(dialog.textContent).toContain("YoursMorning walk");

    fireEvent.click(screen.getByRole("button", { name: "Use mine" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent[1]).toEqual({ name: "Morning walk", base: { name: "River walk" } });
  });

  it("closes on 'Keep theirs' without saving again", async () => {
    const sent = openEditor(breakfast, conflictThenSave());
    rename("Morning walk");
    await screen.findByRole("dialog", { name: "Changed while you were editing" });
    fireEvent.click(screen.getByRole("button", { name: "Keep theirs" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(sent).toHaveLength(1);
  });
});
