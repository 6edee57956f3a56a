import type { I18n } from "@lingui/core";
import type { Bindings } from "@worker/env";
import { sha256Hex } from "@worker/lib/crypto";
import { recipientI18n } from "@worker/lib/mail/recipient-language";
import { CARD_HEIGHT, CARD_WIDTH, DEFAULT_CARD } from "@worker/lib/share-card/card-svg";
import { formatDateRange } from "@worker/shared/date-range";
import { signedFileId } from "@worker/shared/image-variants";
import type { PublicItinerary } from "@worker/shared/itinerary.schema";
import { cityOf } from "@worker/shared/time-zone";

// A public experience's share image (og:image): its cover cut to 1200x630 as a JPEG, or a card drawn with its name and
// dates where there is no cover to cut (none, or an SVG). Its URL names a version of what the picture is made from,
// so a crawler's cached copy is never stale and a changed cover or name gets a new URL.

/** Raise it when the card's drawing or the cover's cut changes: every version, so every URL, changes with it. */
const DESIGN = "1";

type ShareImageSource =
  { kind: "upload"; fileId: string } | { kind: "remote"; url: string } | { kind: "card"; title: string; detail: string };

export interface ShareImage {
  source: ShareImageSource;
  version: string;
  type: "image/jpeg" | "image/png";
  alt: string;
}

/** What the share tags say about a picture. */
export interface ShareImageTags {
  url: string;
  width: number;
  height: number;
  type: string;
  alt: string;
}

/** The one R2 object holding an experience's share image (its version in the metadata); deleted with the experience. */
export const shareImageKey = (eventId: string) => `share-images/${eventId}`;

/** The experience a share image object belongs to; null for any other key. */
export const shareImageEventId = (key: string) => /^share-images\/([^/]+)$/.exec(key)?.[1] ?? null;

/**
 * The words of an experience's picture, read by crawlers and by people without an account: the experience's language.
 */
const experienceI18n = (itinerary: PublicItinerary): I18n => recipientI18n({ experience: itinerary.language });

/** What a card says: the experience's name, and its dates in its own zone ("Mar 12 – Mar 14, 2027 · Lisbon time"). */
export const shareCardText = (itinerary: PublicItinerary, i18n: I18n = experienceI18n(itinerary)) => ({
  title: itinerary.name,
  detail: i18n._("{dates} · {zone}", {
    dates: formatDateRange(itinerary.startTime, itinerary.endTime, itinerary.timeZone, i18n),
    zone: i18n._("{city} time", { city: cityOf(itinerary.timeZone) }),
  }),
});

function sourceOf(origin: string, itinerary: PublicItinerary): ShareImageSource {
  const card = { kind: "card", ...shareCardText(itinerary) } as const;
  const image = itinerary.image;
  if (!image) return card;
  const fileId = image.source === "UPLOAD" ? signedFileId(image.original) : undefined;
  if (fileId) return { kind: "upload", fileId };
  if (!URL.canParse(image.original, origin)) return card;
  const url = new URL(image.original, origin);
  // An SVG (the demo's covers) is not a picture the platforms show, nor one the Images binding reads.
  if (!["http:", "https:"].includes(url.protocol) || url.pathname.toLowerCase().endsWith(".svg")) return card;
  return { kind: "remote", url: url.href };
}

/** The share image of a public experience, from the itinerary everyone may read. */
export async function shareImageOf(env: Bindings, itinerary: PublicItinerary): Promise<ShareImage> {
  const i18n = experienceI18n(itinerary);
  const source = sourceOf(env.APP_ORIGIN, itinerary);
  const version = (await sha256Hex(JSON.stringify([DESIGN, source]))).slice(0, 24);
  if (source.kind === "card")
    return { source, version, type: "image/png", alt: i18n._("{title}, {detail}", { title: source.title, detail: source.detail }) };
  return { source, version, type: "image/jpeg", alt: i18n._("Cover picture of {name}", { name: itinerary.name }) };
}

export const shareImagePath = (eventId: string, version: string) => `/oapi/itinerary/${encodeURIComponent(eventId)}/share-image/${version}`;

/** The picture a link preview of the experience shows: its own for a public one, the app's card for a private one. */
export async function shareImageTags(env: Bindings, itinerary: PublicItinerary): Promise<ShareImageTags> {
  const size = { width: CARD_WIDTH, height: CARD_HEIGHT };
  if (itinerary.privacy !== "PUBLIC") {
    const { path, title, detail } = DEFAULT_CARD;
    const i18n = experienceI18n(itinerary);
    return {
      url: `${env.APP_ORIGIN}${path}`,
      ...size,
      type: "image/png",
      alt: i18n._("{title}: {detail}", { title, detail: i18n._(detail) }),
    };
  }
  const image = await shareImageOf(env, itinerary);
  return { url: `${env.APP_ORIGIN}${shareImagePath(itinerary.id, image.version)}`, ...size, type: image.type, alt: image.alt };
}
