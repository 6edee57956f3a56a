import { describe, expect, it } from "vitest";
import { atHHmm, changeEnd, changeStart, defaultNewRange, HALF_HOURS, HOUR_MS, toHHmm } from "./time-rules";

const at = (iso: string) => Date.parse(iso);
const now = at("2027-03-01T08:00:00Z");
const slot = { start: at("2027-03-10T10:00:00Z"), end: at("2027-03-10T11:00:00Z") };

describe("time edits", () => {
  it("refuses a start in the past with 'Start time cannot be in the past'", () => {
    expect(changeStart(slot, at("2027-03-01T07:00:00Z"), now)).toEqual({ error: "Start time cannot be in the past" });
  });

  it("refuses an end in the past with 'End time cannot be in the past'", () => {
    expect(changeEnd(slot, at("2027-02-28T10:00:00Z"), now)).toEqual({ error: "End time cannot be in the past" });
  });

  it("moves the end to start + 1 hour when the start reaches the end", () => {
    expect(changeStart(slot, at("2027-03-10T12:00:00Z"), now)).toEqual({
      start: at("2027-03-10T12:00:00Z"),
      end: at("2027-03-10T13:00:00Z"),
    });
  });

  it("caps the pushed end at 23:59:59 of that day", () => {
    const result = changeStart(slot, at("2027-03-10T23:30:00Z"), now);
    expect(result).toEqual({ start: at("2027-03-10T23:30:00Z"), end: at("2027-03-10T23:59:59Z") });
  });

  it("caps the pushed end at 23:00 in the activity form", () => {
    const result = changeStart(slot, at("2027-03-10T22:30:00Z"), now, "23:00");
    expect(result).toEqual({ start: at("2027-03-10T22:30:00Z"), end: at("2027-03-10T23:00:00Z") });
  });

  it("keeps the end when the start stays before it", () => {
    expect(changeStart(slot, at("2027-03-10T10:30:00Z"), now)).toEqual({ start: at("2027-03-10T10:30:00Z"), end: slot.end });
  });

  it("moves the start to end − 1 hour when the end goes before it", () => {
    expect(changeEnd(slot, at("2027-03-10T09:00:00Z"), now)).toEqual({
      start: at("2027-03-10T08:00:00Z"),
      end: at("2027-03-10T09:00:00Z"),
    });
  });

  it("floors the pulled start at 00:00 of that day", () => {
    expect(changeEnd(slot, at("2027-03-10T00:30:00Z"), now)).toEqual({
      start: at("2027-03-10T00:00:00Z"),
      end: at("2027-03-10T00:30:00Z"),
    });
  });

  it("allows pickers up to one year ahead only", () => {
    expect(changeStart(slot, now + 366 * 24 * HOUR_MS, now)).toEqual({ error: "Activity date range is at most 1 year ahead" });
  });

  it("reads and writes HH:mm in 24 h and steps every 30 minutes", () => {
    expect(atHHmm(slot.start, "18:30")).toBe(at("2027-03-10T18:30:00Z"));
    expect(atHHmm(slot.start, "6pm")).toBeNull();
    expect(toHHmm(at("2027-03-10T18:30:00Z"))).toBe("18:30");
    expect(HALF_HOURS).toHaveLength(48);
    expect(HALF_HOURS.slice(0, 3)).toEqual(["00:00", "00:30", "01:00"]);
  });
});

describe("the new activity's default time range", () => {
  const day = at("2027-03-10T00:00:00Z");
  const range = (start: string, end: string) => ({ start: at(start), end: at(end) });

  it("starts at 09:00 of a future day and lasts one hour", () => {
    expect(defaultNewRange(day, now)).toEqual(range("2027-03-10T09:00:00Z", "2027-03-10T10:00:00Z"));
  });

  it("starts at the next half hour when that is later today", () => {
    expect(defaultNewRange(day, at("2027-03-10T14:10:00Z"))).toEqual(range("2027-03-10T14:30:00Z", "2027-03-10T15:30:00Z"));
  });

  it("stays on a past day, at 09:00 of that day", () => {
    expect(defaultNewRange(day, at("2027-03-12T14:10:00Z"))).toEqual(range("2027-03-10T09:00:00Z", "2027-03-10T10:00:00Z"));
  });

  it("late in the day, starts no later than 22:00 so the end stays within the form's 23:00 cap", () => {
    expect(defaultNewRange(day, at("2027-03-10T22:40:00Z"))).toEqual(range("2027-03-10T22:00:00Z", "2027-03-10T23:00:00Z"));
    expect(defaultNewRange(day, at("2027-03-10T23:45:00Z"))).toEqual(range("2027-03-10T22:00:00Z", "2027-03-10T23:00:00Z"));
  });
});
