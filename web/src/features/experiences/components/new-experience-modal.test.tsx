import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { MemoryRouter, useLocation } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toast } from "@web/components/ui/toast";
import { experienceKeys } from "@web/lib/queries/query-keys";
import { refuse, server, type ErrorBody } from "@web/test/server";
import { readerIn } from "@web/test/viewer-zone";
import { type AiGenerator, GENERATION_MESSAGES, OFFLINE_AI_NOTE } from "@worker/features/ai/generator.schema";
import { MAX_EXPERIENCE_DAYS, EXPERIENCE_MESSAGES, type ExperienceSummary } from "@worker/features/experiences/experiences.schema";
import { addDays, localDate } from "@worker/shared/time-zone";
import { TIME_ZONE_MESSAGE } from "@worker/shared/time-zone.schema";
import { CANCELLED_GENERATION_SETTLES_MS } from "../api/create-experience";
import { GENERATION_STAGES } from "./generation-progress";
import { NewExperienceModal } from "./new-experience-modal";

/** The fields of each New Experience form the server received. */
function answer(reply: (fields: Record<string, FormDataEntryValue>) => Response) {
  const received: Record<string, FormDataEntryValue>[] = [];
  server.use(
    http.post<PathParams, never, ExperienceSummary | ErrorBody>("/api/events", async ({ request }) => {
      const fields = Object.fromEntries(await request.formData());
      received.push(fields);
      return reply(fields);
    }),
  );
  return received;
}

const created = (fields: Record<string, FormDataEntryValue>) =>
  HttpResponse.json<ExperienceSummary>(
    {
      id: "ev9",
      name: String(fields.name),
      startTime: String(fields.startIsoTime),
      endTime: String(fields.endIsoTime),
      timeZone: "UTC",
      privacy: "PUBLIC",
      rsvpType: "OPEN_INVITE",
    },
    { status: 201 },
  );

/** Where the app is: the modal navigates on success. */
function CurrentPath() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

function openModal(generator: AiGenerator = "offline") {
  // Which generator the server says builds itineraries.
  server.use(http.get<PathParams, never, { generator: AiGenerator }>("/api/ai", () => HttpResponse.json({ generator })));
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <NewExperienceModal onClose={onClose} />
        <CurrentPath />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onClose;
}

const nameBox = () => screen.getByLabelText("Name");

