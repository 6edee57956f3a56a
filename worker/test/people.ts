import { asc, eq } from "drizzle-orm";
import { eventHosts } from "@worker/db/schema";
import { apiAs } from "./client";
import { addGuest, addHost, db, makeEvent, makeUser } from "./helpers";

const people = (token: string) => apiAs(token).api.events[":eventId"];

export const makeHosts = (token: string, eventId: string, users: string[]) =>
  people(token).hosts.$post({ param: { eventId }, json: { users } });
export const unmakeHosts = (token: string, eventId: string, users: string[]) =>
  people(token).hosts.$delete({ param: { eventId }, json: { users } });
export const removeGuests = (token: string, eventId: string, users: string[]) =>
  people(token).guests.$delete({ param: { eventId }, json: { users } });

/** The experience's hosts as stored, by guid. */
export async function storedHosts(eventId: string) {
  const rows = await db()
    .select({ userId: eventHosts.userId })
    .from(eventHosts)
    .where(eq(eventHosts.eventId, eventId))
    .orderBy(asc(eventHosts.createdAt), asc(eventHosts.userId));
  return rows.map((row) => row.userId);
}

/**
 * An experience with its owner, a host, two attending guests (YES, MAYBE), someone only invited, and a stranger, with
 * these first names in that order.
 */
export async function namedCrew(names: [string, string, string, string, string, string], fields: Parameters<typeof makeEvent>[1] = {}) {
  const [owner, host, guest, other, invited, stranger] = await Promise.all(names.map((firstName) => makeUser({ firstName })));
  const event = await makeEvent(owner!.id, fields);
  await addHost(event.id, host!.id);
  await addGuest(event.id, guest!, "YES");
  await addGuest(event.id, other!, "MAYBE");
  await addGuest(event.id, invited!, "REQUESTED");
  return { owner: owner!, host: host!, guest: guest!, other: other!, invited: invited!, stranger: stranger!, event };
}

/**
 * An experience with an owner, two hosts who are also attending, two attending guests (YES, MAYBE), someone
 * invited (REQUESTED), someone asking to join, and a stranger.
 */
export async function crew(fields: Parameters<typeof makeEvent>[1] = {}) {
  const [owner, host, cohost, guest, other, invited, asking, stranger] = await Promise.all(Array.from({ length: 8 }, () => makeUser()));
  const event = await makeEvent(owner!.id, { rsvpType: "OPEN_INVITE", ...fields });
  for (const organiser of [host!, cohost!]) {
    await addHost(event.id, organiser.id);
    await addGuest(event.id, organiser, "YES");
  }
  await addGuest(event.id, guest!, "YES");
  await addGuest(event.id, other!, "MAYBE");
  await addGuest(event.id, invited!, "REQUESTED");
  await addGuest(event.id, asking!, "HOST_APPROVAL_REQUESTED");
  return {
    owner: owner!,
    host: host!,
    cohost: cohost!,
    guest: guest!,
    other: other!,
    invited: invited!,
    asking: asking!,
    stranger: stranger!,
    event,
  };
}
