import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { describe, expect, it, vi } from "vitest";
import { MESSAGES } from "@worker/features/events/events.schema";
import { addDays, localDate, startOfLocalDay } from "@worker/shared/time-zone";
import { anEvent } from "@web/test/fixtures";
import { refuse, server } from "@web/test/server";
import { DetailsForm } from "./details-form";

const OUTSIDE = "'Dinner at Ramiro' (Day 3) would fall outside the new dates. Move or delete it first.";
const day = (days: number) => addDays(localDate(Date.now(), "UTC"), days);
// Days 10, 11 and 12 from today: the end is the midnight after the last day.
const event = anEvent({
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
    expect(screen.getByText(MESSAGES.startNotPast)).toBeTruthy();
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
