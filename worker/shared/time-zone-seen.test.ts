import { describe, expect, it } from "vitest";
import { formatDateRange, itinerarySummary } from "./date-range";
import { formatDateTimeInZone, formatTimeRange, formatTimeSeen, localIso } from "./time-zone";

const at = (iso: string) => Date.parse(iso);

describe("a time seen from another clock", () => {
  it("shows a Lisbon 09:00 as '09:00 AM Lisbon time', and as '01:00 AM PST' from Los Angeles", () => {
    expect(formatTimeSeen(at("2027-01-12T09:00:00Z"), "Europe/Lisbon")).toBe("09:00 AM Lisbon time");
    expect(formatTimeSeen(at("2027-01-12T09:00:00Z"), "Europe/Lisbon", "America/Los_Angeles")).toBe("01:00 AM PST");
  });

  it("says '−1 day' where the reader's date is the day before the venue's, '+1 day' where it is the day after", () => {
    expect(formatTimeSeen(at("2027-01-12T06:00:00Z"), "Europe/Lisbon", "America/Los_Angeles")).toBe("10:00 PM PST −1 day");
    expect(formatTimeSeen(at("2027-01-12T16:00:00Z"), "America/New_York", "Asia/Tokyo")).toBe("01:00 AM Tokyo time +1 day");
  });

  it("says a range's label once when both ends share it and their day shift", () => {
    expect(formatTimeRange(at("2027-01-12T14:00:00Z"), at("2027-01-12T15:30:00Z"), "America/New_York")).toBe("09:00 AM – 10:30 AM EST");
    expect(formatTimeRange(at("2027-01-12T06:00:00Z"), at("2027-01-12T07:30:00Z"), "Europe/Lisbon", "America/Los_Angeles")).toBe(
      "10:00 PM – 11:30 PM PST −1 day",
    );
  });

  it("says each end in full when the range crosses the reader's midnight or a clock change", () => {
    expect(formatTimeRange(at("2027-01-12T07:30:00Z"), at("2027-01-12T08:30:00Z"), "Europe/Lisbon", "America/Los_Angeles")).toBe(
      "11:30 PM PST −1 day – 12:30 AM PST",
    );
    expect(formatTimeRange(at("2027-03-14T06:00:00Z"), at("2027-03-14T08:00:00Z"), "America/New_York")).toBe("01:00 AM EST – 04:00 AM EDT");
  });

  it("words a moment with its date on the zone's clock, and writes the wall clock as the API reads it", () => {
    expect(formatDateTimeInZone(at("2027-03-12T23:30:00Z"), "Asia/Tokyo")).toBe("Mar 13, 2027, 08:30 AM Tokyo time");
    expect(localIso(at("2027-01-12T14:00:00Z"), "America/New_York")).toBe("2027-01-12T09:00");
    expect(localIso(at("2027-01-13T04:59:59Z"), "America/New_York")).toBe("2027-01-12T23:59:59");
  });
});

describe("an experience's dates", () => {
  it("are the local dates of its zone: a Tokyo experience starting at 15:00Z the day before reads from its own first day", () => {
    expect(formatDateRange("2027-03-11T15:00:00.000Z", "2027-03-14T15:00:00.000Z", "Asia/Tokyo")).toBe("Mar 12 – Mar 14, 2027");
    expect(formatDateRange("2027-03-12T08:00:00.000Z", "2027-03-13T08:00:00.000Z", "America/Los_Angeles")).toBe("Mar 12, 2027");
    expect(itinerarySummary(new Date("2026-12-30T05:00:00.000Z"), new Date("2027-01-03T05:00:00.000Z"), "America/New_York")).toBe(
      "4-day itinerary · Dec 30, 2026 – Jan 2, 2027",
    );
  });

  it("count a day of 23 hours (a clock change) as one day", () => {
    expect(formatDateRange("2027-03-13T05:00:00.000Z", "2027-03-15T04:00:00.000Z", "America/New_York")).toBe("Mar 13 – Mar 14, 2027");
  });
});
