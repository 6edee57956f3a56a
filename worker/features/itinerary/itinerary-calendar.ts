import type { Db } from "@worker/db/client";
import type { Bindings } from "@worker/env";
import { notFound } from "@worker/lib/errors";
import { dispositionHeader } from "@worker/lib/files";
import { itineraryPageUrl } from "./itinerary-page";
import { loadItinerary, type Itinerary } from "@worker/domain/itinerary";
import type { LocationView } from "./itinerary.schema";

// An iCalendar file (RFC 5545) of the itinerary's activities, for "Add to calendar" on the share link's page.

const CRLF = "\r\n";
/** RFC 5545 §3.1: content lines are folded so that none is longer than 75 octets, line break excluded. */
const MAX_LINE_OCTETS = 75;
const encoder = new TextEncoder();

/** RFC 5545 §3.3.11: backslash, semicolon and comma are escaped, a line break becomes \n; other control characters are not allowed. */
export function escapeText(value: string): string {
  return (
    value
      .replace(/\\/g, "\\\\")
      .replace(/;/g, "\\;")
      .replace(/,/g, "\\,")
      .replace(/\r\n|\r|\n/g, "\\n")
      // eslint-disable-next-line no-control-regex -- control characters are what this removes (RFC 5545 forbids them).
      .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, "")
  );
}

/** Splits a content line into 75-octet lines joined by CRLF and a space, never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // Each continuation line starts with the space that marks it, which counts against its 75 octets.
    const limit = lines.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      lines.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join(`${CRLF} `);
}

/** A DATE-TIME in UTC (RFC 5545 §3.3.5, form 2): 20270312T090000Z. */
const utcDateTime = (date: Date) =>
  date
    .toISOString()
    .replace(/\.\d{3}/, "")
    .replace(/[-:]/g, "");

/** A DATE (RFC 5545 §3.3.4): 20270312. */
const utcDate = (date: Date) => date.toISOString().slice(0, 10).replace(/-/g, "");

/** What a calendar shows as the place: the free text, or the chosen place's name and address. */
function locationText(location: LocationView | null): string {
  if (!location) return "";
  if (typeof location === "string") return location;
  const { mainText, secondaryText } = location.structuredFormat;
  return [mainText.text, secondaryText?.text].filter((part) => part && part.trim()).join(", ");
}

const property = (name: string, value: string) => foldLine(`${name}:${value}`);

/**
 * The itinerary as a calendar: one VEVENT per activity, its UID made from the activity's id so a second import
 * updates the first instead of doubling it. A calendar needs at least one component, so an itinerary without
 * activities holds the experience itself as an all-day event.
 */
function itineraryCalendar(itinerary: Itinerary, pageUrl: string, uidDomain: string, now: Date): string {
  const { event } = itinerary;
  const stamp = utcDateTime(now);
  const describe = (text: string) => escapeText([text.trim(), pageUrl].filter(Boolean).join("\n\n"));
  const vevents = itinerary.programs.flatMap((program) =>
    program.activities.map((activity) => {
      const location = locationText(activity.location);
      return [
        "BEGIN:VEVENT",
        property("UID", `activity-${activity.id}@${uidDomain}`),
        property("DTSTAMP", stamp),
        property("DTSTART", utcDateTime(new Date(activity.startDateTime))),
        property("DTEND", utcDateTime(new Date(activity.endDateTime))),
        property("SUMMARY", escapeText(activity.name)),
        ...(location ? [property("LOCATION", escapeText(location))] : []),
        property("DESCRIPTION", describe(activity.description)),
        property("URL", pageUrl),
        "END:VEVENT",
      ];
    }),
  );
  if (vevents.length === 0) {
    vevents.push([
      "BEGIN:VEVENT",
      property("UID", `experience-${event.id}@${uidDomain}`),
      property("DTSTAMP", stamp),
      property("DTSTART;VALUE=DATE", utcDate(event.startTime)),
      property("DTEND;VALUE=DATE", utcDate(event.endTime)),
      property("SUMMARY", escapeText(event.name)),
      property("DESCRIPTION", describe(event.description)),
      property("URL", pageUrl),
      "END:VEVENT",
    ]);
  }
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Experiences//Itinerary//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    property("X-WR-CALNAME", escapeText(event.name)),
    ...vevents.flat(),
    "END:VCALENDAR",
  ];
  return lines.join(CRLF) + CRLF;
}

/** Content-Disposition for the download: the experience's name, without characters a file name may not hold. */
function calendarDisposition(name: string): string {
  const stem = name
    // eslint-disable-next-line no-control-regex -- control characters are what this removes.
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 100)
    .trim();
  return dispositionHeader("attachment", `${stem || "itinerary"}.ics`);
}

/** The calendar file of an experience, for anyone holding its link (the same rule as the public itinerary). */
export async function calendarFile(
  env: Bindings,
  db: Db,
  eventId: string,
  now = new Date(),
): Promise<{ body: string; disposition: string }> {
  const itinerary = await loadItinerary(env, db, eventId);
  if (!itinerary) throw notFound("Event not found");
  const body = itineraryCalendar(itinerary, itineraryPageUrl(env, eventId), new URL(env.APP_ORIGIN).host, now);
  return { body, disposition: calendarDisposition(itinerary.event.name) };
}
