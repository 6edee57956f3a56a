import { afterEach, describe, expect, it } from "vitest";
import { formatDateRange, formatDuration } from "@web/lib/dates";
import { i18n } from "@web/lib/i18n";
import { readIn } from "@web/test/words";
import { formatTime, formatTimeSeen } from "@worker/shared/time-zone";
import { setPageLocale } from "@worker/shared/words";

// The page's locale words its times: the web's translator is time-zone.ts's page language (setPageLocale).

describe("times in the page's language", () => {
  afterEach(async () => {
    setPageLocale(null);
    await readIn("en");
  });

  it("keeps the spec's English", () => {
    setPageLocale(i18n);
    expect(formatDuration("2027-03-12T10:00:00Z", "2027-03-12T12:30:00Z")).toBe("2h 30m");
    expect(formatTime(Date.parse("2027-01-12T09:00:00Z"), "Europe/Lisbon")).toBe("09:00 AM");
    expect(formatTimeSeen(Date.parse("2027-01-12T16:00:00Z"), "America/New_York", "Asia/Tokyo")).toBe("01:00 AM Tokyo time +1 day");
    expect(formatDateRange("2027-03-12T00:00:00Z", "2027-03-15T00:00:00Z", "UTC")).toBe("Mar 12 – Mar 14, 2027");
  });

  it("formats in German once the page is German: 24-hour clock, its date order, its units", async () => {
    await readIn("de");
    setPageLocale(i18n);
    expect(formatTime(Date.parse("2027-01-12T09:00:00Z"), "Europe/Lisbon")).toBe("09:00");
    expect(formatDateRange("2027-03-12T00:00:00Z", "2027-03-15T00:00:00Z", "UTC")).toBe("12. März – 14. März 2027");
    const units = { hours: new Intl.NumberFormat("de", { style: "unit", unit: "hour", unitDisplay: "narrow" }) };
    expect(formatDuration("2027-03-12T10:00:00Z", "2027-03-12T12:00:00Z")).toBe(units.hours.format(2));
  });

  it("formats the pseudo-locale as English", async () => {
    await readIn("en-XA");
    setPageLocale(i18n);
    expect(formatTime(Date.parse("2027-01-12T09:00:00Z"), "Europe/Lisbon")).toBe("09:00 AM");
    expect(formatDuration("2027-03-12T10:00:00Z", "2027-03-12T12:30:00Z")).toBe("2h 30m");
  });
});
