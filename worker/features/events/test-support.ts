import { eq } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import { events, programs } from "../../db/schema";
import { apiAs } from "../../test/client";
import { addGuest, addHost, db, makeEvent, makeUser } from "../../test/helpers";
import { DAY, dateOf, iso, todayUtc } from "../../test/time";

type NewExperience = InferRequestType<ReturnType<typeof apiAs>["api"]["events"]["$post"]>["form"];

/** A valid New Experience form: three days from tomorrow, no AI. */
export const experienceForm = () =>
  ({ name: "Lisbon Retreat", startIsoTime: iso(todayUtc() + DAY), endIsoTime: iso(todayUtc() + 4 * DAY), isAIMode: "false" }) as const;

/** Creates an experience through the API from the valid form with `fields` changed. */
export const createEvent = (token: string, fields: Partial<NewExperience> = {}) => apiAs(token).api.events.$post({ form: { ...experienceForm(), ...fields } });

/** Adds the day `dayIndex` (its date counted from the experience's start) to an experience made without days. */
export async function addDay(eventId: string, dayIndex: number, fields: Partial<typeof programs.$inferInsert> = {}) {
  const [event] = await db().select().from(events).where(eq(events.id, eventId));
  const row = { id: crypto.randomUUID(), eventId, dayIndex, date: dateOf(event!.startTime.getTime() + dayIndex * DAY), name: `Day ${dayIndex + 1}`, ...fields };
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
