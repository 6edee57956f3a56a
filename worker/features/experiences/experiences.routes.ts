import { Hono, type Context } from "hono";
import { getDb } from "@worker/db/client";
import { purgeCoverCopies } from "@worker/domain/cover-cache";
import { IMAGE_MESSAGE, type ImageInput } from "@worker/domain/itinerary-images";
import { purgePublicItinerary } from "@worker/domain/public-itinerary-cache";
import { waitlistedPeople } from "@worker/domain/waitlist";
import type { AppEnv } from "@worker/env";
import { userId } from "@worker/lib/auth/middleware";
import { IMAGE_TYPES, readUpload } from "@worker/lib/files";
import { describer } from "@worker/lib/openapi";
import { fileUploadLimit } from "@worker/lib/upload-limit";
import { validate } from "@worker/lib/validation";
import { dismissStrangers, peopleChanged, publish, published, welcomeSelfViewers } from "@worker/live/publish";
import { externalImageSchema, imageUploadSchema } from "@worker/shared/image-input.schema";
import { successSchema, imageResultSchema } from "@worker/shared/views.schema";
import { cloneExperience } from "./clone-experience.service";
import { deleteExperience } from "./delete-experience.service";
import { experienceDetail } from "./experience-detail.service";
import {
  cloneExperienceSchema,
  experienceCloneResultSchema,
  experienceDetailSchema,
  experienceListItemSchema,
  experienceParamsSchema,
  experienceConflictSchema,
  experienceUpdateResultSchema,
  listExperiencesQuerySchema,
  updateExperienceSchema,
} from "./experiences.schema";
import { listExperiences } from "./list-experiences.service";
import { setCover } from "./set-cover.service";
import { updateExperience } from "./update-experience.service";

const describe = describer({ tags: ["Experiences"], errors: [403, 404, 409] });

async function eventChanged(c: Context<AppEnv>, eventId: string) {
  await purgePublicItinerary(c.env, eventId, new URL(c.req.url).origin);
  await publish(c.env, { type: "event.changed", eventId });
}

/** Drops the edge-cached copies of pictures that are no longer a public experience's cover. */
const purgeCovers = (c: Context<AppEnv>, fileIds: string[]) => purgeCoverCopies(c.env, new URL(c.req.url).origin, fileIds);

/** Sets the cover (an upload, a search result or a link), drops the copies of the one it replaced and tells the pages; answers it. */
async function changeCover(c: Context<AppEnv>, eventId: string, image: ImageInput) {
  const { image: cover, replacedFileIds } = await setCover(c.env, getDb(c.env.DB), eventId, userId(c), image);
  await purgeCovers(c, replacedFileIds);
  await eventChanged(c, eventId);
  return c.json({ image: cover }, 200);
}

