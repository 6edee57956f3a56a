import type { Db } from "@worker/db/client";
import { cachedItineraryResponse } from "@worker/domain/public-itinerary-cache";
import type { Bindings } from "@worker/env";
import { AppError } from "@worker/lib/errors";
import { publicItinerary } from "./public-itinerary.service";

/**
 * The JSON GET /oapi/itinerary/{id} answers (the same edge-cached copy), for the share page to show without fetching
 * it and for the share image; null when there is no such experience.
 */
export async function itineraryJson(env: Bindings, db: Db, requestUrl: string, eventId: string): Promise<string | null> {
  const api = new Request(new URL(`/oapi/itinerary/${encodeURIComponent(eventId)}`, requestUrl));
  try {
    return await (await cachedItineraryResponse(api, eventId, () => publicItinerary(env, db, eventId))).text();
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}
