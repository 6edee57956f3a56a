import { programs, activities } from "@worker/db/schema";
import { addDays, instantAt, localDate, offsetAt, startOfLocalDay } from "@worker/shared/time-zone";
import { db, makeEvent } from "./helpers";
import { DAY } from "./time";

/** The instant of a wall-clock time that exists once in the zone (a test's own times never fall in a gap). */
export function at(date: string, time: string, zone: string): number {
  const resolved = instantAt(date, time, zone);
  if ("gap" in resolved) throw new Error(`${date} ${time} does not exist in ${zone}`);
  return resolved.instant;
}

/** An experience in `zone` whose first local date is `firstDate`, with one day per local date, stored directly. */
export async function zonedExperience(
  ownerId: string,
  zone: string,
  firstDate: string,
  dayCount = 3,
  fields: Parameters<typeof makeEvent>[1] = {},
) {
  const event = await makeEvent(ownerId, {
    timeZone: zone,
    startTime: new Date(startOfLocalDay(firstDate, zone)),
    endTime: new Date(startOfLocalDay(addDays(firstDate, dayCount), zone)),
    ...fields,
  });
  const days = Array.from({ length: dayCount }, (_, i) => ({
    id: crypto.randomUUID(),
    eventId: event.id,
    dayIndex: i,
    date: addDays(firstDate, i),
    name: `Day ${i + 1}`,
  }));
  await db().insert(programs).values(days);
  return { event, days };
}

/** An activity stored directly, from `start` to `end` (instants). */
export async function zonedActivity(
  eventId: string,
  programId: string,
  start: number,
  end: number,
  fields: Partial<typeof activities.$inferInsert> = {},
) {
  const row = {
    id: crypto.randomUUID(),
    eventId,
    programId,
    name: "Session",
    description: "Talks",
    startTime: new Date(start),
    endTime: new Date(end),
    ...fields,
  };
  await db().insert(activities).values(row);
  return row;
}

/** An activity stored directly on `date`, from `from` to `to` on `zone`'s clock (times the zone has once). */
export const localActivity = (
  eventId: string,
  programId: string,
  date: string,
  [from, to]: [string, string],
  zone: string,
  fields: Partial<typeof activities.$inferInsert> = {},
) => zonedActivity(eventId, programId, at(date, from, zone), at(date, to, zone), fields);

/**
 * The next local date, from a few days ahead and within the coming year, on which the zone's clocks go forward
 * (`forward`) or back: tests that move an itinerary across a clock change stay true whatever day they run.
 */
export function nextClockChange(zone: string, direction: "forward" | "back", from = Date.now() + 3 * DAY): string {
  // Counted in calendar days from the first local date: steps of 24 hours from a late-evening instant would skip the
  // very day the clocks go forward (23:15 + 24 h is 00:15 two dates on), and then fail between 23:00 and midnight there.
  const first = localDate(from, zone);
  for (let day = 0; day < 360; day++) {
    const date = addDays(first, day);
    const change = offsetAt(startOfLocalDay(addDays(date, 1), zone), zone) - offsetAt(startOfLocalDay(date, zone), zone);
    if (direction === "forward" ? change > 0 : change < 0) return date;
  }
  throw new Error(`${zone} changes its clocks ${direction} nowhere in the coming year`);
}
