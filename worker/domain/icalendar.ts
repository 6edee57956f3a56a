import type { Location } from "@worker/db/schema";
import type { Bindings } from "@worker/env";
import { placeLine } from "@worker/shared/places";
import { localDate } from "@worker/shared/time-zone";

// iCalendar (RFC 5545) building, shared by the one-off .ics files (features/itinerary) and the subscribed feed
// (features/calendar): the same VEVENT for an activity in both, so a calendar that holds both merges them by UID.

/** The share link's page, its og:url; every calendar event links to it. */
export const itineraryPageUrl = (env: Bindings, eventId: string) => `${env.APP_ORIGIN}/itinerary/${encodeURIComponent(eventId)}`;

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
export const utcDateTime = (date: Date) =>
  date
    .toISOString()
    .replace(/\.\d{3}/, "")
    .replace(/[-:]/g, "");

/** A DATE (RFC 5545 §3.3.4) of the local date an instant falls on in the zone: 20270312. */
const localDateValue = (date: Date, zone: string) => localDate(date.getTime(), zone).replace(/-/g, "");

const property = (name: string, value: string) => foldLine(`${name}:${value}`);

const describeWithLink = (text: string, pageUrl: string) => escapeText([text.trim(), pageUrl].filter(Boolean).join("\n\n"));

/** An activity as a calendar tells it. */
export interface CalendarActivity {
  id: string;
  name: string;
  description: string;
  location: Location | null;
  start: Date;
  /** Null: unknown (a cancelled activity, told by its start alone). */
  end: Date | null;
}

/** Where a VEVENT links to and when it was made; a feed adds what a subscribed calendar reads to update its copy. */
export interface VeventContext {
  pageUrl: string;
  uidDomain: string;
  /** DTSTAMP (UTC DATE-TIME). */
  stamp: string;
  /** The feed's SEQUENCE, LAST-MODIFIED and STATUS (RFC 5545 §3.8.7.4, §3.8.7.3, §3.8.1.11); none in a one-off file. */
  revision?: { sequence: number; lastModified: Date; cancelled?: boolean };
}

const revisionLines = (revision: VeventContext["revision"]) =>
  revision
    ? [
        property("SEQUENCE", String(revision.sequence)),
        property("LAST-MODIFIED", utcDateTime(revision.lastModified)),
        ...(revision.cancelled ? ["STATUS:CANCELLED"] : []),
      ]
    : [];

/** One activity as a VEVENT: its UID made from the activity's id, so a second import updates the first instead of doubling it. */
export function activityEvent(activity: CalendarActivity, context: VeventContext): string[] {
  const location = placeLine(activity.location);
  return [
    "BEGIN:VEVENT",
    property("UID", `activity-${activity.id}@${context.uidDomain}`),
    property("DTSTAMP", context.stamp),
    property("DTSTART", utcDateTime(activity.start)),
    ...(activity.end ? [property("DTEND", utcDateTime(activity.end))] : []),
    ...revisionLines(context.revision),
    property("SUMMARY", escapeText(activity.name)),
    ...(location ? [property("LOCATION", escapeText(location))] : []),
    property("DESCRIPTION", describeWithLink(activity.description, context.pageUrl)),
    property("URL", context.pageUrl),
    "END:VEVENT",
  ];
}

/** An experience as it is stored: its start is its first day's midnight, its end the midnight after its last day. */
export interface CalendarExperience {
  id: string;
  name: string;
  description: string;
  startTime: Date;
  endTime: Date;
  timeZone: string;
  /** Where it happens; also the place of its activities that have none of their own. */
  venue: Location | null;
}

/** The experience itself as an all-day event on its local dates (DTEND is exclusive: the day after its last). */
export function experienceEvent(experience: CalendarExperience, context: VeventContext): string[] {
  const venue = placeLine(experience.venue);
  return [
    "BEGIN:VEVENT",
    property("UID", `experience-${experience.id}@${context.uidDomain}`),
    property("DTSTAMP", context.stamp),
    property("DTSTART;VALUE=DATE", localDateValue(experience.startTime, experience.timeZone)),
    property("DTEND;VALUE=DATE", localDateValue(experience.endTime, experience.timeZone)),
    ...revisionLines(context.revision),
    property("SUMMARY", escapeText(experience.name)),
    ...(venue ? [property("LOCATION", escapeText(venue))] : []),
    property("DESCRIPTION", describeWithLink(experience.description, context.pageUrl)),
    property("URL", context.pageUrl),
    "END:VEVENT",
  ];
}

/**
 * A calendar of the given events. Times are UTC instants (DTSTART:20270312T090000Z), which every calendar places at
 * the same moment without a VTIMEZONE of ours to trust; X-WR-TIMEZONE, when given, names the experience's zone for the
 * calendars that show a calendar on its clock. `extra` holds calendar properties of a feed (refresh hints).
 */
export function calendar(name: string, zone: string | null, vevents: string[][], extra: string[] = []): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Experiences//Itinerary//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    property("X-WR-CALNAME", escapeText(name)),
    ...(zone ? [property("X-WR-TIMEZONE", zone)] : []),
    ...extra,
    ...vevents.flat(),
    "END:VCALENDAR",
  ];
  return lines.join(CRLF) + CRLF;
}
