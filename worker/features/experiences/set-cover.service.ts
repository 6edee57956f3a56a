import type { Db } from "@worker/db/client";
import { editChanges } from "@worker/domain/edit-log";
import { writeExperience } from "@worker/domain/experience-write";
import { uploadedFileIds, type ImageInput } from "@worker/domain/itinerary-images";
import type { Bindings } from "@worker/env";
import { imageView } from "@worker/lib/files";

// ── Change ──────────────────────────────────────────────────────────────────

/** Points the event at its new cover, then removes the old cover if it was our own upload; answers both. */
export async function setCover(env: Bindings, db: Db, eventId: string, userId: string, image: ImageInput) {
  const { ref, replaced } = await writeExperience(env, db, eventId, userId, async ({ event }, writer) => {
    const ref = await writer.image(image);
    const replaced = uploadedFileIds([event.image]);
    const changes = editChanges({ type: "experience", id: event.id, label: event.name }, event, { image: ref });
    return { event: { image: ref, updatedAt: new Date() }, changes, freedFileIds: replaced, result: { ref, replaced } };
  });
  return { image: (await imageView(env, ref))!, replacedFileIds: replaced };
}
