import type { Bindings } from "@worker/env";
import { publish } from "@worker/live/publish";
import { purgePublicItinerary } from "./public-itinerary-cache";

/** After a write to days, activities or their documents has landed: drop the cached public itinerary and tell open browsers. */
export async function itineraryChanged(env: Bindings, requestUrl: string, eventId: string): Promise<void> {
  await purgePublicItinerary(env, eventId, new URL(requestUrl).origin);
  await publish(env, { type: "itinerary.changed", eventId });
}

/**
 * A route's write to a day or an activity: once it has landed, itineraryChanged; answers what the write answered.
 * `c` is the request's context (its bindings and URL).
 */
export async function itineraryWrite<T>(c: { env: Bindings; req: { url: string } }, eventId: string, write: Promise<T>): Promise<T> {
  const result = await write;
  await itineraryChanged(c.env, c.req.url, eventId);
  return result;
}
