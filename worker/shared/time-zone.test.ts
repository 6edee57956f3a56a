import { setupI18n } from "@lingui/core";
import { afterEach, describe, expect, it } from "vitest";
import { formatDateRange, itinerarySummary } from "./date-range";
import { hasPublicHost, isHttpsUrl, isPublicHttpsUrl } from "./public-url";
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
  formatDateTimeInZone,
  formatDate,
  formatDay,
  formatTime,
  formatTimeRange,
  formatTimeSeen,
  localIso,
  overlapNote,
  zoneName,
} from "./time-zone";
import { setPageLocale, type Words } from "./words";

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

describe("isHttpsUrl", () => {
  it("accepts absolute https URLs only", () => {
    expect(isHttpsUrl("https://images.example.com/a.jpg")).toBe(true);
    for (const value of [
      "http://example.com/a.jpg",
      "ftp://example.com/a.jpg",
      "javascript:alert(1)",
      "//example.com/a.jpg",
      "/demo/a.jpg",
      "not a url",
      "",
    ]) {
      expect(isHttpsUrl(value), value).toBe(false);
    }
  });
});

describe("hasPublicHost: a link shown to others never points into a viewer's own machine or network", () => {
  it("accepts hosts on the public internet, by name or address", () => {
    for (const value of [
      "https://images.unsplash.com/photo-1",
      "https://example.com:8443/a.jpg",
      "https://EXAMPLE.com./a.jpg",
      "https://xn--bcher-kva.example/a.jpg",
      "https://8.8.8.8/a.jpg",
      "https://172.32.0.1/a.jpg",
      "https://[2606:4700:4700::1111]/a.jpg",
      "https://[::ffff:8.8.8.8]/a.jpg",
    ]) {
      expect(hasPublicHost(value), value).toBe(true);
    }
  });

  it("refuses loopback and local names", () => {
    for (const value of [
      "https://localhost/a.jpg",
      "https://LOCALHOST./a.jpg",
      "https://%6Cocalhost/a.jpg",
      "https://images.example.com@localhost/a.jpg",
      "https://app.localhost/a.jpg",
      "https://printer.local/a.jpg",
      "https://nas.home.arpa/a.jpg",
      "https://db.internal/a.jpg",
      "https://intranet/a.jpg",
    ]) {
      expect(hasPublicHost(value), value).toBe(false);
    }
  });

  it("refuses private, loopback, link-local and reserved IPv4 addresses", () => {
    for (const host of [
      "127.0.0.1",
      "127.255.0.9",
      "10.0.0.1",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.20",
      "169.254.169.254",
      "0.0.0.0",
      "100.64.0.1",
      "224.0.0.1",
      "255.255.255.255",
    ]) {
      expect(hasPublicHost(`https://${host}/a.jpg`), host).toBe(false);
    }
  });

  it("refuses IPv4 written as one decimal, hex or octal number, or with fewer parts", () => {
    for (const host of ["2130706433", "0x7f000001", "0x7f.1", "017700000001", "0177.0.0.1", "127.1", "10.1", "3232235777", "0"]) {
      expect(hasPublicHost(`https://${host}/a.jpg`), host).toBe(false);
    }
  });

  it("refuses private IPv6 addresses and IPv4 addresses wrapped in IPv6", () => {
    for (const host of [
      "::1",
      "::",
      "0:0:0:0:0:0:0:1",
      "fc00::1",
      "fd12:3456::1",
      "fe80::1",
      "febf::1",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:10.0.0.1",
      "::127.0.0.1",
      "64:ff9b::a9fe:a9fe",
      "2002:c0a8:101::1",
      "2001:db8::1",
    ]) {
      expect(hasPublicHost(`https://[${host}]/a.jpg`), host).toBe(false);
    }
  });

  it("refuses what it cannot read", () => {
    expect(hasPublicHost("not a url")).toBe(false);
    expect(hasPublicHost("")).toBe(false);
  });
});

describe("isPublicHttpsUrl", () => {
  it("needs both https and a public host", () => {
    expect(isPublicHttpsUrl("https://images.example.com/a.jpg")).toBe(true);
    expect(isPublicHttpsUrl("http://images.example.com/a.jpg")).toBe(false);
    expect(isPublicHttpsUrl("https://127.0.0.1/a.jpg")).toBe(false);
  });
});

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

/** A French translator of the few messages these tests read (the catalogs' own are the lead's to merge). */
const FRENCH: Record<string, (values: Record<string, unknown>) => string> = {
  "{city} time": (v) => `heure de ${v.city}`,
  "{days, plural, one {+# day} other {+# days}}": (v) => `+${v.days} ${v.days === 1 ? "jour" : "jours"}`,
  "{days, plural, one {−# day} other {−# days}}": (v) => `−${v.days} ${v.days === 1 ? "jour" : "jours"}`,
  "{start} – {end}": (v) => `${v.start} – ${v.end}`,
  "{time} does not exist on {date} in {city}: clocks go forward": (v) =>
    `${v.time} n’existe pas le ${v.date} à ${v.city} : on avance l’heure`,
};
const french: Words = { locale: "fr", _: (id, values = {}) => FRENCH[id]?.(values) ?? id };

