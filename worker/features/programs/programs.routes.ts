import { Hono, type Context } from "hono";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { userId } from "../../lib/auth/middleware";
import { notFound } from "../../lib/errors";
import { IMAGE_TYPES, readUpload } from "../../lib/files";
import { validate } from "../../lib/validation";
import { externalImageSchema, imageUploadSchema } from "../events/events.schema";
import { itineraryChanged } from "./itinerary-write";
import { reorderProgramsSchema, updateProgramSchema } from "./programs.schema";
import { cloneProgram, deleteProgram, reorderPrograms, setProgramImage, updateProgram } from "./programs.service";

export const IMAGE_MESSAGE = "Please upload an image file";

/** The :eventId of the path this sub-app is mounted under. */
export function eventIdOf(c: Context<AppEnv>): string {
  const eventId = c.req.param("eventId");
  if (!eventId) throw notFound("Event not found");
  return eventId;
}

/** Mounted at /api/events/:eventId/programs. */
export const programsRoutes = new Hono<AppEnv>()
  .post("/reorder", validate("json", reorderProgramsSchema), async (c) => {
    const eventId = eventIdOf(c);
    const days = await reorderPrograms(c.env, getDb(c.env.DB), eventId, userId(c), c.req.valid("json").programIds);
    await itineraryChanged(c.env, c.req.url, eventId);
    return c.json(days);
  })
  .put("/:dayId", validate("json", updateProgramSchema), async (c) => {
    const eventId = eventIdOf(c);
    const day = await updateProgram(c.env, getDb(c.env.DB), eventId, c.req.param("dayId"), userId(c), c.req.valid("json"));
    await itineraryChanged(c.env, c.req.url, eventId);
    return c.json(day);
  })
  .delete("/:dayId", async (c) => {
    const eventId = eventIdOf(c);
    await deleteProgram(c.env, getDb(c.env.DB), eventId, c.req.param("dayId"), userId(c));
    await itineraryChanged(c.env, c.req.url, eventId);
    return c.json({ success: true as const });
  })
  .post("/:dayId/clone", async (c) => {
    const eventId = eventIdOf(c);
    const day = await cloneProgram(c.env, getDb(c.env.DB), eventId, c.req.param("dayId"), userId(c));
    await itineraryChanged(c.env, c.req.url, eventId);
    return c.json(day, 201);
  })
  .post("/:dayId/image", validate("form", imageUploadSchema), async (c) => {
    const eventId = eventIdOf(c);
    const upload = await readUpload(c.req.valid("form").file, IMAGE_TYPES, IMAGE_MESSAGE);
    const result = await setProgramImage(c.env, getDb(c.env.DB), eventId, c.req.param("dayId"), userId(c), upload);
    await itineraryChanged(c.env, c.req.url, eventId);
    return c.json(result);
  })
  .post("/:dayId/image/external", validate("json", externalImageSchema), async (c) => {
    const eventId = eventIdOf(c);
    const result = await setProgramImage(c.env, getDb(c.env.DB), eventId, c.req.param("dayId"), userId(c), c.req.valid("json"));
    await itineraryChanged(c.env, c.req.url, eventId);
    return c.json(result);
  });
