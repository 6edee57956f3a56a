import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { apiAs } from "@worker/test/client";
import { addGuest, addHost, makeEvent, makeUser } from "@worker/test/helpers";
import type { BulletinForm } from "./bulletin.schema";

const bulletin = (token?: string) => apiAs(token).api.bulletin[":eventId"];

export const readBulletins = (token: string | undefined, eventId: string) => bulletin(token).$get({ param: { eventId } });
export const sendBulletin = (token: string | undefined, eventId: string, form: BulletinForm) =>
  bulletin(token).$post({ param: { eventId }, form });
export const deleteBulletin = (token: string | undefined, eventId: string, bulletinId: string) =>
  bulletin(token)[":bulletinId"].$delete({ param: { eventId, bulletinId } });

/** An experience with its owner, a host, an attending guest, someone only invited, and a signed-in stranger. */
export async function bulletinCrew(fields: Parameters<typeof makeEvent>[1] = {}) {
  const [owner, host, guest, invited, stranger] = await Promise.all(
    ["Olga", "Hana", "Gus", "Ivy", "Sam"].map((firstName) => makeUser({ firstName })),
  );
  const event = await makeEvent(owner!.id, fields);
  await addHost(event.id, host!.id);
  await addGuest(event.id, guest!, "YES");
  await addGuest(event.id, invited!, "REQUESTED");
  return { owner: owner!, host: host!, guest: guest!, invited: invited!, stranger: stranger!, event };
}

/** Posts as the owner or a host and answers the bulletin. */
export async function posted(
  token: string,
  eventId: string,
  form: BulletinForm = { title: "Shuttle times", description: "Buses leave at 9:00" },
) {
  const response = await sendBulletin(token, eventId, form);
  expect(response.status, "the bulletin is posted").toBe(201);
  return response.json();
}

export const objectsOf = async (eventId: string) => (await env.FILES.list({ prefix: `events/${eventId}/` })).objects;
