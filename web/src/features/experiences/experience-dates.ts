import { addDays, daysBetween, localDate } from "@worker/shared/time-zone";

// An experience's dates as its forms show and send them: local dates (YYYY-MM-DD) of the experience's zone. The routes
// read a plain date as that zone's local date, so nothing here turns a date into an instant.

/** The experience's first day, as a date input shows it. */
export const firstDay = (event: { startTime: string; timeZone: string }) => localDate(Date.parse(event.startTime), event.timeZone);

/** The experience's last day (its end is the exclusive local midnight after it), as a date input shows it. */
export function lastDay(event: { startTime: string; endTime: string; timeZone: string }): string {
  const first = firstDay(event);
  const after = localDate(Date.parse(event.endTime), event.timeZone);
  return after > first ? addDays(after, -1) : first;
}

/** The exclusive end the routes read for a last day: the local date after it. */
export const dayAfter = (date: string) => addDays(date, 1);

/** `date` moved by as many days as lie from `from` to `to` (all YYYY-MM-DD). */
export const shiftDate = (date: string, from: string, to: string) => addDays(date, daysBetween(from, to));
