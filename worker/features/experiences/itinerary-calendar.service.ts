import type { Db } from "@worker/db/client";
import type { Location } from "@worker/db/schema";
import { activityEvent, calendar, experienceEvent, itineraryPageUrl, utcDateTime, type CalendarActivity } from "@worker/domain/icalendar";
import type { Bindings } from "@worker/env";
import { notFound } from "@worker/lib/errors";
import { dispositionHeader } from "@worker/lib/files";
import type { ActivityView } from "@worker/shared/itinerary.schema";
import { loadItinerary, type Itinerary } from "./public-itinerary.service";

// An iCalendar file (RFC 5545) of the itinerary's activities, for "Add to calendar" on the share link's page.

/** An activity of the itinerary as the calendar tells it: without a place of its own, at the experience's venue. */
const calendarActivity = (activity: ActivityView, venue: Location | null): CalendarActivity => ({
  ...activity,
  location: activity.location ?? venue,
  start: new Date(activity.startDateTime),
  end: new Date(activity.endDateTime),
});

/**
 * The itinerary as a calendar: one VEVENT per activity. A calendar needs at least one component, so an itinerary
 * without activities holds the experience itself as an all-day event on its local dates.
 */
function itineraryCalendar(itinerary: Itinerary, pageUrl: string, uidDomain: string, now: Date): string {
  const { event } = itinerary;
  const context = { pageUrl, uidDomain, stamp: utcDateTime(now) };
  const vevents = itinerary.programs.flatMap((program) =>
    program.activities.map((activity) => activityEvent(calendarActivity(activity, event.venue), context)),
  );
  if (vevents.length === 0) vevents.push(experienceEvent(event, context));
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
  const itinerary = await loadItinerary(env, db, eventId, null);
  if (!itinerary) throw notFound(/*i18n*/ "Event not found");
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
  const itinerary = await loadItinerary(env, db, eventId, null);
  if (!itinerary) throw notFound(/*i18n*/ "Event not found");
  const activity = itinerary.programs.flatMap((program) => program.activities).find((a) => a.id === activityId);
  if (!activity) throw notFound(/*i18n*/ "Activity not found");
  const context = { pageUrl: itineraryPageUrl(env, eventId), uidDomain: new URL(env.APP_ORIGIN).host, stamp: utcDateTime(now) };
  const body = calendar(activity.name, itinerary.event.timeZone, [
    activityEvent(calendarActivity(activity, itinerary.event.venue), context),
  ]);
  return { body, disposition: calendarDisposition(activity.name) };
}
