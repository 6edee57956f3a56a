import { Hono, type Context } from "hono";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { userId } from "../../lib/auth/middleware";
import { notFound } from "../../lib/errors";
import { IMAGE_TYPES, readUpload } from "../../lib/files";
import { validate } from "../../lib/validation";
import { externalImageSchema, imageUploadSchema } from "../events/events.schema";
import { itineraryChanged } from "../programs/itinerary-write";
import { eventIdOf, IMAGE_MESSAGE } from "../programs/programs.routes";
import { createActivitySchema, updateActivitySchema } from "./activities.schema";
import { createActivity, deleteActivity, getActivity, setActivityImage, updateActivity } from "./activities.service";

function dayIdOf(c: Context<AppEnv>): string {
  const dayId = c.req.param("dayId");
  if (!dayId) throw notFound("Day not found");
  return dayId;
}

const pathOf = (c: Context<AppEnv>) => ({ eventId: eventIdOf(c), dayId: dayIdOf(c), activityId: c.req.param("activityId") ?? "" });

/** Mounted at /api/events/:eventId/programs/:dayId/activity. */
export const activitiesRoutes = new Hono<AppEnv>()
  .post("/", validate("form", createActivitySchema), async (c) => {
    const eventId = eventIdOf(c);
    const { file, external, ...input } = c.req.valid("form");
    const image = file ? await readUpload(file, IMAGE_TYPES, IMAGE_MESSAGE) : external;
    const activity = await createActivity(c.env, getDb(c.env.DB), eventId, dayIdOf(c), userId(c), input, image);
    await itineraryChanged(c.env, c.req.url, eventId);
    return c.json(activity, 201);
  })
  .get("/:activityId", async (c) => {
    return c.json(await getActivity(c.env, getDb(c.env.DB), pathOf(c), userId(c)));
  })
  .put("/:activityId", validate("json", updateActivitySchema), async (c) => {
    const path = pathOf(c);
    const activity = await updateActivity(c.env, getDb(c.env.DB), path, userId(c), c.req.valid("json"));
    await itineraryChanged(c.env, c.req.url, path.eventId);
    return c.json(activity);
  })
  .delete("/:activityId", async (c) => {
    const path = pathOf(c);
    await deleteActivity(c.env, getDb(c.env.DB), path, userId(c));
    await itineraryChanged(c.env, c.req.url, path.eventId);
    return c.json({ success: true as const });
  })
  .post("/:activityId/image", validate("form", imageUploadSchema), async (c) => {
    const path = pathOf(c);
    const upload = await readUpload(c.req.valid("form").file, IMAGE_TYPES, IMAGE_MESSAGE);
    const result = await setActivityImage(c.env, getDb(c.env.DB), path, userId(c), upload);
    await itineraryChanged(c.env, c.req.url, path.eventId);
    return c.json(result);
  })
  .post("/:activityId/image/external", validate("json", externalImageSchema), async (c) => {
    const path = pathOf(c);
    const result = await setActivityImage(c.env, getDb(c.env.DB), path, userId(c), c.req.valid("json"));
    await itineraryChanged(c.env, c.req.url, path.eventId);
    return c.json(result);
  });
