import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@web/components/ui/toast";
import { aDay, anActivity, anExperience } from "@web/test/fixtures";
import { refuse, server } from "@web/test/server";
import type { AppConfig } from "@worker/features/config/config.schema";
import { ACTIVITY_MESSAGES } from "@worker/features/experiences/activities.schema";
import type { ActivityTemplate } from "@worker/features/search/search.schema";
import type { ActivityView, DayView } from "@worker/shared/itinerary.schema";
import { AddActivityModal } from "./add-activity-modal";

// The template search has its own tests; here a button stands for picking the template under test.
const templates = vi.hoisted(() => ({ next: null as ActivityTemplate | null }));
vi.mock("./search-templates-modal", () => ({
  SearchTemplatesModal: ({ onSelect, onClose }: { onSelect: (t: ActivityTemplate) => void; onClose: () => void }) => (
    <button type="button" onClick={() => (onSelect(templates.next!), onClose())}>
      Use template
    </button>
  ),
}));

const at = (iso: string) => Date.parse(iso);
const event = anExperience({ id: "e1", startTime: "2027-03-01T00:00:00.000Z", endTime: "2027-04-01T00:00:00.000Z" });
const dayOn = (date: string): DayView => aDay({ id: "d1", eventId: "e1", date, name: "Day 1" });

/** The fields of each Add Activity form the server received. */
type Created = Record<string, FormDataEntryValue>[];

