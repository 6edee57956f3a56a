import type { Db } from "@worker/db/client";
import type { Bindings } from "@worker/env";
import { notFound } from "@worker/lib/errors";
import { dispositionHeader } from "@worker/lib/files";
import { itineraryPageUrl } from "./itinerary-page";
import { loadItinerary, type Itinerary } from "@worker/domain/itinerary";
import { localDate } from "@worker/shared/time-zone";
import type { ActivityView, LocationView } from "./itinerary.schema";

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

/** A DATE (RFC 5545 §3.3.4) of the local date an instant falls on in the zone: 20270312. */
const localDateValue = (date: Date, zone: string) => localDate(date.getTime(), zone).replace(/-/g, "");

/** What a calendar shows as the place: the free text, or the chosen place's name and address. */
function locationText(location: LocationView | null): string {
  if (!location) return "";
  if (typeof location === "string") return location;
  const { mainText, secondaryText } = location.structuredFormat;
  return [mainText.text, secondaryText?.text].filter((part) => part && part.trim()).join(", ");
}

const property = (name: string, value: string) => foldLine(`${name}:${value}`);

/** One activity as a VEVENT: its UID made from the activity's id, so a second import updates the first instead of doubling it. */
function activityEvent(activity: ActivityView, context: { pageUrl: string; uidDomain: string; stamp: string }): string[] {
  const location = locationText(activity.location);
  return [
    "BEGIN:VEVENT",
    property("UID", `activity-${activity.id}@${context.uidDomain}`),
    property("DTSTAMP", context.stamp),
    property("DTSTART", utcDateTime(new Date(activity.startDateTime))),
    property("DTEND", utcDateTime(new Date(activity.endDateTime))),
    property("SUMMARY", escapeText(activity.name)),
    ...(location ? [property("LOCATION", escapeText(location))] : []),
    property("DESCRIPTION", describeWithLink(activity.description, context.pageUrl)),
    property("URL", context.pageUrl),
    "END:VEVENT",
  ];
}

const describeWithLink = (text: string, pageUrl: string) => escapeText([text.trim(), pageUrl].filter(Boolean).join("\n\n"));

/**
 * A calendar of the given events. Times are UTC instants (DTSTART:20270312T090000Z), which every calendar places at
 * the same moment without a VTIMEZONE of ours to trust; X-WR-TIMEZONE names the experience's zone for the calendars
 * that show a subscribed calendar on its clock.
 */
function calendar(name: string, zone: string, vevents: string[][]): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Experiences//Itinerary//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    property("X-WR-CALNAME", escapeText(name)),
    property("X-WR-TIMEZONE", zone),
    ...vevents.flat(),
    "END:VCALENDAR",
  ];
  return lines.join(CRLF) + CRLF;
}

/**
 * The itinerary as a calendar: one VEVENT per activity. A calendar needs at least one component, so an itinerary
 * without activities holds the experience itself as an all-day event on its local dates.
 */
function itineraryCalendar(itinerary: Itinerary, pageUrl: string, uidDomain: string, now: Date): string {
  const { event } = itinerary;
  const context = { pageUrl, uidDomain, stamp: utcDateTime(now) };
  const vevents = itinerary.programs.flatMap((program) => program.activities.map((activity) => activityEvent(activity, context)));
  if (vevents.length === 0) {
    vevents.push([
      "BEGIN:VEVENT",
      property("UID", `experience-${event.id}@${uidDomain}`),
      property("DTSTAMP", context.stamp),
      property("DTSTART;VALUE=DATE", localDateValue(event.startTime, event.timeZone)),
      property("DTEND;VALUE=DATE", localDateValue(event.endTime, event.timeZone)),
      property("SUMMARY", escapeText(event.name)),
      property("DESCRIPTION", describeWithLink(event.description, pageUrl)),
      property("URL", pageUrl),
      "END:VEVENT",
    ]);
  }
  return calendar(event.name, event.timeZone, vevents);
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

/**
 * One activity's calendar file, by the same rule as the whole itinerary's (anyone holding the link); its VEVENT is the
 * one the whole calendar holds for it (same UID), so importing both never doubles it.
 */
export async function activityCalendarFile(
  env: Bindings,
  db: Db,
  eventId: string,
  activityId: string,
  now = new Date(),
): Promise<{ body: string; disposition: string }> {
  const itinerary = await loadItinerary(env, db, eventId);
  if (!itinerary) throw notFound("Event not found");
  const activity = itinerary.programs.flatMap((program) => program.activities).find((a) => a.id === activityId);
  if (!activity) throw notFound("Activity not found");
  const context = { pageUrl: itineraryPageUrl(env, eventId), uidDomain: new URL(env.APP_ORIGIN).host, stamp: utcDateTime(now) };
  const body = calendar(activity.name, itinerary.event.timeZone, [activityEvent(activity, context)]);
  return { body, disposition: calendarDisposition(activity.name) };
}
