import type { Bindings } from "@worker/env";
import { sha256Hex } from "@worker/lib/crypto";

// The spec lets the itinerary be 10 s stale, which bounds every data centre the purge below cannot reach.
const MAX_AGE_SECONDS = 10;
const CACHE_CONTROL = `public, max-age=${MAX_AGE_SECONDS}`;

// One entry per event whatever the query string, so a purge always finds it.
const cacheKey = (origin: string, eventId: string) => `${origin}/oapi/itinerary/${encodeURIComponent(eventId)}`;

/** Whether If-None-Match names this ETag (weak or strong, or `*`). */
export const matchesEtag = (ifNoneMatch: string | null, etag: string) =>
  !!ifNoneMatch && ifNoneMatch.split(",").some((tag) => ["*", etag].includes(tag.trim().replace(/^W\//, "")));

/** Answers the public itinerary JSON from the edge cache, building and caching it on a miss; 304 when the client's copy is current. */
export async function cachedItineraryResponse(request: Request, eventId: string, build: () => Promise<unknown>): Promise<Response> {
  const key = cacheKey(new URL(request.url).origin, eventId);
  let response = await caches.default.match(key);
  if (!response) {
    const body = JSON.stringify(await build());
    response = new Response(body, {
      headers: { "Content-Type": "application/json; charset=UTF-8", "Cache-Control": CACHE_CONTROL, ETag: `"${await sha256Hex(body)}"` },
    });
    // Awaited rather than left to waitUntil, so a purge by the next write cannot land before this put.
    await caches.default.put(key, response.clone());
  }
  const etag = response.headers.get("ETag") ?? "";
  if (matchesEtag(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": CACHE_CONTROL } });
  }
  // A cached response's headers are immutable; later middleware adds its own.
  return new Response(response.body, response);
}

/**
 * Drops the cached public itinerary after a write that changes it. Call it from every such write
 * (event, day and activity edits) with the request's origin; the share link's own origin is purged too.
 */
export async function purgePublicItinerary(env: Bindings, eventId: string, origin: string): Promise<void> {
  const origins = new Set([origin, env.APP_ORIGIN]);
  await Promise.all([...origins].map((o) => caches.default.delete(cacheKey(o, eventId))));
}
