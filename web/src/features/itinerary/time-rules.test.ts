import { describe, expect, it } from "vitest";
import { aDay, anActivity, timed } from "@web/test/fixtures";
import { nextUp } from "./next-up";
import { atHHmm, changeEnd, changeStart, defaultNewRange, HALF_HOURS, HOUR_MS, timeTextError, toHHmm } from "./time-rules";

const at = (iso: string) => Date.parse(iso);
const now = at("2027-03-01T08:00:00Z");
const UTC = "UTC";
const NEW_YORK = "America/New_York";
const slot = { start: at("2027-03-10T10:00:00Z"), end: at("2027-03-10T11:00:00Z") };

describe("time edits", () => {
  it("refuses a start in the past with 'Start time cannot be in the past', comparing instants", () => {
    expect(changeStart(slot, at("2027-03-01T07:00:00Z"), now, UTC)).toEqual({ error: "Start time cannot be in the past" });
    // 03:30 in New York on Mar 1 is 08:30Z, after now (08:00Z), though '03:30' reads earlier than '08:00'.
    expect(changeStart(slot, at("2027-03-01T08:30:00Z"), now, NEW_YORK)).toEqual({ start: at("2027-03-01T08:30:00Z"), end: slot.end });
  });

  it("refuses an end in the past with 'End time cannot be in the past'", () => {
    expect(changeEnd(slot, at("2027-02-28T10:00:00Z"), now, UTC)).toEqual({ error: "End time cannot be in the past" });
  });

  it("moves the end to start + 1 hour when the start reaches the end", () => {
    expect(changeStart(slot, at("2027-03-10T12:00:00Z"), now, UTC)).toEqual({
      start: at("2027-03-10T12:00:00Z"),
      end: at("2027-03-10T13:00:00Z"),
    });
  });

  it("caps the pushed end at 23:59:59 of that day on the activity's clock", () => {
    expect(changeStart(slot, at("2027-03-10T23:30:00Z"), now, UTC)).toEqual({
      start: at("2027-03-10T23:30:00Z"),
      end: at("2027-03-10T23:59:59Z"),
    });
    // 23:30 in New York (EST) is 04:30Z the next day; its day ends at 04:59:59Z.
    expect(changeStart(slot, at("2027-03-11T04:30:00Z"), now, NEW_YORK)).toEqual({
      start: at("2027-03-11T04:30:00Z"),
      end: at("2027-03-11T04:59:59Z"),
    });
  });

  it("caps the pushed end at 23:00 in the activity form", () => {
    const result = changeStart(slot, at("2027-03-10T22:30:00Z"), now, UTC, "23:00");
    expect(result).toEqual({ start: at("2027-03-10T22:30:00Z"), end: at("2027-03-10T23:00:00Z") });
  });

  it("keeps the end when the start stays before it", () => {
    expect(changeStart(slot, at("2027-03-10T10:30:00Z"), now, UTC)).toEqual({ start: at("2027-03-10T10:30:00Z"), end: slot.end });
  });

  it("moves the start to end − 1 hour when the end goes before it", () => {
    expect(changeEnd(slot, at("2027-03-10T09:00:00Z"), now, UTC)).toEqual({
      start: at("2027-03-10T08:00:00Z"),
      end: at("2027-03-10T09:00:00Z"),
    });
  });

  it("floors the pulled start at 00:00 of that day on the activity's clock", () => {
    expect(changeEnd(slot, at("2027-03-10T00:30:00Z"), now, UTC)).toEqual({
      start: at("2027-03-10T00:00:00Z"),
      end: at("2027-03-10T00:30:00Z"),
    });
    // 00:30 in New York is 05:30Z; its midnight is 05:00Z.
    expect(
      changeEnd({ start: at("2027-03-10T15:00:00Z"), end: at("2027-03-10T16:00:00Z") }, at("2027-03-10T05:30:00Z"), now, NEW_YORK),
    ).toEqual({
      start: at("2027-03-10T05:00:00Z"),
      end: at("2027-03-10T05:30:00Z"),
    });
  });

  it("allows pickers up to one year ahead only", () => {
    expect(changeStart(slot, now + 366 * 24 * HOUR_MS, now, UTC)).toEqual({ error: "Activity date range is at most 1 year ahead" });
  });

  it("reads and writes HH:mm in 24 h on the activity's clock and steps every 30 minutes", () => {
    expect(atHHmm(slot.start, "18:30", UTC)).toEqual({ instant: at("2027-03-10T18:30:00Z"), note: null });
    expect(atHHmm(at("2027-01-12T15:00:00Z"), "9:00", NEW_YORK)).toEqual({ instant: at("2027-01-12T14:00:00Z"), note: null });
    expect(atHHmm(slot.start, "6pm", UTC)).toBeNull();
    expect(toHHmm(at("2027-03-10T18:30:00Z"), UTC)).toBe("18:30");
    expect(toHHmm(at("2027-01-12T14:00:00Z"), NEW_YORK)).toBe("09:00");
    expect(HALF_HOURS).toHaveLength(48);
    expect(HALF_HOURS.slice(0, 3)).toEqual(["00:00", "00:30", "01:00"]);
  });

  it("refuses a time the clocks skip with the gap's words, and takes the first of a time that happens twice with a note", () => {
    const springForward = at("2027-03-14T12:00:00Z");
    expect(atHHmm(springForward, "02:30", NEW_YORK)).toEqual({
      error: "2:30 AM does not exist on Mar 14, 2027 in New York: clocks go forward",
    });
    const fallBack = at("2027-11-07T12:00:00Z");
    expect(atHHmm(fallBack, "01:30", NEW_YORK)).toEqual({
      instant: at("2027-11-07T05:30:00Z"),
      note: "1:30 AM happens twice on Nov 7, 2027 in New York (clocks go back): the first is used",
    });
  });

  it("refuses '25:99' at once and any other text when the box is left", () => {
    expect(timeTextError("25:99", false)).toBe("Enter a time between 00:00 and 23:59");
    expect(timeTextError("9", false)).toBeNull();
    expect(timeTextError("9", true)).toBe("Enter a time between 00:00 and 23:59");
  });
});

