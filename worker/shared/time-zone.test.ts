import { describe, expect, it } from "vitest";
import {
  addDays,
  canonicalTimeZone,
  formatTimeInZone,
  gapMessage,
  instantAt,
  localDateTime,
  offsetAt,
  shiftKeepingWallClock,
  startOfLocalDay,
  zoneLabel,
} from "./time-zone";

const HOUR = 3_600_000;
const at = (iso: string) => Date.parse(iso);

/** Every instant from `from` to `to` where the zone's offset changes, to the minute (weekly scan, then bisection). */
function transitions(zone: string, from: number, to: number): number[] {
  const found: number[] = [];
  const WEEK = 7 * 24 * HOUR;
  for (let t = from; t < to; t += WEEK) {
    if (offsetAt(t, zone) === offsetAt(t + WEEK, zone)) continue;
    let [low, high] = [t, t + WEEK];
    while (high - low > 60_000) {
      const middle = low + Math.floor((high - low) / 120_000) * 60_000;
      if (offsetAt(middle, zone) === offsetAt(low, zone)) low = middle;
      else high = middle;
    }
    found.push(high);
  }
  return found;
}

describe("wall clocks and instants", () => {
  it("reads a wall-clock time in a zone as its instant, on both sides of a clock change", () => {
    expect(instantAt("2027-03-12", "09:00", "Europe/Lisbon")).toEqual({ instant: at("2027-03-12T09:00:00Z"), overlap: false });
    expect(instantAt("2027-07-12", "09:00", "Europe/Lisbon")).toEqual({ instant: at("2027-07-12T08:00:00Z"), overlap: false });
    expect(instantAt("2027-01-15", "09:00", "America/New_York")).toEqual({ instant: at("2027-01-15T14:00:00Z"), overlap: false });
    expect(localDateTime(at("2027-07-12T08:00:00Z"), "Europe/Lisbon")).toEqual({ date: "2027-07-12", time: "09:00" });
  });

  it("reports a time the clocks skip as a gap, and names it in words", () => {
    expect(instantAt("2027-03-14", "02:30", "America/New_York")).toEqual({ gap: true });
    expect(gapMessage("2027-03-14", "02:30", "America/New_York")).toBe(
      "2:30 AM does not exist on Mar 14, 2027 in New York: clocks go forward",
    );
  });

  it("takes the first of a time the clocks repeat, and says it was repeated", () => {
    expect(instantAt("2027-11-07", "01:30", "America/New_York")).toEqual({ instant: at("2027-11-07T05:30:00Z"), overlap: true });
  });

  it("keeps 09:00 at 09:00 when a day moves past a clock change", () => {
    const before = at("2027-03-26T09:00:00Z"); // 09:00 in Lisbon, winter time
    expect(localDateTime(shiftKeepingWallClock(before, 3, "Europe/Lisbon"), "Europe/Lisbon")).toEqual({
      date: "2027-03-29",
      time: "09:00",
    });
    expect(shiftKeepingWallClock(before, 3, "Europe/Lisbon") - before).toBe(3 * 24 * HOUR - HOUR);
  });

  it("starts a day whose midnight the clocks skip when they land", () => {
    // Santiago de Chile moves from 00:00 to 01:00 in September.
    const day = "2027-09-05";
    const start = startOfLocalDay(day, "America/Santiago");
    expect(localDateTime(start, "America/Santiago")).toEqual({ date: day, time: "01:00" });
    expect(localDateTime(start - 60_000, "America/Santiago").date).toBe("2027-09-04");
  });

  it("moves dates by calendar days, across months and leap days", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2027-03-01", -1)).toBe("2027-02-28");
  });

  it("knows zone names whatever their case, and nothing else", () => {
    expect(canonicalTimeZone("europe/lisbon")).toBe("Europe/Lisbon");
    expect(canonicalTimeZone("UTC")).toBe("UTC");
    for (const bad of ["Mars/Olympus", "", "Europe/Lisbon; drop", "+01:00x", "x".repeat(100)]) expect(canonicalTimeZone(bad)).toBeNull();
  });

  it("labels a time with its zone for that date: an abbreviation where there is one, else the city", () => {
    expect(formatTimeInZone(at("2027-01-15T14:00:00Z"), "America/New_York")).toBe("09:00 AM EST");
    expect(formatTimeInZone(at("2027-07-15T13:00:00Z"), "America/New_York")).toBe("09:00 AM EDT");
    expect(zoneLabel(at("2027-07-15T13:00:00Z"), "UTC")).toBe("UTC");
    expect(zoneLabel(at("2027-07-15T13:00:00Z"), "Asia/Kolkata")).toMatch(/^(IST|Kolkata time)$/);
    expect(zoneLabel(at("2027-07-15T13:00:00Z"), "Europe/Berlin")).toMatch(/^(CEST|Berlin time)$/);
  });
});

describe("the runtime's zone rules include recent changes", () => {
  it.each([
    ["America/Mexico_City", "2027-07-01T12:00:00Z", -6, "no summer time since 2022"],
    ["Africa/Cairo", "2027-07-01T12:00:00Z", 3, "summer time again since 2023"],
    ["America/Nuuk", "2027-01-15T12:00:00Z", -2, "UTC−2 standard time since 2023"],
    ["Asia/Almaty", "2027-01-15T12:00:00Z", 5, "UTC+5 since 2024"],
    ["Asia/Amman", "2027-01-15T12:00:00Z", 3, "UTC+3 all year since 2022"],
  ])("%s at %s is UTC%+d (%s)", (zone, iso, hours) => {
    expect(offsetAt(at(iso), zone)).toBe(hours * HOUR);
  });
});

describe("every zone's clock changes from 2026 to 2030", () => {
  it("round-trips each local time near each change, or reports it as a gap or an overlap", () => {
    const zones = Intl.supportedValuesOf("timeZone");
    let changes = 0;
    for (const zone of zones) {
      for (const change of transitions(zone, at("2026-01-01T00:00:00Z"), at("2031-01-01T00:00:00Z"))) {
        changes++;
        const skipped = offsetAt(change, zone) - offsetAt(change - 60_000, zone);
        // Every instant around the change reads back from its own wall time (the first one, when the time repeats).
        for (let t = change - 3 * HOUR; t <= change + 3 * HOUR; t += 15 * 60_000) {
          const { date, time } = localDateTime(t, zone);
          const resolved = instantAt(date, time, zone);
          if ("gap" in resolved) throw new Error(`${zone}: ${date} ${time} exists at ${new Date(t).toISOString()} but was called a gap`);
          if (resolved.instant !== t && !(resolved.overlap && resolved.instant < t))
            throw new Error(
              `${zone}: ${date} ${time} read as ${new Date(resolved.instant).toISOString()}, not ${new Date(t).toISOString()}`,
            );
        }
        // The wall time halfway through what the clocks jump over is a gap.
        if (skipped > 0) {
          const last = localDateTime(change - 60_000, zone);
          const halfway = localDateTime(Date.parse(`${last.date}T${last.time}:00Z`) + 60_000 + skipped / 2, "UTC");
          expect(instantAt(halfway.date, halfway.time, zone), `${zone} at ${new Date(change).toISOString()}`).toEqual({ gap: true });
        }
      }
    }
    expect(changes).toBeGreaterThan(500);
  }, 120_000);
});