/** Mounted at /api/events. Creating one (`POST /api/events`, the New Experience form) is in features/ai. */
export const experiencesRoutes = new Hono<AppEnv>()
  .get(
    "/",
    describe({
      summary: "List experiences",
      description:
        "The experiences the caller (or `profile`) owns, hosts or is a guest of, with the role in each. Without `profile`, the invitations waiting for the caller's answer come too, with role `invited`.",
      responses: { 200: experienceListItemSchema.array() },
      errors: [],
    }),
    validate("query", listExperiencesQuerySchema),
    async (c) => {
      const viewerId = userId(c);
      return c.json(await listExperiences(c.env, getDb(c.env.DB), viewerId, c.req.valid("query").profile), 200);
    },
  )
  .get(
    "/:id",
    describe({ summary: "An experience with its people and itinerary", responses: { 200: experienceDetailSchema }, errors: [404] }),
    validate("param", experienceParamsSchema),
    async (c) => {
      return c.json(await experienceDetail(c.env, getDb(c.env.DB), c.req.valid("param").id, userId(c)), 200);
    },
  )
  .put(
    "/:id",
    describe({
      summary: "Change the experience's own fields",
      description:
        "Any of name, subtitle, description (may be emptied), venue (free text or a place; null clears it; guests are told), privacy, rsvpType, capacity (a whole number from 1, or null for no limit; a larger or no capacity promotes from the waitlist at once, a smaller one removes no one), the dates and the time zone. Dates are local dates in the experience's zone (a plain date or an offset-less date-time names one; an instant is read on the zone's clock). A new start moves every day and activity by the same number of days, each activity keeping its wall-clock time across clock changes; a new end sets the length, adding empty days at the end or removing trailing days that hold no activity. A new `timeZone` keeps the experience's local dates and, by `timeZoneMode`, either every activity's local time (KEEP_WALL_CLOCK, the default; a time the new zone skips answers 409 naming the activity) or every activity's instant, moving it to the day of its new local date (KEEP_MOMENTS; one that falls outside the itinerary answers 409 naming it). Dates sent with a new zone are read in the new zone. A change that would leave activities outside the new dates answers 409 naming them, and changes nothing. With `base`, a name, subtitle or description someone else changed meanwhile answers 409 with `current`, its value now, and nothing is written.",
      responses: { 200: experienceUpdateResultSchema, 409: experienceConflictSchema },
    }),
    validate("param", experienceParamsSchema),
    validate("json", updateExperienceSchema),
    async (c) => {
      const eventId = c.req.valid("param").id;
      const change = c.req.valid("json");
      const db = getDb(c.env.DB);
      // A capacity grown or cleared promotes from the waitlist in the same write: those waiting follow (docs/waitlist.md).
      const queue = change.capacity !== undefined ? await waitlistedPeople(db, eventId) : null;
      const { event, coverFileIds } = await updateExperience(c.env, db, eventId, userId(c), change, c.var.i18n);
      await peopleChanged(c.env, eventId, queue);
      if (change.privacy === "PRIVATE") {
        await purgeCovers(c, coverFileIds);
        // Strangers may no longer follow a private experience: their open sockets are closed, not just left quiet.
        await dismissStrangers(c.env, eventId);
      }
      if (change.privacy === "PUBLIC") await welcomeSelfViewers(c.env, eventId);
      await eventChanged(c, eventId);
      return c.json(event, 200);
    },
  )
  .delete(
    "/:id",
    describe({ summary: "Delete an experience and everything in it", responses: { 200: successSchema }, errors: [403, 404] }),
    validate("param", experienceParamsSchema),
    async (c) => {
      const eventId = c.req.valid("param").id;
      const { coverFileIds } = await deleteExperience(c.env, getDb(c.env.DB), eventId, userId(c));
      await purgePublicItinerary(c.env, eventId, new URL(c.req.url).origin);
      await purgeCovers(c, coverFileIds);
      return published(c, { type: "event.deleted", eventId });
    },
  )
  .post(
    "/:id/image",
    describe({ summary: "Upload the cover image", responses: { 200: imageResultSchema }, errors: [403, 404, 409, 413] }),
    validate("param", experienceParamsSchema),
    fileUploadLimit("image"),
    validate("form", imageUploadSchema),
    async (c) => {
      const upload = await readUpload(c.req.valid("form").file, IMAGE_TYPES, IMAGE_MESSAGE);
      return changeCover(c, c.req.valid("param").id, upload);
    },
  )
  .post(
    "/:id/image/external",
    describe({ summary: "Use a picture from image search or a link as the cover", responses: { 200: imageResultSchema } }),
    validate("param", experienceParamsSchema),
    validate("json", externalImageSchema),
    async (c) => changeCover(c, c.req.valid("param").id, c.req.valid("json")),
  )
  .post(
    "/:id/clone",
    describe({ summary: "Copy the itinerary to a new experience", responses: { 201: experienceCloneResultSchema } }),
    validate("param", experienceParamsSchema),
    validate("json", cloneExperienceSchema),
    async (c) => {
      return c.json(await cloneExperience(c.env, getDb(c.env.DB), c.req.valid("param").id, userId(c), c.req.valid("json")), 201);
    },
  );
