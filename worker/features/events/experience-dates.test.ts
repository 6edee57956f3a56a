import { describe, expect, it } from "vitest";
import { experienceDatesError, MESSAGES } from "./events.schema";

// The rule the New Experience form and POST /api/events share; `now` is fixed so the time-zone edge is exact.

const at = (iso: string) => Date.parse(iso);
const now = at("2027-03-10T08:00:00Z"); // 20:00 on March 9 in UTC-12

describe("experienceDatesError", () => {
  it("accepts a start on the date that is still today at UTC-12, and refuses the day before it with 'Start date must be today or later'", () => {
    expect(experienceDatesError("2027-03-09T00:00:00.000Z", "2027-03-10T00:00:00.000Z", now)).toBeNull();
    expect(experienceDatesError("2027-03-08T00:00:00.000Z", "2027-03-10T00:00:00.000Z", now)).toEqual({
      path: "startIsoTime",
      message: MESSAGES.startNotPast,
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
