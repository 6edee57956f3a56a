import { eq } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import { expect } from "vitest";
import { activities, documents } from "@worker/db/schema";
import { apiAs, errorOf, type Answer } from "@worker/test/client";
import { db } from "@worker/test/helpers";
import { addActivity, cast, storedImage } from "@worker/test/itinerary";
import { DAY, HOUR, iso } from "@worker/test/time";

const activitiesOf = (token: string) => apiAs(token).api.events[":eventId"].programs[":dayId"].activity;
type NewActivity = InferRequestType<ReturnType<typeof activitiesOf>["$post"]>["form"];
export type ActivityChange = InferRequestType<ReturnType<typeof activitiesOf>[":activityId"]["$put"]>["json"];
type ImageLink = InferRequestType<ReturnType<typeof activitiesOf>[":activityId"]["image"]["external"]["$post"]>["json"];

export const create = (eventId: string, dayId: string, token: string, fields: NewActivity) =>
  activitiesOf(token).$post({ param: { eventId, dayId }, form: fields });
export const get = (eventId: string, dayId: string, activityId: string, token: string) =>
  activitiesOf(token)[":activityId"].$get({ param: { eventId, dayId, activityId } });
export const put = (eventId: string, dayId: string, activityId: string, token: string, json: ActivityChange) =>
  activitiesOf(token)[":activityId"].$put({ param: { eventId, dayId, activityId }, json });
export const remove = (eventId: string, dayId: string, activityId: string, token: string) =>
  activitiesOf(token)[":activityId"].$delete({ param: { eventId, dayId, activityId } });
export const uploadImage = (eventId: string, dayId: string, activityId: string, token: string, file: File) =>
  activitiesOf(token)[":activityId"].image.$post({ param: { eventId, dayId, activityId }, form: { file } });
export const linkImage = (eventId: string, dayId: string, activityId: string, token: string, json: ImageLink) =>
  activitiesOf(token)[":activityId"].image.external.$post({ param: { eventId, dayId, activityId }, json });

export const activityRow = async (id: string) => (await db().select().from(activities).where(eq(activities.id, id)))[0];

export const PLACE = {
  structuredFormat: { mainText: { text: "Time Out Market" }, secondaryText: { text: "Av. 24 de Julho, Lisboa" } },
  description: "Time Out Market, Av. 24 de Julho, Lisboa",
  googleMapsUri: "https://maps.google.com/?cid=1",
  placeId: "ChIJ123",
};

/** A valid new activity on the first day of an experience that starts at `start`. */
export const fieldsAt = (start: number, more: Partial<NewActivity> = {}) => ({
  name: "Walking tour",
  description: "Old town by foot",
  startIsoTime: iso(start + 9 * HOUR),
  endIsoTime: iso(start + 11 * HOUR),
  ...more,
});

export async function addDocument(eventId: string) {
  const doc = { id: crypto.randomUUID(), eventId, fileId: (await storedImage(eventId)).fileId };
  await db().insert(documents).values(doc);
  return doc;
}

/**
 * The same refusals for every organiser-only call: guests and strangers, anonymous callers, and another
 * event's activity (or the right event's activity under another of its days) reached through this path.
 */
export async function expectOrganisersOnly(
  request: (eventId: string, dayId: string, activityId: string, token: string) => Promise<Answer>,
) {
  const { host, guest, stranger, pub, priv } = await cast();
  const pubActivity = await addActivity(pub.event.id, pub.days[0]!.id, pub.start + 9 * HOUR);
  const privActivity = await addActivity(priv.event.id, priv.days[0]!.id, priv.start + 9 * HOUR);
  const secondDay = await addActivity(priv.event.id, priv.days[1]!.id, priv.start + DAY + 9 * HOUR);
  expect((await request(pub.event.id, pub.days[0]!.id, pubActivity.id, guest.token)).status).toBe(403);
  expect((await request(priv.event.id, priv.days[0]!.id, privActivity.id, guest.token)).status).toBe(403);
  expect((await request(pub.event.id, pub.days[0]!.id, pubActivity.id, stranger.token)).status).toBe(403);
  const hidden = await request(priv.event.id, priv.days[0]!.id, privActivity.id, stranger.token);
  expect(hidden.status).toBe(404);
  expect(await errorOf(hidden)).toBe("Event not found");
  expect((await request(pub.event.id, pub.days[0]!.id, pubActivity.id, "")).status).toBe(401);
  for (const [eventId, dayId, activityId] of [
    [pub.event.id, pub.days[0]!.id, privActivity.id],
    [pub.event.id, priv.days[0]!.id, privActivity.id],
    [priv.event.id, priv.days[0]!.id, secondDay.id],
    [priv.event.id, priv.days[0]!.id, crypto.randomUUID()],
  ] as const) {
    const crossed = await request(eventId, dayId, activityId, host.token);
    expect(crossed.status).toBe(404);
    expect(await errorOf(crossed)).toBe("Activity not found");
  }
  const ok = await request(priv.event.id, priv.days[0]!.id, privActivity.id, host.token);
  expect(ok.status, await ok.clone().text()).toBeLessThan(300);
}