/** The date `days` after today in UTC (the reader's zone in these tests), as a date input holds it. */
const localToday = () => localDate(Date.now(), "UTC");
const daysFromToday = (days: number) => addDays(localToday(), days);

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
    expect(screen.getByText(EXPERIENCE_MESSAGES.nameRequired)).toBeTruthy();
    fireEvent.change(nameBox(), { target: { value: "L".repeat(201) } });
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    expect(screen.getByText("Name is too long")).toBeTruthy();
    expect(received).toHaveLength(0);
  });

  it("moves focus to the first invalid field on Create, scrolled into view (on a phone the name is above the fold)", () => {
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    answer(created);
    openModal();
    fireEvent.change(screen.getByLabelText("Start date"), { target: { value: daysFromToday(-3) } });
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    expect(document.activeElement).toBe(nameBox());
    expect(scroll.mock.contexts.at(-1)).toBe(nameBox());

    fireEvent.change(nameBox(), { target: { value: "Lisbon retreat" } });
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    expect(document.activeElement).toBe(screen.getByLabelText("Start date"));
  });

  it("names the choices in words with their meaning, never as enum values", () => {
    openModal();
    for (const name of ["Public", "Private", "Open", "Request to join", "Invite only"])
      expect(screen.getByRole("radio", { name })).toBeTruthy();
    expect(screen.getByRole("radio", { name: "Request to join" }).getAttribute("aria-describedby")).toBeTruthy();
    expect(screen.getByText("You approve each guest")).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/OPEN_INVITE|INVITE_ONLY|PUBLIC|PRIVATE/);
  });

  it("keeps an end date while it is typed, and puts back the last valid one if the field is left before the start", () => {
    openModal();
    const start = daysFromToday(10);
    fireEvent.change(screen.getByLabelText("Start date"), { target: { value: start } });
    const endBox = screen.getByLabelText("End date") as HTMLInputElement;
    fireEvent.change(endBox, { target: { value: daysFromToday(12) } });
    // Typing the year digit by digit passes through dates long before the start.
    fireEvent.change(endBox, { target: { value: "0002-01-01" } });
    expect(endBox.value).toBe("0002-01-01");
    fireEvent.blur(endBox);
    expect(endBox.value).toBe(daysFromToday(12));
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
    expect(screen.getByText(EXPERIENCE_MESSAGES.startNotPast)).toBeTruthy();
    expect(received).toHaveLength(0);
  });

  it(`asks '${EXPERIENCE_MESSAGES.tooManyDays}' for ${MAX_EXPERIENCE_DAYS + 1} days, without calling the server`, () => {
    const received = answer(created);
    openModal();
    createWithDates(localToday(), daysFromToday(MAX_EXPERIENCE_DAYS));
    expect(screen.getByText(EXPERIENCE_MESSAGES.tooManyDays)).toBeTruthy();
    expect(received).toHaveLength(0);
  });

  it(`asks '${EXPERIENCE_MESSAGES.atMostOneYear}' for a last day more than a year ahead, without calling the server`, () => {
    const received = answer(created);
    openModal();
    createWithDates(daysFromToday(300), daysFromToday(400));
    expect(screen.getByText(EXPERIENCE_MESSAGES.atMostOneYear)).toBeTruthy();
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
      expect.objectContaining({
        name: "Lisbon retreat",
        startIsoTime: today,
        endIsoTime: addDays(today, 1),
        timeZone: "UTC",
        privacy: "PUBLIC",
        rsvpType: "OPEN_INVITE",
        isAIMode: "true",
      }),
    ]);
    expect(success).toHaveBeenCalledWith("Experience Created");
  });

  it("starts the time zone at the reader's own (Los Angeles), and sends the one picked from the list with the local dates", async () => {
    readerIn("America/Los_Angeles");
    const received = answer(created);
    const onClose = openModal();
    const zone = screen.getByLabelText("Time zone") as HTMLInputElement;
    expect(zone.value).toBe("America/Los_Angeles");
    expect(screen.getByText(/Its days and times are in Los Angeles time \(P[SD]T\)\./)).toBeTruthy();
    fireEvent.change(zone, { target: { value: "Asia/Tokyo" } });
    expect(screen.getByText("Its days and times are in Tokyo time.")).toBeTruthy();
    createWithDates(daysFromToday(10), daysFromToday(12));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(received).toEqual([
      expect.objectContaining({ startIsoTime: daysFromToday(10), endIsoTime: daysFromToday(13), timeZone: "Asia/Tokyo" }),
    ]);
  });

  it(`refuses a typed name that is no zone with '${TIME_ZONE_MESSAGE}', without calling the server`, () => {
    const received = answer(created);
    openModal();
    const zone = screen.getByLabelText("Time zone");
    fireEvent.change(zone, { target: { value: "Mars/Olympus" } });
    fireEvent.blur(zone);
    expect(screen.getByText(TIME_ZONE_MESSAGE)).toBeTruthy();
    createWithDates(daysFromToday(10));
    expect(screen.getByText(TIME_ZONE_MESSAGE)).toBeTruthy();
    fireEvent.change(zone, { target: { value: "europe/lisbon" } });
    fireEvent.blur(zone);
    expect((zone as HTMLInputElement).value).toBe("Europe/Lisbon");
    expect(screen.queryByText(TIME_ZONE_MESSAGE)).toBeNull();
    expect(received).toHaveLength(0);
  });

  it("shows the server's reason a creation is refused and stays open", async () => {
    answer(() => refuse(400, EXPERIENCE_MESSAGES.atMostOneYear));
    const onClose = openModal();
    fireEvent.change(nameBox(), { target: { value: "Lisbon retreat" } });
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    expect(await screen.findByText(EXPERIENCE_MESSAGES.atMostOneYear)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});

/** Answers like `created`, but only once `release()` is called: a generation in progress. */
function answerWhenReleased() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const received: Record<string, FormDataEntryValue>[] = [];
  server.use(
    http.post<PathParams, never, ExperienceSummary>("/api/events", async ({ request }) => {
      const fields = Object.fromEntries(await request.formData());
      received.push(fields);
      await released;
      return created(fields);
    }),
  );
  return { received, release };
}

const agenda = () => new File(["%PDF-1.4 Day 1 09:00 Breakfast"], "agenda.pdf", { type: "application/pdf" });
const attach = (file: File) => fireEvent.change(screen.getByLabelText("Attachment (PDF)"), { target: { files: [file] } });
const stage = () => screen.getByRole("status").textContent;