/** A translator as the Worker's is before `npm run i18n` gives it this file's messages: it answers their ids. */
const uncatalogued = setupI18n({ locale: "en", messages: { en: {} }, missing: (_locale, id) => id });

describe("times and dates in the reader's language", () => {
  const nineInLisbon = at("2027-01-12T09:00:00Z");
  afterEach(() => setPageLocale(null));

  it("keeps the spec's English, for 'en' and for the pseudo-locale alike", () => {
    for (const lang of [undefined, "en", "en-XA"]) {
      expect(formatTime(nineInLisbon, "Europe/Lisbon", lang)).toBe("09:00 AM");
      expect(formatTimeSeen(at("2027-01-12T16:00:00Z"), "America/New_York", "Asia/Tokyo", lang)).toBe("01:00 AM Tokyo time +1 day");
      expect(formatDate("2027-03-14", lang)).toBe("Mar 14, 2027");
      expect(formatDay("2027-03-13", lang)).toBe("Sat, Mar 13");
      expect(zoneName(at("2027-01-12T14:00:00Z"), "America/New_York", lang)).toBe("New York time (EST)");
      expect(overlapNote("2027-11-07", "01:30", "America/New_York", lang)).toBe(
        "1:30 AM happens twice on Nov 7, 2027 in New York (clocks go back): the first is used",
      );
    }
  });

  it("words English through a translator whose catalog lacks this file's messages yet (it answers their ids)", () => {
    expect(formatTimeSeen(at("2027-01-12T06:00:00Z"), "Europe/Lisbon", "America/Los_Angeles", uncatalogued)).toBe("10:00 PM PST −1 day");
    expect(itinerarySummary(new Date("2027-03-12T00:00:00Z"), new Date("2027-03-13T00:00:00Z"), "UTC", uncatalogued)).toBe(
      "1-day itinerary · Mar 12, 2027",
    );
  });

  it("reads a 24-hour clock in German ('09:00'), and the locale's date order", () => {
    expect(formatTime(nineInLisbon, "Europe/Lisbon", "de")).toBe("09:00");
    expect(formatTime(at("2027-01-12T21:30:00Z"), "Europe/Lisbon", "de")).toBe("21:30");
    expect(formatDate("2027-03-14", "de")).toBe("14. März 2027");
    expect(formatDateRange("2027-03-12T00:00:00Z", "2027-03-15T00:00:00Z", "UTC", "de")).toBe("12. März – 14. März 2027");
    expect(formatTimeInZone(at("2027-01-12T08:00:00Z"), "Europe/Berlin", "de")).toBe("09:00 MEZ");
  });

  it("reads Japanese's clock as Intl writes it, and Korean's with its day period", () => {
    expect(formatTime(nineInLisbon, "Europe/Lisbon", "ja")).toMatch(/^0?9:00$/);
    expect(formatTime(at("2027-01-12T21:30:00Z"), "Europe/Lisbon", "ko")).toMatch(/^오후 0?9:30$/);
    expect(formatDate("2027-03-14", "ja")).toBe("2027年3月14日");
  });

  it("writes Arabic's digits and day periods as Intl gives them for 'ar'", () => {
    const cycle = new Intl.DateTimeFormat("ar", { hour: "numeric" }).resolvedOptions().hourCycle;
    const hour = cycle === "h23" || cycle === "h24" ? "2-digit" : "numeric";
    const intl = new Intl.DateTimeFormat("ar", { hour, minute: "2-digit", timeZone: "Europe/Lisbon" });
    expect(formatTime(at("2027-01-12T21:30:00Z"), "Europe/Lisbon", "ar")).toBe(intl.format(new Date("2027-01-12T21:30:00Z")));
    const day = new Intl.DateTimeFormat("ar", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
    expect(formatDate("2027-03-14", "ar")).toBe(day.format(new Date("2027-03-14T00:00:00Z")));
  });

  it("says a day shift, a zone's city and a gap in French", () => {
    expect(formatTimeSeen(at("2027-01-12T16:00:00Z"), "America/New_York", "Asia/Tokyo", french)).toBe("01:00 heure de Tokyo +1 jour");
    expect(formatTimeRange(at("2027-01-12T06:00:00Z"), at("2027-01-12T07:30:00Z"), "Europe/Lisbon", "America/Los_Angeles", french)).toBe(
      "22:00 – 23:30 heure de Los Angeles −1 jour",
    );
    expect(gapMessage("2027-03-14", "02:30", "America/New_York", french)).toBe(
      "02:30 n’existe pas le 14 mars 2027 à New York : on avance l’heure",
    );
  });

  it("words in the page's language when no language is given", () => {
    setPageLocale(french);
    expect(formatTimeSeen(at("2027-01-12T16:00:00Z"), "America/New_York", "Asia/Tokyo")).toBe("01:00 heure de Tokyo +1 jour");
    expect(formatTime(nineInLisbon, "Europe/Lisbon", "en")).toBe("09:00 AM");
  });
});
