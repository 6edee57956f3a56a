import { sql } from "drizzle-orm";
import { integer } from "drizzle-orm/sqlite-core";
import { RSVP_STATUS_VALUES, type ExternalImageSource } from "@worker/shared/views.schema";

// Times are stored as epoch milliseconds; the API speaks ISO 8601.
export const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

/** An image is either a file we stored in R2 or a picture hosted elsewhere (Unsplash, Pexels, a link, Google). */
export type ImageRef = { source: "UPLOAD"; fileId: string } | { source: ExternalImageSource; url: string; photoId?: string };

/** An activity's location: free text, or the place object of the places autocomplete. */
export type Location =
  | string
  | {
      structuredFormat: { mainText: { text: string }; secondaryText?: { text: string } };
      description?: string;
      googleMapsUri?: string;
      placeId?: string;
    };

export type RsvpStatus = (typeof RSVP_STATUS_VALUES)[number];
