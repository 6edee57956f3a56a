import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { events, files } from "../../db/schema";

/** A public experience's cover is shown to anyone: its copies are kept by browsers and shared caches for a year. */
export const PUBLIC_COVER_CACHE = "public, max-age=31536000, immutable";
/** Any other picture is kept by the browser of whoever holds its signed URL, as its original is. */
export const PRIVATE_PICTURE_CACHE = "private, max-age=604800, immutable";

/**
 * Whether the file is the current cover of a PUBLIC experience. A new cover is a new file, so its copies' URLs
 * change with it; the old cover's stay as they were.
 */
export async function isPublicCover(db: Db, file: Pick<typeof files.$inferSelect, "id" | "eventId">): Promise<boolean> {
  if (!file.eventId) return false;
  const [event] = await db.select({ privacy: events.privacy, image: events.image }).from(events).where(eq(events.id, file.eventId)).limit(1);
  return event?.privacy === "PUBLIC" && event.image?.source === "UPLOAD" && event.image.fileId === file.id;
}
