import { env } from "cloudflare:workers";
import { asc, eq } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import { expect } from "vitest";
import { activities, events, programs } from "@worker/db/schema";
import { apiAs } from "./client";
import { addGuest, addHost, db, makeEvent, makeUser } from "./helpers";
import { DAY, dateOf, iso, todayUtc } from "./time";

type NewExperience = InferRequestType<ReturnType<typeof apiAs>["api"]["events"]["$post"]>["form"];

/** A valid New Experience form: three days from tomorrow, no AI. */
export const experienceForm = () =>
  ({ name: "Lisbon Retreat", startIsoTime: iso(todayUtc() + DAY), endIsoTime: iso(todayUtc() + 4 * DAY), isAIMode: "false" }) as const;

/** Creates an experience through the API from the valid form with `fields` changed (and the request's `headers`). */
export const createEvent = (token: string, fields: Partial<NewExperience> = {}, headers: Record<string, string> = {}) =>
  apiAs(token).api.events.$post({ form: { ...experienceForm(), ...fields } }, { headers });

/** Adds the day `dayIndex` (its date counted from the experience's start) to an experience made without days. */
export async function addDay(eventId: string, dayIndex: number, fields: Partial<typeof programs.$inferInsert> = {}) {
  const [event] = await db().select().from(events).where(eq(events.id, eventId));
  const row = {
    id: crypto.randomUUID(),
    eventId,
    dayIndex,
    date: dateOf(event!.startTime.getTime() + dayIndex * DAY),
    name: `Day ${dayIndex + 1}`,
    ...fields,
  };
  await db().insert(programs).values(row);
  return row;
}

/** A private event, a public one (both without days), and one user in every role on both. */
export async function cast() {
  const [owner, host, guest, stranger] = await Promise.all([makeUser(), makeUser(), makeUser(), makeUser()]);
  const publicEvent = await makeEvent(owner.id, { privacy: "PUBLIC" });
  const privateEvent = await makeEvent(owner.id, { privacy: "PRIVATE" });
  for (const event of [publicEvent, privateEvent]) {
    await addHost(event.id, host.id);
    await addGuest(event.id, guest);
  }
  return { owner, host, guest, stranger, publicEvent, privateEvent };
}

/** How many experiences, days, activities and files are stored: a refused creation leaves them all as they were. */
export async function storedCounts() {
  const tables = ["events", "programs", "activities", "files"] as const;
  const results = await env.DB.batch(tables.map((table) => env.DB.prepare(`select count(*) as n from ${table}`)));
  return Object.fromEntries(tables.map((table, i) => [table, (results[i]!.results[0] as { n: number }).n]));
}

/** An experience's days in order, each with its activities as "HH:mm-HH:mm name @ location" in time order. */
export async function storedItinerary(eventId: string) {
  const [days, acts] = await db().batch([
    db().select().from(programs).where(eq(programs.eventId, eventId)).orderBy(asc(programs.dayIndex)),
    db().select().from(activities).where(eq(activities.eventId, eventId)).orderBy(asc(activities.startTime)),
  ]);
  const time = (at: Date) => at.toISOString().slice(11, 16);
  return days.map((day) => ({
    date: day.date,
    name: day.name,
    description: day.description,
    activities: acts
      .filter((a) => a.programId === day.id)
      .map((a) => {
        expect(dateOf(a.startTime.getTime()), a.name).toBe(day.date);
        return `${time(a.startTime)}-${time(a.endTime)} ${a.name}${typeof a.location === "string" ? ` @ ${a.location}` : ""}`;
      }),
  }));
}
