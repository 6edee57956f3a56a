import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse, type PathParams, delay } from "msw";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it, vi, afterEach } from "vitest";
import { anExperience } from "@web/test/fixtures";
import { refuse, server } from "@web/test/server";
import { EXPERIENCE_MESSAGES, type ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import { addDays, localDate, startOfLocalDay } from "@worker/shared/time-zone";
import { CloneDialog } from "./clone-dialog";
import { DetailsForm } from "./details-form";
import { renderSettingsPanel } from "./settings-panel.test-support";

afterEach(() => vi.useRealTimers());

const OUTSIDE = "'Dinner at Ramiro' (Day 3) would fall outside the new dates. Move or delete it first.";
const day = (days: number) => addDays(localDate(Date.now(), "UTC"), days);
// Days 10, 11 and 12 from today: the end is the midnight after the last day.
const event = anExperience({
  subtitle: "By the sea",
  description: "Tiles.",
  startTime: `${day(10)}T00:00:00.000Z`,
  endTime: `${day(13)}T00:00:00.000Z`,
});

function openForm(reply: () => Response = () => HttpResponse.json({})) {
  const received: unknown[] = [];
  server.use(
    http.put<PathParams>("/api/events/ev1", async ({ request }) => {
      received.push(await request.json());
      return reply();
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DetailsForm event={event} />
    </QueryClientProvider>,
  );
  return received;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole("button", { name: "Save details" }));

describe("the experience's details in Settings", () => {
  it("shows the dates as the first and last day, and sends only what changed: a cleared subtitle and a later end", async () => {
    const received = openForm();
    expect([field("Start date").value, field("End date").value]).toEqual([day(10), day(12)]);
    fireEvent.change(field("Subtitle (optional)"), { target: { value: "" } });
    fireEvent.change(field("End date"), { target: { value: day(14) } });
    save();
    await waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]).toEqual({ subtitle: "", endIsoTime: day(15), base: { subtitle: "By the sea" } });
  });

  it("moves the end along with a new start, keeping the length, and sends both as plain local dates (the end exclusive)", async () => {
    const received = openForm();
    fireEvent.change(field("Start date"), { target: { value: day(20) } });
    expect(field("End date").value).toBe(day(22));
    save();
    await waitFor(() => expect(received).toEqual([{ startIsoTime: day(20), endIsoTime: day(23) }]));
  });

  it("shows a Tokyo experience's first and last days as Tokyo's dates, not UTC's (its midnights are 15:00Z the day before)", () => {
    const tokyo = { startTime: new Date(startOfLocalDay("2027-03-12", "Asia/Tokyo")).toISOString(), timeZone: "Asia/Tokyo" };
    const endTime = new Date(startOfLocalDay("2027-03-15", "Asia/Tokyo")).toISOString();
    expect(tokyo.startTime).toBe("2027-03-11T15:00:00.000Z");
    render(
      <QueryClientProvider client={new QueryClient()}>
        <DetailsForm event={{ ...event, ...tokyo, endTime }} />
      </QueryClientProvider>,
    );
    expect([field("Start date").value, field("End date").value]).toEqual(["2027-03-12", "2027-03-14"]);
  });

  it("refuses a start moved into the past on the focused field, without calling the server", () => {
    Element.prototype.scrollIntoView = vi.fn();
    const received = openForm();
    fireEvent.change(field("Start date"), { target: { value: day(-3) } });
    save();
    expect(screen.getByText(EXPERIENCE_MESSAGES.startNotPast)).toBeTruthy();
    expect(document.activeElement).toBe(field("Start date"));
    expect(received).toEqual([]);
  });

  it("shows the server's reason a shorter range is refused, naming the activity", async () => {
    Element.prototype.scrollIntoView = vi.fn();
    openForm(() => refuse(409, OUTSIDE));
    fireEvent.change(field("End date"), { target: { value: day(11) } });
    save();
    expect((await screen.findByRole("alert")).textContent).toBe(OUTSIDE);
  });
});

describe("the experience's details with another organiser editing too", () => {
  const CHANGED = "Someone else changed this while you were editing";
  const conflictOnce = () => {
    let calls = 0;
    return () =>
      ++calls === 1 ? HttpResponse.json({ error: CHANGED, current: { name: "Lisbon weekend" } }, { status: 409 }) : HttpResponse.json({});
  };

  it("shows theirs and yours when the rename meets theirs; 'Keep theirs' puts their name in the field and saves nothing", async () => {
    const received = openForm(conflictOnce());
    fireEvent.change(field("Name"), { target: { value: "Porto weekend" } });
    save();
    const dialog = await screen.findByRole("dialog", { name: "Changed while you were editing" });
    expect(received[0]).toEqual({ name: "Porto weekend", base: { name: event.name } });
    expect(dialog.textContent).toContain(CHANGED);
    expect(dialog.textContent).toContain("TheirsLisbon weekend");
    expect(dialog.textContent).toContain("YoursPorto weekend");
    fireEvent.click(screen.getByRole("button", { name: "Keep theirs" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(field("Name").value).toBe("Lisbon weekend");
    expect(received).toHaveLength(1);
  });

  it("'Use mine' saves again over their name", async () => {
    const received = openForm(conflictOnce());
    fireEvent.change(field("Name"), { target: { value: "Porto weekend" } });
    save();
    await screen.findByRole("dialog", { name: "Changed while you were editing" });
    fireEvent.click(screen.getByRole("button", { name: "Use mine" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(received[1]).toEqual({ name: "Porto weekend", base: { name: "Lisbon weekend" } });
  });
});

const daysFromToday = (days: number) => addDays(localDate(Date.now(), "UTC"), days);

function openDialog(timeZone = "UTC") {
  const received: unknown[] = [];
  server.use(
    http.post<PathParams>("/api/events/ev1/clone", async ({ request }) => {
      received.push(await request.json());
      return HttpResponse.json(
        { id: "ev2", name: "Copy", startTime: "2099-01-01T00:00:00.000Z", endTime: "2099-01-02T00:00:00.000Z", privacy: "PUBLIC" },
        { status: 201 },
      );
    }),
  );
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <CloneDialog eventId="ev1" experienceName="Douro Valley" initialPrivacy="PUBLIC" timeZone={timeZone} onClose={onClose} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { received, onClose, date: screen.getByLabelText("Start date") as HTMLInputElement };
}

describe("Clone experience", () => {
  it("keeps a typed past date and says 'Clone date must be today or later' on the focused field, without calling the server", () => {
    Element.prototype.scrollIntoView = vi.fn();
    const { received, date } = openDialog();
    fireEvent.change(date, { target: { value: daysFromToday(-3) } });
    expect(date.value).toBe(daysFromToday(-3));
    fireEvent.click(screen.getByRole("button", { name: "Clone" }));
    expect(screen.getByText(EXPERIENCE_MESSAGES.cloneNotPast)).toBeTruthy();
    expect(document.activeElement).toBe(date);
    expect(received).toEqual([]);
  });

  it("sends a typed future date as the copy's first day, a plain local date the server reads in the experience's zone", async () => {
    const { received, onClose, date } = openDialog();
    fireEvent.change(date, { target: { value: daysFromToday(30) } });
    fireEvent.click(screen.getByRole("button", { name: "Clone" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(received).toEqual([{ startDateTime: daysFromToday(30), privacy: "PUBLIC", name: "Douro Valley (copy)" }]);
  });

  it("offers the name 'Douro Valley (copy)', sends the one typed, and refuses an empty one with 'Name is required'", async () => {
    const { received, onClose } = openDialog();
    const name = screen.getByLabelText("Name") as HTMLInputElement;
    expect(name.value).toBe("Douro Valley (copy)");
    fireEvent.change(name, { target: { value: " " } });
    fireEvent.click(screen.getByRole("button", { name: "Clone" }));
    expect(screen.getByText(EXPERIENCE_MESSAGES.nameRequired)).toBeTruthy();
    expect(document.activeElement).toBe(name);
    expect(received).toEqual([]);
    fireEvent.change(name, { target: { value: "Douro Valley 2027" } });
    fireEvent.click(screen.getByRole("button", { name: "Clone" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(received).toEqual([{ startDateTime: daysFromToday(0), privacy: "PUBLIC", name: "Douro Valley 2027" }]);
  });

  it("judges 'today' on the experience's clock: at 20:00Z on Mar 12 a Tokyo experience (already Mar 13 there) refuses Mar 12", () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.parse("2027-03-12T20:00:00Z") });
    const tokyo = openDialog("Asia/Tokyo");
    expect(tokyo.date.value).toBe("2027-03-13");
    fireEvent.change(tokyo.date, { target: { value: "2027-03-12" } });
    fireEvent.click(screen.getByRole("button", { name: "Clone" }));
    expect(screen.getByText(EXPERIENCE_MESSAGES.cloneNotPast)).toBeTruthy();
    expect(tokyo.received).toEqual([]);
  });

  it("shows the server's refusal in the dialog", async () => {
    const { date } = openDialog();
    server.use(http.post("/api/events/ev1/clone", () => refuse(400, EXPERIENCE_MESSAGES.atMostOneYear)));
    fireEvent.change(date, { target: { value: daysFromToday(2) } });
    fireEvent.click(screen.getByRole("button", { name: "Clone" }));
    expect((await screen.findByRole("alert")).textContent).toBe(EXPERIENCE_MESSAGES.atMostOneYear);
  });
});

/**
 * The server as the panel meets it: each save lands when its reply is sent, and the first save of a test is the
 * slowest, so two saves sent at once would land in the wrong order.
 */
function openSettings({ refuseFrom = Infinity } = {}) {
  let stored: ExperienceDetail = anExperience({ isOwner: true, privacy: "PUBLIC", rsvpType: "OPEN" });
  const received: unknown[] = [];
  server.use(
    http.get<PathParams>("/api/events/ev1", () => HttpResponse.json(stored)),
    http.put<PathParams>("/api/events/ev1", async ({ request }) => {
      const change = (await request.json()) as Partial<ExperienceDetail>;
      const nth = received.push(change);
      await delay(nth === 1 ? 150 : 5);
      if (nth >= refuseFrom) return refuse(409, "This experience was changed by someone else. Please try again.");
      stored = { ...stored, ...change };
      return HttpResponse.json({});
    }),
  );
  renderSettingsPanel(stored);
  return { received, stored: () => stored };
}

/** What an arrow key does in a radio group: checks the next choice. */
const step = (name: string) => fireEvent.click(screen.getByRole("radio", { name }));
/** The next step comes while the first save is still on its way. */
const whileSaving = (received: unknown[]) => waitFor(() => expect(received).toHaveLength(1), { interval: 5 });
const checked = () => (screen.getAllByRole("radio") as HTMLInputElement[]).filter((r) => r.checked).map((r) => r.value);
const toasts = (text: string) => screen.queryAllByText(text).length;

describe("Settings' choices, saved as they are made", () => {
  it("arrowing from Open two steps to Invite only leaves the server on Invite only, with one toast 'Event updated successfully.'", async () => {
    const { received, stored } = openSettings();
    step("Request to join");
    await whileSaving(received);
    step("Invite only");
    await waitFor(() => expect(received).toHaveLength(2));
    await waitFor(() => expect(stored().rsvpType).toBe("INVITE_ONLY"));
    expect(received).toEqual([{ rsvpType: "OPEN_INVITE" }, { rsvpType: "INVITE_ONLY" }]);
    await waitFor(() => expect(toasts("Event updated successfully.")).toBe(1));
    expect(checked()).toEqual(["PUBLIC", "INVITE_ONLY"]);
  });

  it("keeps the radios on the latest choice while an earlier step is saved, and never sends a step already overtaken", async () => {
    const { received, stored } = openSettings();
    step("Request to join");
    await whileSaving(received);
    step("Invite only");
    step("Private");
    step("Open");
    expect(checked()).toEqual(["PRIVATE", "OPEN"]);
    await waitFor(() => expect(received).toHaveLength(2));
    expect(checked()).toEqual(["PRIVATE", "OPEN"]);
    expect(received).toEqual([{ rsvpType: "OPEN_INVITE" }, { rsvpType: "OPEN", privacy: "PRIVATE" }]);
    await waitFor(() => expect(toasts("Event updated successfully.")).toBe(1));
    expect(stored()).toMatchObject({ rsvpType: "OPEN", privacy: "PRIVATE" });
    expect(received).toHaveLength(2);
  });

  it("puts the radios back on what the server holds, with one 'Failed to update event.', when it refuses a save", async () => {
    const { received } = openSettings({ refuseFrom: 2 });
    step("Request to join");
    await whileSaving(received);
    step("Invite only");
    await waitFor(() => expect(toasts("Failed to update event.")).toBe(1));
    await waitFor(() => expect(checked()).toEqual(["PUBLIC", "OPEN_INVITE"]));
    expect(toasts("Event updated successfully.")).toBe(0);
  });
});
