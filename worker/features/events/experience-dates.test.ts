import { describe, expect, it } from "vitest";
import { experienceDatesError, experienceRange, MESSAGES } from "./events.schema";

// The rule the New Experience form and POST /api/events share; `now` is fixed so the time-zone edge is exact.

const at = (iso: string) => Date.parse(iso);
const now = at("2027-03-10T08:00:00Z"); // 22:00 on March 9 in Honolulu, 17:00 on March 10 in Tokyo

describe("experienceDatesError", () => {
  it("takes 'today' in the experience's zone: March 9 is still today in Honolulu, and refused with 'Start date must be today or later' in UTC", () => {
    expect(experienceDatesError("2027-03-09", "2027-03-10", now, undefined, "Pacific/Honolulu")).toBeNull();
    expect(experienceDatesError("2027-03-08", "2027-03-10", now, undefined, "Pacific/Honolulu")).toEqual({
      path: "startIsoTime",
      message: MESSAGES.startNotPast,
    });
    expect(experienceDatesError("2027-03-09T00:00:00.000Z", "2027-03-10T00:00:00.000Z", now)).toEqual({
      path: "startIsoTime",
      message: MESSAGES.startNotPast,
    });
    expect(experienceDatesError("2027-03-10T00:00", "2027-03-11T00:00", now, undefined, "Asia/Tokyo")).toBeNull();
  });

  it("reads an instant as the zone's local date: 00:00 UTC of March 12 is March 11 in New York", () => {
    expect(experienceRange("2027-03-12T00:00:00.000Z", "2027-03-14T00:00:00.000Z", "America/New_York")).toMatchObject({
      startDate: "2027-03-11",
      endDate: "2027-03-14",
      start: at("2027-03-11T05:00:00Z"),
      end: at("2027-03-14T05:00:00Z"), // still EST: the clocks go forward at 02:00 that day
    });
    expect(experienceRange("2027-03-12", "2027-03-14", "America/New_York")).toMatchObject({
      startDate: "2027-03-12",
      endDate: "2027-03-14",
    });
  });

  it("refuses an end before the start with 'End date must be after or same as start date'", () => {
    expect(experienceDatesError("2027-03-12T00:00:00.000Z", "2027-03-11T00:00:00.000Z", now)).toEqual({
      path: "endIsoTime",
      message: MESSAGES.endAfterStart,
    });
  });

  it("accepts 365 days and refuses 366 with 'An experience can last at most 365 days'", () => {
    expect(experienceDatesError("2027-03-10T00:00:00.000Z", "2028-03-09T00:00:00.000Z", now)).toBeNull();
    expect(experienceDatesError("2027-03-10T00:00:00.000Z", "2028-03-10T00:00:00.000Z", now)).toEqual({
      path: "endIsoTime",
      message: MESSAGES.tooManyDays,
    });
  });

  it("accepts a last day 365 days from now and refuses the day after with 'Experience date range is at most 1 year ahead'", () => {
    expect(experienceDatesError("2027-12-01T00:00:00.000Z", "2028-03-10T00:00:00.000Z", now)).toBeNull();
    expect(experienceDatesError("2027-12-01T00:00:00.000Z", "2028-03-11T00:00:00.000Z", now)).toEqual({
      path: "endIsoTime",
      message: MESSAGES.atMostOneYear,
    });
  });
});