describe("New Experience in AI mode", () => {
  it(`says '${OFFLINE_AI_NOTE}' where the AI runs offline, as the prompt's description`, async () => {
    openModal("offline");
    expect(await screen.findByRole("textbox", { name: "Prompt", description: OFFLINE_AI_NOTE })).toBeTruthy();
    fireEvent.click(screen.getByRole("switch", { name: "AI mode" }));
    expect(screen.queryByText(OFFLINE_AI_NOTE)).toBeNull();
  });

  it("says nothing of offline AI where Workers AI builds the itinerary", async () => {
    openModal("workers-ai");
    await waitFor(() => expect(screen.queryByText(OFFLINE_AI_NOTE)).toBeNull());
    expect(screen.getByRole("textbox", { name: "Prompt" }).getAttribute("aria-describedby")).toBeNull();
  });

  it(`asks '${GENERATION_MESSAGES.nothingToGenerateFrom}' when the prompt is cleared and no PDF is attached, without calling the server`, () => {
    const received = answer(created);
    openModal();
    fireEvent.change(nameBox(), { target: { value: "Lisbon retreat" } });
    fireEvent.change(screen.getByLabelText("Prompt"), { target: { value: "  " } });
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    expect(screen.getByText(GENERATION_MESSAGES.nothingToGenerateFrom)).toBeTruthy();
    expect(received).toHaveLength(0);
  });

  it(`refuses an image as the AI attachment with '${GENERATION_MESSAGES.onlyPdf}', and calls the prompt optional once a PDF is attached`, () => {
    openModal();
    attach(new File(["png"], "agenda.png", { type: "image/png" }));
    expect(screen.getByText(GENERATION_MESSAGES.onlyPdf)).toBeTruthy();
    expect(screen.getByLabelText("Prompt")).toBeTruthy();
    attach(agenda());
    expect(screen.queryByText(GENERATION_MESSAGES.onlyPdf)).toBeNull();
    expect(screen.getByText("agenda.pdf")).toBeTruthy();
    expect(screen.getByLabelText("Prompt (optional)")).toBeTruthy();
  });

  // Upload events are the browser's (the mock sends them only with its answer): the stages that follow are the progress component's tests.
  it("sends the PDF without a prompt, shows 'Uploading…' with Cancel while the server works, then opens the itinerary in manage mode", async () => {
    const { received, release } = answerWhenReleased();
    const success = vi.spyOn(toast, "success");
    const onClose = openModal();
    fireEvent.change(screen.getByLabelText("Prompt"), { target: { value: "" } });
    attach(agenda());
    createWithDates(daysFromToday(10), daysFromToday(11));

    await waitFor(() => expect(stage()).toBe(`${GENERATION_STAGES.uploading}0%`));
    expect(screen.getByRole("progressbar", { name: GENERATION_STAGES.uploading }).getAttribute("aria-valuenow")).toBe("0");
    expect(screen.getByRole("button", { name: "Cancel" })).toBeTruthy();
    expect(screen.queryByLabelText("Name")).toBeNull();
    await waitFor(() => expect(received).toHaveLength(1));

    release();
    await waitFor(() => expect(screen.getByTestId("path").textContent).toBe("/manage/experiences/upcoming/ev9/itinerary"));
    expect(onClose).toHaveBeenCalled();
    expect(success).toHaveBeenCalledWith("Experience Created");
    expect(received[0]).toMatchObject({ name: "Lisbon retreat", isAIMode: "true", file: expect.objectContaining({ name: "agenda.pdf" }) });
    expect(received[0]).not.toHaveProperty("prompt");
  });

  it("Cancel aborts the request and returns to the form as it was filled; an answer arriving anyway says and opens nothing", async () => {
    const { received, release } = answerWhenReleased();
    const abort = vi.spyOn(XMLHttpRequest.prototype, "abort");
    const success = vi.spyOn(toast, "success");
    const error = vi.spyOn(toast, "error");
    const onClose = openModal();
    attach(agenda());
    createWithDates(daysFromToday(10));
    await waitFor(() => expect(received).toHaveLength(1));

    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(abort).toHaveBeenCalled();
    expect(((await screen.findByLabelText("Name")) as HTMLInputElement).value).toBe("Lisbon retreat");
    expect(screen.getByText("agenda.pdf")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Create" })).toBeTruthy();

    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId("path").textContent).toBe("/");
    expect(onClose).not.toHaveBeenCalled();
    expect(success).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("reads the lists of experiences again after a cancel, now and once the generation would have ended, so an experience made anyway is not made twice", async () => {
    const { received, release } = answerWhenReleased();
    const invalidate = vi.spyOn(QueryClient.prototype, "invalidateQueries");
    const later = vi.spyOn(window, "setTimeout");
    openModal();
    attach(agenda());
    createWithDates(daysFromToday(10));
    await waitFor(() => expect(received).toHaveLength(1));
    later.mockClear();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));

    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: experienceKeys.all }));
    const settle = later.mock.calls.find(([, delay]) => delay === CANCELLED_GENERATION_SETTLES_MS);
    expect(settle).toBeDefined();
    invalidate.mockClear();
    (settle![0] as () => void)();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: experienceKeys.all });
    release();
  });

  it("closing the modal while generating aborts the request too", async () => {
    const { received, release } = answerWhenReleased();
    const abort = vi.spyOn(XMLHttpRequest.prototype, "abort");
    const onClose = openModal();
    createWithDates(daysFromToday(10));
    await waitFor(() => expect(received).toHaveLength(1));
    fireEvent.keyDown(document, { key: "Escape" });
    expect(onClose).toHaveBeenCalled();
    expect(abort).toHaveBeenCalled();
    release();
  });

  it("shows the server's reason a PDF is refused and returns to the form", async () => {
    answer(() => refuse(400, GENERATION_MESSAGES.pdfEncrypted));
    const onClose = openModal();
    attach(agenda());
    createWithDates(daysFromToday(10));
    expect(await screen.findByText(GENERATION_MESSAGES.pdfEncrypted)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Create" })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
