import { asc, eq } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import { expect } from "vitest";
import { activities, programs } from "@worker/db/schema";
import { apiAs, errorOf, type Answer } from "@worker/test/client";
import { db } from "@worker/test/helpers";
import { cast } from "@worker/test/itinerary";

const daysOf = (token?: string) => apiAs(token).api.events[":eventId"].programs;
export type DayChange = InferRequestType<ReturnType<typeof daysOf>[":dayId"]["$put"]>["json"];
export type ImageLink = InferRequestType<ReturnType<typeof daysOf>[":dayId"]["image"]["external"]["$post"]>["json"];

export const put = (eventId: string, dayId: string, token: string, json: DayChange) =>
  daysOf(token)[":dayId"].$put({ param: { eventId, dayId }, json });
export const remove = (eventId: string, dayId: string, token: string) => daysOf(token)[":dayId"].$delete({ param: { eventId, dayId } });
export const clone = (eventId: string, dayId: string, token: string) => daysOf(token)[":dayId"].clone.$post({ param: { eventId, dayId } });
export const reorder = (eventId: string, token: string, programIds: string[]) =>
  daysOf(token).reorder.$post({ param: { eventId }, json: { programIds } });
export const uploadImage = (eventId: string, dayId: string, token: string, file: File) =>
  daysOf(token)[":dayId"].image.$post({ param: { eventId, dayId }, form: { file } });
export const linkImage = (eventId: string, dayId: string, token: string, json: ImageLink) =>
  daysOf(token)[":dayId"].image.external.$post({ param: { eventId, dayId }, json });

export const storedDays = (eventId: string) =>
  db().select().from(programs).where(eq(programs.eventId, eventId)).orderBy(asc(programs.dayIndex));
export const activitiesOf = (programId: string) =>
  db().select().from(activities).where(eq(activities.programId, programId)).orderBy(asc(activities.startTime));

/** Every change below must be refused the same way to everyone but organisers, and for another event's day. */
export async function expectOrganisersOnly(
  request: (eventId: string, dayId: string, token: string) => Promise<Answer>,
  { crossEvent = true } = {},
) {
  const { host, guest, stranger, pub, priv } = await cast();
  expect((await request(pub.event.id, pub.days[0]!.id, guest.token)).status).toBe(403);
  expect((await request(priv.event.id, priv.days[0]!.id, guest.token)).status).toBe(403);
  expect((await request(pub.event.id, pub.days[0]!.id, stranger.token)).status).toBe(403);
  const hidden = await request(priv.event.id, priv.days[0]!.id, stranger.token);
  expect(hidden.status).toBe(404);
  expect(await errorOf(hidden)).toBe("Event not found");
  expect((await request(pub.event.id, pub.days[0]!.id, "")).status).toBe(401);
  if (crossEvent) {
    // The host may, but not through one event's path with another event's day.
    const crossed = await request(pub.event.id, priv.days[0]!.id, host.token);
    expect(crossed.status).toBe(404);
    expect(await errorOf(crossed)).toBe("Day not found");
  }
  const ok = await request(priv.event.id, priv.days[1]!.id, host.token);
  expect(ok.status, await ok.clone().text()).toBeLessThan(300);
}
