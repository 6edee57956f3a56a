import { describe, expect, it } from "vitest";
import { formatDateRange, formatDuration, scheduleStatus } from "./dates";

describe("dates", () => {
  it("show the range up to the end date minus one day", () => {
    expect(formatDateRange("2027-03-12T00:00:00.000Z", "2027-03-15T00:00:00.000Z", "UTC")).toBe("Mar 12 – Mar 14, 2027");
    expect(formatDateRange("2027-03-12T00:00:00.000Z", "2027-03-13T00:00:00.000Z", "UTC")).toBe("Mar 12, 2027");
    expect(formatDateRange("2026-12-30T00:00:00.000Z", "2027-01-03T00:00:00.000Z", "UTC")).toBe("Dec 30, 2026 – Jan 2, 2027");
  });
  it("show durations as hours and minutes", () => {
    expect(formatDuration("2027-03-12T10:00:00Z", "2027-03-12T12:30:00Z")).toBe("2h 30m");
    expect(formatDuration("2027-03-12T10:00:00Z", "2027-03-12T10:45:00Z")).toBe("45m");
  });
  it("derive upcoming, ongoing and finished from the current time", () => {
    const now = Date.parse("2027-03-13T12:00:00Z");
    expect(scheduleStatus("2027-03-14T00:00:00Z", "2027-03-16T00:00:00Z", now)).toBe("upcoming");
    expect(scheduleStatus("2027-03-12T00:00:00Z", "2027-03-14T00:00:00Z", now)).toBe("ongoing");
    expect(scheduleStatus("2027-03-10T00:00:00Z", "2027-03-12T00:00:00Z", now)).toBe("finished");
  });
});
