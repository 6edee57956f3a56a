import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { activities, events, files, programs, type ImageRef } from "@worker/db/schema";
import { apiAs } from "./client";
import { storedPng } from "./files";
import { addGuest, addHost, db, makeEvent, makeUser } from "./helpers";
import { DAY, dateOf, HOUR, todayUtc } from "./time";

/** An uploaded picture stored under the event, as an experience, a day or an activity would hold it. */
export async function storedImage(eventId: string): Promise<ImageRef & { source: "UPLOAD" }> {
  return { source: "UPLOAD", fileId: await storedPng({ eventId, uploaderId: null }) };
}

/** Whether the file's row and its R2 object both exist. */
export async function fileExists(fileId: string) {
  const [row] = await db().select().from(files).where(eq(files.id, fileId));
  return !!row && (await env.FILES.head(row.key)) !== null;
}

/** An experience of `dayCount` days (one program per date from its start), by default starting on a UTC midnight a few days ahead. */
export async function experience(ownerId: string, dayCount = 3, fields: Partial<typeof events.$inferInsert> = {}) {
  const start = fields.startTime?.getTime() ?? todayUtc() + 2 * DAY;
  const event = await makeEvent(ownerId, { startTime: new Date(start), endTime: new Date(start + dayCount * DAY), ...fields });
  const days = Array.from({ length: dayCount }, (_, i) => ({
    id: crypto.randomUUID(),
    eventId: event.id,
    dayIndex: i,
    date: dateOf(start + i * DAY),
    name: `Day ${i + 1}`,
  }));
  await db().insert(programs).values(days);
  return { event, start, days };
}

/** An hour-long activity starting at `startTime` (ms). */
export async function addActivity(
  eventId: string,
  programId: string,
  startTime: number,
  fields: Partial<typeof activities.$inferInsert> = {},
) {
  const row = {
    id: crypto.randomUUID(),
    eventId,
    programId,
    name: "Walk",
    description: "Along the river",
    startTime: new Date(startTime),
    endTime: new Date(startTime + HOUR),
    ...fields,
  };
  await db().insert(activities).values(row);
  return row;
}

export async function eventVersion(eventId: string) {
  const [row] = await db().select({ version: events.version }).from(events).where(eq(events.id, eventId));
  return row!.version;
}

/** A user in every role: the owner, a host and a guest of both a public and a private experience, and a stranger. */
export async function cast(dayCount = 3) {
  const [owner, host, guest, stranger] = await Promise.all([makeUser(), makeUser(), makeUser(), makeUser()]);
  const pub = await experience(owner.id, dayCount, { privacy: "PUBLIC" });
  const priv = await experience(owner.id, dayCount, { privacy: "PRIVATE" });
  for (const { event } of [pub, priv]) {
    await addHost(event.id, host.id);
    await addGuest(event.id, guest);
  }
  return { owner, host, guest, stranger, pub, priv };
}

/** The itinerary behind the share link, as anyone with the link reads it. */
export async function publicItinerary(eventId: string) {
  const response = await apiAs().oapi.itinerary[":eventId"].$get({ param: { eventId } });
  return response.json();
}
