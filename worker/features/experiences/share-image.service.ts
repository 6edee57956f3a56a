import { eq } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { files } from "@worker/db/schema";
import { shareCardText, shareImageKey, shareImageOf, shareImagePath, type ShareImage } from "@worker/domain/share-image";
import type { Bindings } from "@worker/env";
import { notFound } from "@worker/lib/errors";
import { CARD_HEIGHT, CARD_WIDTH, shareCardSvg } from "@worker/lib/share-card/card-svg";
import type { PublicItinerary } from "@worker/shared/itinerary.schema";
import { itineraryJson } from "./itinerary-json.service";

/** The platforms' limit is 5 to 8 MB, WhatsApp's preview about 1 MB: a cut cover larger than this is made again, smaller. */
const MAX_BYTES = 1024 * 1024;

/** How long another site's cover may take to arrive before the card is drawn instead (not kept: the next crawler tries again). */
const REMOTE_COVER_MS = 10_000;

/** Under its current version the picture never changes; a crawler keeps it a day, so a private turn reaches it too. */
const CURRENT = "public, max-age=86400, immutable";
/** An older version's URL answers today's picture, briefly kept. */
const OUTDATED = "public, max-age=300";

interface Made {
  bytes: Uint8Array;
  type: string;
  /** False for a card drawn because a cover could not be fetched just now: it is not kept. */
  lasting: boolean;
}

async function cutCover(env: Bindings, body: ReadableStream): Promise<Uint8Array> {
  let bytes: Uint8Array | undefined;
  for (const quality of [82, 60]) {
    const input = quality === 82 ? body : new Blob([bytes!]).stream();
    const output = await env.IMAGES.input(input)
      .transform({ width: CARD_WIDTH, height: CARD_HEIGHT, fit: "cover", gravity: "auto" })
      .output({ format: "image/jpeg", quality });
    const cut = new Uint8Array(await output.response().arrayBuffer());
    if (cut.byteLength <= MAX_BYTES) return cut;
    bytes ??= cut;
  }
  throw new Error("The cover's copy stays over 1 MB");
}

async function coverBody(env: Bindings, db: Db, image: ShareImage): Promise<ReadableStream | null> {
  const { source } = image;
  if (source.kind === "upload") {
    const [file] = await db.select({ key: files.key }).from(files).where(eq(files.id, source.fileId)).limit(1);
    return (file && (await env.FILES.get(file.key))?.body) ?? null;
  }
  if (source.kind !== "remote") return null;
  const url = new URL(source.url);
  // Another site's cover gets as long as any outside call (places, image search): a slow host holds only this request.
  const fetched =
    url.origin === new URL(env.APP_ORIGIN).origin
      ? await env.ASSETS.fetch(url)
      : await fetch(url, { signal: AbortSignal.timeout(REMOTE_COVER_MS) });
  return fetched.ok && fetched.body && fetched.headers.get("Content-Type")?.startsWith("image/") ? fetched.body : null;
}

async function make(env: Bindings, db: Db, itinerary: PublicItinerary, image: ShareImage): Promise<Made> {
  const drawCard = async (lasting: boolean): Promise<Made> => {
    const { fontsForText, renderPng } = await import("@worker/lib/share-card/render-png");
    const { title, detail } = shareCardText(itinerary);
    const fonts = await fontsForText(env.ASSETS, `${title} ${detail}`);
    return { bytes: await renderPng(shareCardSvg(title, detail), undefined, fonts), type: "image/png", lasting };
  };
  if (image.source.kind === "card") return drawCard(true);
  const body = await coverBody(env, db, image).catch(() => null);
  // A remote cover may answer later; an upload that is gone or does not decode stays so.
  if (!body) return drawCard(image.source.kind === "upload");
  try {
    return { bytes: await cutCover(env, body), type: "image/jpeg", lasting: true };
  } catch (error) {
    console.warn(`No share image cut from the cover of ${itinerary.id}: ${error instanceof Error ? error.message : String(error)}`);
    return drawCard(true);
  }
}

/** The stored picture when it is this version, else one made now (and stored when it lasts). */
async function picture(env: Bindings, db: Db, itinerary: PublicItinerary, image: ShareImage): Promise<Made> {
  const key = shareImageKey(itinerary.id);
  const stored = await env.FILES.get(key);
  if (stored?.customMetadata?.version === image.version) {
    return { bytes: new Uint8Array(await stored.arrayBuffer()), type: stored.httpMetadata?.contentType ?? image.type, lasting: true };
  }
  const made = await make(env, db, itinerary, image);
  if (made.lasting) {
    await env.FILES.put(key, made.bytes, { httpMetadata: { contentType: made.type }, customMetadata: { version: image.version } });
  }
  return made;
}

/**
 * GET /oapi/itinerary/{eventId}/share-image/{version}: a public experience's share image, made once per version and
 * kept in R2 and the edge cache. Whether the experience is public is read first on every request (from the itinerary,
 * at most 10 s stale), so a private or deleted one answers 404 whatever is cached.
 */
export async function shareImageResponse(env: Bindings, db: Db, requestUrl: string, eventId: string, version: string): Promise<Response> {
  const json = await itineraryJson(env, db, requestUrl, eventId);
  const itinerary = json === null ? null : (JSON.parse(json) as PublicItinerary);
  if (itinerary?.privacy !== "PUBLIC") throw notFound(/*i18n*/ "Experience not found");
  const image = await shareImageOf(env, itinerary);
  const cacheKey = new URL(shareImagePath(eventId, image.version), requestUrl).href;
  const cacheControl = image.version === version ? CURRENT : OUTDATED;
  const cached = await caches.default.match(cacheKey);
  if (cached) {
    const response = new Response(cached.body, cached);
    response.headers.set("Cache-Control", cacheControl);
    return response;
  }
  const made = await picture(env, db, itinerary, image);
  const headers = { "Content-Type": made.type, "Content-Length": String(made.bytes.byteLength), "Cache-Control": CURRENT };
  if (made.lasting) await caches.default.put(cacheKey, new Response(made.bytes, { headers }));
  return new Response(made.bytes, { headers: { ...headers, "Cache-Control": made.lasting ? cacheControl : OUTDATED } });
}