describe("the new activity's default time range", () => {
  const range = (start: string, end: string) => ({ start: at(start), end: at(end) });

  it("starts at 09:00 of a future day on the experience's clock and lasts one hour", () => {
    expect(defaultNewRange("2027-03-10", now, UTC)).toEqual(range("2027-03-10T09:00:00Z", "2027-03-10T10:00:00Z"));
    expect(defaultNewRange("2027-03-10", now, NEW_YORK)).toEqual(range("2027-03-10T14:00:00Z", "2027-03-10T15:00:00Z"));
  });

  it("starts at the next half hour of the zone's clock when that is later today", () => {
    expect(defaultNewRange("2027-03-10", at("2027-03-10T14:10:00Z"), UTC)).toEqual(range("2027-03-10T14:30:00Z", "2027-03-10T15:30:00Z"));
    // Kathmandu is 5 h 45 min ahead: 19:55 there is next rounded to 20:00, 14:15Z.
    expect(defaultNewRange("2027-03-10", at("2027-03-10T14:10:00Z"), "Asia/Kathmandu")).toEqual(
      range("2027-03-10T14:15:00Z", "2027-03-10T15:15:00Z"),
    );
  });

  it("stays on a past day, at 09:00 of that day", () => {
    expect(defaultNewRange("2027-03-10", at("2027-03-12T14:10:00Z"), UTC)).toEqual(range("2027-03-10T09:00:00Z", "2027-03-10T10:00:00Z"));
  });

  it("late in the day, starts no later than 22:00 so the end stays within the form's 23:00 cap", () => {
    expect(defaultNewRange("2027-03-10", at("2027-03-10T22:40:00Z"), UTC)).toEqual(range("2027-03-10T22:00:00Z", "2027-03-10T23:00:00Z"));
    expect(defaultNewRange("2027-03-10", at("2027-03-10T23:45:00Z"), UTC)).toEqual(range("2027-03-10T22:00:00Z", "2027-03-10T23:00:00Z"));
  });
});

// 12–14 March 2027 (UTC): a walk and lunch on the first day, a day-long tour with a lunch inside it on the second.
const walk = anActivity({ id: "walk", name: "Walk", ...timed("2027-03-12T09:00", "2027-03-12T10:00") });
const lunch = anActivity({ id: "lunch", name: "Lunch", ...timed("2027-03-12T12:00", "2027-03-12T13:30") });
const tour = anActivity({ id: "tour", name: "Sintra tour", ...timed("2027-03-13T08:00", "2027-03-13T18:00") });
const picnic = anActivity({ id: "picnic", name: "Picnic", ...timed("2027-03-13T12:00", "2027-03-13T13:00") });
const itinerary = {
  endTime: "2027-03-15T00:00:00.000Z",
  // Out of order on purpose: the days and activities are read by their times.
  programs: [
    aDay({ id: "day2", dayIndex: 1, date: "2027-03-13", activities: [picnic, tour] }),
    aDay({ id: "day1", activities: [lunch, walk] }),
    aDay({ id: "day3", dayIndex: 2, date: "2027-03-14", activities: [] }),
  ],
};
const pick = (now: string) => {
  const up = nextUp(itinerary, at(now));
  return up && (up.when === "ended" ? "ended" : `${up.when} ${up.activity.name} (${up.day.id})`);
};

describe("nextUp: what the guest's first screen shows", () => {
  it("shows the first activity before the experience starts", () => {
    expect(pick("2027-03-01T10:00:00.000Z")).toBe("next Walk (day1)");
  });

  it("shows the activity under way during the experience", () => {
    expect(pick("2027-03-12T09:30:00.000Z")).toBe("now Walk (day1)");
  });

  it("shows the next activity of the day between two", () => {
    expect(pick("2027-03-12T10:00:00.000Z")).toBe("next Lunch (day1)");
  });

  it("shows the next day's first activity once the day's last is over", () => {
    expect(pick("2027-03-12T20:00:00.000Z")).toBe("next Sintra tour (day2)");
  });

  it("shows the one that started last when two overlap", () => {
    expect(pick("2027-03-13T12:30:00.000Z")).toBe("now Picnic (day2)");
    expect(pick("2027-03-13T14:00:00.000Z")).toBe("now Sintra tour (day2)");
  });

  it("shows nothing when no activity is ahead on the last day", () => {
    expect(pick("2027-03-14T10:00:00.000Z")).toBeNull();
  });

  it("says the experience ended after its end", () => {
    expect(pick("2027-03-15T00:00:00.000Z")).toBe("ended");
  });

  it("shows nothing for an experience without activities", () => {
    expect(nextUp({ ...itinerary, programs: [aDay()] }, at("2027-03-01T10:00:00.000Z"))).toBeNull();
  });
});
