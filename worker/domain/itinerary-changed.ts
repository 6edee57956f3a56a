import type { Bindings } from "@worker/env";
import { publish } from "@worker/live/publish";
import { purgePublicItinerary } from "./public-itinerary-cache";

/** After a write to days, activities or their documents has landed: drop the cached public itinerary and tell open browsers. */
export async function itineraryChanged(env: Bindings, requestUrl: string, eventId: string): Promise<void> {
  await purgePublicItinerary(env, eventId, new URL(requestUrl).origin);
  await publish(env, { type: "itinerary.changed", eventId });
}
