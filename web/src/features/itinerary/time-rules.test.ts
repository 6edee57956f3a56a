import { describe, expect, it } from "vitest";
import { aDay, anActivity, timed } from "@web/test/fixtures";
import { nextUp } from "./next-up";
import {
  atHHmm,
  changeEnd,
  changeStart,
  defaultNewRange,
  HALF_HOURS,
  HOUR_MS,
  mayGoOn,
  readTimeOfDay,
  timeTextError,
  toHHmm,
} from "./time-rules";

const at = (iso: string) => Date.parse(iso);
const now = at("2027-03-01T08:00:00Z");
const UTC = "UTC";
const NEW_YORK = "America/New_York";
const slot = { start: at("2027-03-10T10:00:00Z"), end: at("2027-03-10T11:00:00Z") };
const range = (start: string, end: string) => ({ start: at(start), end: at(end) });

describe("time edits", () => {
  it("refuses a start in the past with 'Start time cannot be in the past', comparing instants", () => {
    expect(changeStart(slot, at("2027-03-01T07:00:00Z"), now, UTC)).toEqual({ error: "Start time cannot be in the past" });
    // 03:30 in New York on Mar 1 is 08:30Z, after now (08:00Z), though '03:30' reads earlier than '08:00'.
    expect(changeStart(slot, at("2027-03-01T08:30:00Z"), now, NEW_YORK)).toEqual(range("2027-03-01T08:30:00Z", "2027-03-01T09:30:00Z"));
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

  it("keeps the length when the start moves within the activity: a 2-hour session stays 2 hours", () => {
    const session = { start: at("2027-03-10T10:00:00Z"), end: at("2027-03-10T12:00:00Z") };
    expect(changeStart(session, at("2027-03-10T10:30:00Z"), now, UTC)).toEqual(range("2027-03-10T10:30:00Z", "2027-03-10T12:30:00Z"));
    expect(changeStart(session, at("2027-03-10T08:00:00Z"), now, UTC)).toEqual(range("2027-03-10T08:00:00Z", "2027-03-10T10:00:00Z"));
  });

  it("keeps the end instead when asked to (an end the person typed)", () => {
    const session = { start: at("2027-03-10T10:00:00Z"), end: at("2027-03-10T12:00:00Z") };
    expect(changeStart(session, at("2027-03-10T10:30:00Z"), now, UTC, "23:59:59", false)).toEqual(
      range("2027-03-10T10:30:00Z", "2027-03-10T12:00:00Z"),
    );
  });

  it("caps the end a kept length moves at that day's cap, and keeps an end already past it", () => {
    const session = { start: at("2027-03-10T20:00:00Z"), end: at("2027-03-10T22:00:00Z") };
    expect(changeStart(session, at("2027-03-10T21:30:00Z"), now, UTC, "23:00")).toEqual(
      range("2027-03-10T21:30:00Z", "2027-03-10T23:00:00Z"),
    );
    const overMidnight = { start: at("2027-03-10T22:00:00Z"), end: at("2027-03-11T01:00:00Z") };
    expect(changeStart(overMidnight, at("2027-03-10T22:30:00Z"), now, UTC)).toEqual({
      start: at("2027-03-10T22:30:00Z"),
      end: overMidnight.end,
    });
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
    expect(atHHmm(slot.start, "6pm", UTC)).toEqual({ instant: at("2027-03-10T18:00:00Z"), note: null });
    expect(atHHmm(slot.start, "6", UTC)).toBeNull();
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

  it("reads a time however a phone's keypad or a habit writes it, in 24 h or with AM/PM", () => {
    const read = ["0915", "915", "9:15", "09:15", "9.15", "9h15", "9:15 am", "9:15am", "9.15 A.M."].map(readTimeOfDay);
    expect(read).toEqual(Array(9).fill("09:15"));
    expect(["21:30", "2130", "21.30", "21h30", "9:30 pm", "9:30PM", "9.30 p.m."].map(readTimeOfDay)).toEqual(Array(7).fill("21:30"));
    expect(["12 am", "12:05 am", "12 pm", "0000", "23:59", "9 pm"].map(readTimeOfDay)).toEqual([
      "00:00",
      "00:05",
      "12:00",
      "00:00",
      "23:59",
      "21:00",
    ]);
  });

  it("reads no time from what is none", () => {
    for (const text of ["", "9", "25:00", "2460", "9:60", "13 pm", "0 am", "91500", "9:5", "noon", "9:30 xm", "9::30"])
      expect(readTimeOfDay(text), text).toBeNull();
  });

  it("waits for a text that may still grow into another time ('153' of '1530', '9:30' of '9:30 pm')", () => {
    expect(["153", "9:30", "12.00", "9h30"].map(mayGoOn)).toEqual([true, true, true, true]);
    expect(["1530", "13:30", "9:30 pm", "0915"].map(mayGoOn)).toEqual([false, false, false, false]);
  });

  it("refuses '25:99' at once and any other text when the box is left", () => {
    expect(timeTextError("25:99", false)).toBe("Enter a time between 00:00 and 23:59");
    expect(timeTextError("9", false)).toBeNull();
    expect(timeTextError("9", true)).toBe("Enter a time between 00:00 and 23:59");
    expect(timeTextError("25.99", false)).toBe("Enter a time between 00:00 and 23:59");
    expect(timeTextError("9h30", true)).toBeNull();
  });
});

describe("the new activity's default time range", () => {
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
