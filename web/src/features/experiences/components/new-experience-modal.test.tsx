import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DAY_MS, isoDate, MAX_EXPERIENCE_DAYS, MESSAGES, type EventSummary } from "../../../../../worker/features/events/events.schema";
import { toast } from "../../../components/ui/toast";
import { localToday } from "../../../lib/dates";
import { refuse, server, type ErrorBody } from "../../../test/server";
import { exclusiveEnd, NewExperienceModal } from "./new-experience-modal";

/** The fields of each New Experience form the server received. */
function answer(reply: (fields: Record<string, FormDataEntryValue>) => Response) {
  const received: Record<string, FormDataEntryValue>[] = [];
  server.use(
    http.post<PathParams, never, EventSummary | ErrorBody>("/api/events", async ({ request }) => {
      const fields = Object.fromEntries(await request.formData());
      received.push(fields);
      return reply(fields);
    }),
  );
  return received;
}

const created = (fields: Record<string, FormDataEntryValue>) =>
  HttpResponse.json<EventSummary>(
    { id: "ev9", name: String(fields.name), startTime: String(fields.startIsoTime), endTime: String(fields.endIsoTime), privacy: "PUBLIC", rsvpType: "OPEN_INVITE" },
    { status: 201 },
  );

function openModal() {
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <NewExperienceModal onClose={onClose} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onClose;
}

const nameBox = () => screen.getByLabelText("Name");

/** The date `days` after the person's today, as a date input holds it. */
const daysFromToday = (days: number) => isoDate(Date.parse(`${localToday()}T00:00:00Z`) + days * DAY_MS);

/** Fills a valid name and the given dates (the end input ignores an end before the start), then presses Create. */
function createWithDates(start: string, end = start) {
  fireEvent.change(nameBox(), { target: { value: "Lisbon retreat" } });
  fireEvent.change(screen.getByLabelText("Start date"), { target: { value: start } });
  fireEvent.change(screen.getByLabelText("End date"), { target: { value: end } });
  fireEvent.click(screen.getByRole("button", { name: "Create" }));
}

afterEach(() => vi.restoreAllMocks());

describe("New Experience", () => {
  it("asks 'Name is required', and 'Name is too long' past 200 characters, without calling the server", () => {
    const received = answer(created);
    openModal();
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    expect(screen.getByText(MESSAGES.nameRequired)).toBeTruthy();
    fireEvent.change(nameBox(), { target: { value: "L".repeat(201) } });
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    expect(screen.getByText("Name is too long")).toBeTruthy();
    expect(received).toHaveLength(0);
  });

  it("asks 'Start date is required' when the start date is cleared, without calling the server", () => {
    const received = answer(created);
    openModal();
    createWithDates("");
    expect(screen.getByText("Start date is required")).toBeTruthy();
    expect(received).toHaveLength(0);
  });

  // Three days back is before today in every time zone, including the server's UTC-12 allowance.
  it("asks 'Start date must be today or later' for a start date typed in the past, without calling the server", () => {
    const received = answer(created);
    openModal();
    createWithDates(daysFromToday(-3));
    expect(screen.getByText(MESSAGES.startNotPast)).toBeTruthy();
    expect(received).toHaveLength(0);
  });

  it(`asks '${MESSAGES.tooManyDays}' for ${MAX_EXPERIENCE_DAYS + 1} days, without calling the server`, () => {
    const received = answer(created);
    openModal();
    createWithDates(localToday(), daysFromToday(MAX_EXPERIENCE_DAYS));
    expect(screen.getByText(MESSAGES.tooManyDays)).toBeTruthy();
    expect(received).toHaveLength(0);
  });

  it(`asks '${MESSAGES.atMostOneYear}' for a last day more than a year ahead, without calling the server`, () => {
    const received = answer(created);
    openModal();
    createWithDates(daysFromToday(300), daysFromToday(400));
    expect(screen.getByText(MESSAGES.atMostOneYear)).toBeTruthy();
    expect(received).toHaveLength(0);
  });

  it("sends the form the route reads, says 'Experience Created' and closes", async () => {
    const received = answer(created);
    const success = vi.spyOn(toast, "success");
    const onClose = openModal();
    fireEvent.change(nameBox(), { target: { value: "  Lisbon retreat " } });
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const today = localToday();
    expect(received).toEqual([
      expect.objectContaining({ name: "Lisbon retreat", startIsoTime: `${today}T00:00:00.000Z`, endIsoTime: exclusiveEnd(today), privacy: "PUBLIC", rsvpType: "OPEN_INVITE", isAIMode: "true" }),
    ]);
    expect(success).toHaveBeenCalledWith("Experience Created");
  });

  it("shows the server's reason a creation is refused and stays open", async () => {
    answer(() => refuse(400, MESSAGES.atMostOneYear));
    const onClose = openModal();
    fireEvent.change(nameBox(), { target: { value: "Lisbon retreat" } });
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    expect(await screen.findByText(MESSAGES.atMostOneYear)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