function open(date: string, now: string, experience = event) {
  vi.useFakeTimers({ now: at(now), shouldAdvanceTime: true });
  const create: Created = [];
  server.use(
    http.get<PathParams, never, AppConfig>("/oapi/config", () =>
      HttpResponse.json({ googleClientId: null, imageSearch: false, places: false, pushPublicKey: "test-key" }),
    ),
    // An uploaded template cover behind its signed link.
    http.get("/files/:key", () => new HttpResponse("png", { headers: { "Content-Type": "image/png" } })),
    http.post<PathParams, never, ActivityView>("/api/events/e1/programs/d1/activity", async ({ request }) => {
      const fields = Object.fromEntries(await request.formData());
      create.push(fields);
      return HttpResponse.json(anActivity({ eventId: "e1", programId: "d1", name: String(fields.name) }), { status: 201 });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AddActivityModal event={experience} day={dayOn(date)} onClose={() => {}} />
    </QueryClientProvider>,
  );
  return create;
}

const box = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const shownRange = () => [box("Start time").value, box("End time").value];
const typeTime = (label: "Start time" | "End time", text: string) => fireEvent.change(box(label), { target: { value: text } });

async function submit(create: Created) {
  fireEvent.change(box("Name"), { target: { value: "Harbour walk" } });
  fireEvent.change(screen.getByLabelText("Description"), { target: { value: "Along the river" } });
  fireEvent.click(screen.getByRole("button", { name: "Add Activity" }));
  await waitFor(() => expect(create).toHaveLength(1));
  return create[0]!;
}

describe("Add New Activity", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("proposes 09:00 to 10:00 of the chosen day, even when that day is past", async () => {
    const create = open("2027-03-08", "2027-03-10T14:10:00Z");
    expect(shownRange()).toEqual(["09:00", "10:00"]);
    expect(await submit(create)).toMatchObject({ startIsoTime: "2027-03-08T09:00", endIsoTime: "2027-03-08T10:00" });
  });

  it("refuses 'Activity times must be within the experience dates' on a day outside the experience, without calling the server", async () => {
    const create = open("2027-04-05", "2027-03-10T10:10:00Z");
    fireEvent.change(box("Name"), { target: { value: "Harbour walk" } });
    fireEvent.change(screen.getByLabelText("Description"), { target: { value: "Along the river" } });
    fireEvent.click(screen.getByRole("button", { name: "Add Activity" }));
    expect(await screen.findByText(ACTIVITY_MESSAGES.withinExperience)).toBeTruthy();
    expect(create).toHaveLength(0);
  });

  it("today, proposes the next half hour, one hour long", () => {
    open("2027-03-10", "2027-03-10T14:10:00Z");
    expect(shownRange()).toEqual(["14:30", "15:30"]);
  });

  it("late today, proposes 22:00 to 23:00 of that day, within the form's 23:00 cap", async () => {
    const create = open("2027-03-10", "2027-03-10T23:40:00Z");
    expect(shownRange()).toEqual(["22:00", "23:00"]);
    expect(await submit(create)).toMatchObject({ startIsoTime: "2027-03-10T22:00", endIsoTime: "2027-03-10T23:00" });
  });

  it("commits a time edit 950 ms after typing, and clears 'Start time cannot be in the past' once a valid time is entered", () => {
    open("2027-03-10", "2027-03-10T10:10:00Z");
    typeTime("Start time", "08:00");
    act(() => vi.advanceTimersByTime(900));
    expect(screen.queryByText("Start time cannot be in the past")).toBeNull();
    act(() => vi.advanceTimersByTime(50));
    expect(screen.getByText("Start time cannot be in the past")).toBeTruthy();
    typeTime("Start time", "12:00");
    act(() => vi.advanceTimersByTime(950));
    expect(screen.queryByText("Start time cannot be in the past")).toBeNull();
    expect(shownRange()).toEqual(["12:00", "13:00"]);
  });

  it("starts the location at the experience's venue, sent as the chosen place, and sends none when the box is cleared", async () => {
    const venue = { structuredFormat: { mainText: { text: "LX Factory" }, secondaryText: { text: "Rua Rodrigues de Faria 103" } } };
    const create = open("2027-03-12", "2027-03-10T10:10:00Z", { ...event, venue });
    expect(box("Location (optional)").value).toBe("LX Factory");
    expect((await submit(create)).location).toBe(JSON.stringify(venue));
  });

  it("sends no location when the venue's name is cleared from the box", async () => {
    const create = open("2027-03-12", "2027-03-10T10:10:00Z", { ...event, venue: "Main hall" });
    fireEvent.change(box("Location (optional)"), { target: { value: "" } });
    expect((await submit(create)).location).toBeUndefined();
  });

  it("sends a time typed just before submitting, without waiting for the debounce", async () => {
    const create = open("2027-03-12", "2027-03-10T10:10:00Z");
    typeTime("Start time", "15:00");
    fireEvent.blur(box("Start time"));
    expect(await submit(create)).toMatchObject({ startIsoTime: "2027-03-12T15:00", endIsoTime: "2027-03-12T16:00" });
  });

  const template = (image: ActivityTemplate["image"]): ActivityTemplate => ({
    id: "t1",
    name: "Tram 28",
    subtitle: "Old town",
    description: "A ride through Alfama",
    location: "Alfama",
    image,
    startDateTime: "2026-05-01T10:00:00.000Z",
    endDateTime: "2026-05-01T11:30:00.000Z",
    timeZone: "UTC",
  });

  it("copies a template's searched image as an external image choice, and says 'Image uploaded successfully' once the activity is created with it", async () => {
    const create = open("2027-03-12", "2027-03-10T10:10:00Z");
    const success = vi.spyOn(toast, "success");
    templates.next = template({
      original: "https://images.test/tram.jpg",
      thumbnail: "https://images.test/tram-s.jpg",
      source: "UNSPLASH",
      photoId: "u1",
    });
    fireEvent.click(screen.getByRole("button", { name: "Search activity templates" }));
    fireEvent.click(screen.getByRole("button", { name: "Use template" }));
    expect(shownRange()).toEqual(["10:00", "11:30"]);
    expect(success).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Add Activity" }));
    await waitFor(() => expect(create).toHaveLength(1));
    expect(create[0]).toMatchObject({
      name: "Tram 28",
      location: "Alfama",
      externalFile: "true",
      source: "UNSPLASH",
      rawUrl: "https://images.test/tram.jpg",
      photoId: "u1",
    });
    // The template's times, on the chosen day's date rather than the template's.
    expect(create[0]).toMatchObject({ startIsoTime: "2027-03-12T10:00", endIsoTime: "2027-03-12T11:30" });
    await waitFor(() => expect(success).toHaveBeenCalledWith("Image uploaded successfully"));
  });

  it("copies a template's uploaded image as a file of its own, since the template's signed link expires", async () => {
    const create = open("2027-03-12", "2027-03-10T10:10:00Z");
    templates.next = template({ original: "/files/f1?e=1&s=sig", thumbnail: "/files/f1?e=1&s=sig", source: "UPLOAD" });
    fireEvent.click(screen.getByRole("button", { name: "Search activity templates" }));
    fireEvent.click(screen.getByRole("button", { name: "Use template" }));
    expect(await screen.findByRole("button", { name: "Change cover image" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Add Activity" }));
    await waitFor(() => expect(create).toHaveLength(1));
    const file = create[0]!.file;
    expect(file instanceof File && file.type).toBe("image/png");
  });

  it("shows no upload toast when a cover is only picked, before the activity is created", async () => {
    open("2027-03-12", "2027-03-10T10:10:00Z");
    const success = vi.spyOn(toast, "success");
    vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:cover");
    fireEvent.click(screen.getByRole("button", { name: "Add cover image (optional)" }));
    fireEvent.drop(screen.getByTestId("image-drop-zone"), {
      dataTransfer: { files: [new File(["png"], "cover.png", { type: "image/png" })] },
    });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await screen.findByRole("button", { name: "Change cover image" })).toBeTruthy();
    expect(success).not.toHaveBeenCalled();
  });
});

describe("Add New Activity: a refused submit is shown where the user is looking", () => {
  const scrolled = vi.fn();
  beforeEach(() => {
    Element.prototype.scrollIntoView = scrolled;
  });
  afterEach(() => {
    vi.useRealTimers();
    scrolled.mockReset();
    // jsdom has no scrollIntoView; only these tests add one.
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });
  const fillNameAndDescription = () => {
    fireEvent.change(box("Name"), { target: { value: "Harbour walk" } });
    fireEvent.change(screen.getByLabelText("Description"), { target: { value: "Along the river" } });
  };
  const clickAdd = () => fireEvent.click(screen.getByRole("button", { name: "Add Activity" }));

  it("says 'Description is required' beside a disabled Add Activity before the click, the field marked required", () => {
    open("2027-03-12", "2027-03-10T10:10:00Z");
    const add = screen.getByRole<HTMLButtonElement>("button", { name: "Add Activity" });
    expect(screen.getByLabelText<HTMLTextAreaElement>("Description").required).toBe(true);
    expect(box("Name").required).toBe(true);
    expect(add.disabled).toBe(true);
    expect(document.getElementById(add.getAttribute("aria-describedby")!)?.textContent).toBe("Name is required");
    fireEvent.change(box("Name"), { target: { value: "Coffee break" } });
    expect(add.disabled).toBe(true);
    expect(document.getElementById(add.getAttribute("aria-describedby")!)?.textContent).toBe("Description is required");
    fireEvent.change(screen.getByLabelText("Description"), { target: { value: "   " } });
    expect(add.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Description"), { target: { value: "Espresso in the lobby" } });
    expect(add.disabled).toBe(false);
    expect(add.getAttribute("aria-describedby")).toBeNull();
    expect(screen.queryByText("Description is required")).toBeNull();
  });

  it("scrolls to and focuses the first invalid field, a Description too long below the times, without calling the server", async () => {
    const create = open("2027-03-12", "2027-03-10T10:10:00Z");
    fireEvent.change(box("Name"), { target: { value: "Harbour walk" } });
    fireEvent.change(screen.getByLabelText("Description"), { target: { value: "x".repeat(10_001) } });
    clickAdd();
    const description = screen.getByLabelText("Description");
    await waitFor(() => expect(document.activeElement).toBe(description));
    expect(screen.getByText("Description is too long")).toBeTruthy();
    expect(description.getAttribute("aria-invalid")).toBe("true");
    expect(scrolled.mock.contexts).toEqual([description]);
    expect(create).toHaveLength(0);
  });

  it("refuses while Start holds '25:99' even after End is changed, keeping 'Enter a time between 00:00 and 23:59' on Start and focusing it", async () => {
    const create = open("2027-03-12", "2027-03-10T10:10:00Z");
    fillNameAndDescription();
    typeTime("Start time", "25:99");
    fireEvent.blur(box("Start time"));
    typeTime("End time", "11:00");
    act(() => vi.advanceTimersByTime(950));
    fireEvent.blur(box("End time"));
    clickAdd();
    await waitFor(() => expect(document.activeElement).toBe(box("Start time")));
    expect(shownRange()).toEqual(["25:99", "11:00"]);
    expect(box("Start time").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(ACTIVITY_MESSAGES.timeOfDay).id).toBe(box("Start time").getAttribute("aria-describedby"));
    expect(box("End time").getAttribute("aria-invalid")).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(create).toHaveLength(0);

    typeTime("Start time", "10:30");
    fireEvent.blur(box("Start time"));
    // The end was typed: a start moved afterwards keeps that end rather than the length.
    expect(await submit(create)).toMatchObject({ startIsoTime: "2027-03-12T10:30", endIsoTime: "2027-03-12T11:00" });
  });

  it("refuses a time typed and sent with Enter at once, before the page has re-rendered", async () => {
    const create = open("2027-03-12", "2027-03-10T10:10:00Z");
    fillNameAndDescription();
    typeTime("End time", "2");
    fireEvent.keyDown(box("End time"), { key: "Enter" });
    fireEvent.submit(box("End time").form!);
    await waitFor(() => expect(document.activeElement).toBe(box("End time")));
    expect(screen.getByRole("alert").textContent).toBe(ACTIVITY_MESSAGES.timeOfDay);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(create).toHaveLength(0);
  });

  it("brings a refusal of the times themselves ('Activity times must be within the experience dates') into view as an alert", async () => {
    open("2027-04-05", "2027-03-10T10:10:00Z");
    fillNameAndDescription();
    clickAdd();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(ACTIVITY_MESSAGES.withinExperience);
    await waitFor(() => expect(scrolled.mock.contexts).toEqual([alert]));
  });
});

describe("Add New Activity in a New York experience: times typed and sent on New York's clock", () => {
  // March 2027 in New York: EST (UTC−5) until the clocks go forward at 02:00 on Mar 14, EDT (UTC−4) after.
  const newYork = anExperience({
    id: "e1",
    timeZone: "America/New_York",
    startTime: "2027-03-01T05:00:00.000Z",
    endTime: "2027-04-01T04:00:00.000Z",
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("proposes 09:00 of New York's clock, says 'Times in New York time (EST)', and sends '2027-03-12T09:00' for the server to read there", async () => {
    const create = open("2027-03-12", "2027-03-10T10:10:00Z", newYork);
    expect(shownRange()).toEqual(["09:00", "10:00"]);
    expect(screen.getByText("Times in New York time (EST)")).toBeTruthy();
    const sent = await submit(create);
    expect(sent).toMatchObject({ startIsoTime: "2027-03-12T09:00", endIsoTime: "2027-03-12T10:00" });
    expect(sent.timeZone).toBeUndefined();
  });

  it("refuses 02:30 on the night the clocks go forward with '2:30 AM does not exist on Mar 14, 2027 in New York: clocks go forward'", async () => {
    Element.prototype.scrollIntoView = vi.fn();
    const create = open("2027-03-14", "2027-03-10T10:10:00Z", newYork);
    typeTime("Start time", "02:30");
    fireEvent.blur(box("Start time"));
    const gap = "2:30 AM does not exist on Mar 14, 2027 in New York: clocks go forward";
    expect(screen.getByText(gap).id).toBe(box("Start time").getAttribute("aria-describedby"));
    fireEvent.change(box("Name"), { target: { value: "Harbour walk" } });
    fireEvent.change(screen.getByLabelText("Description"), { target: { value: "Along the river" } });
    fireEvent.click(screen.getByRole("button", { name: "Add Activity" }));
    await waitFor(() => expect(document.activeElement).toBe(box("Start time")));
    expect(create).toHaveLength(0);
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it("takes the first 01:30 on the night the clocks go back, and says so", () => {
    const fall = anExperience({
      id: "e1",
      timeZone: "America/New_York",
      startTime: "2027-11-01T04:00:00.000Z",
      endTime: "2027-11-30T05:00:00.000Z",
    });
    open("2027-11-07", "2027-11-01T10:10:00Z", fall);
    typeTime("Start time", "01:30");
    act(() => vi.advanceTimersByTime(950));
    expect(screen.getByRole("status").textContent).toBe(
      "1:30 AM happens twice on Nov 7, 2027 in New York (clocks go back): the first is used",
    );
  });

  it("shows the server's refusal of a time under the times, in its words", async () => {
    const create = open("2027-03-12", "2027-03-10T10:10:00Z", newYork);
    const words = "9:00 AM does not exist on Mar 12, 2027 in New York: clocks go forward";
    server.use(http.post("/api/events/e1/programs/d1/activity", () => refuse(400, words)));
    fireEvent.change(box("Name"), { target: { value: "Harbour walk" } });
    fireEvent.change(screen.getByLabelText("Description"), { target: { value: "Along the river" } });
    fireEvent.click(screen.getByRole("button", { name: "Add Activity" }));
    expect((await screen.findByRole("alert")).textContent).toBe(words);
    expect(create).toHaveLength(0);
  });

  it("gives the activity a zone of its own (a flight landing in Tokyo): 09:00 stays 09:00, now on Tokyo's clock, sent with the zone", async () => {
    const create = open("2027-03-12", "2027-03-10T10:10:00Z", newYork);
    const zone = screen.getByLabelText("Time zone (optional)");
    expect(zone.getAttribute("placeholder")).toBe("Same as the experience (New York)");
    fireEvent.change(zone, { target: { value: "Asia/Tokyo" } });
    expect(shownRange()).toEqual(["09:00", "10:00"]);
    expect(screen.getByText("Times in Tokyo time")).toBeTruthy();
    expect(await submit(create)).toMatchObject({
      startIsoTime: "2027-03-12T09:00",
      endIsoTime: "2027-03-12T10:00",
      timeZone: "Asia/Tokyo",
    });
  });
});
