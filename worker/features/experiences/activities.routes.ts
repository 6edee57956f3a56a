import { Hono } from "hono";
import { getDb } from "@worker/db/client";
import { itineraryWrite } from "@worker/domain/itinerary-changed";
import { IMAGE_MESSAGE } from "@worker/domain/itinerary-images";
import type { AppEnv } from "@worker/env";
import { userId } from "@worker/lib/auth/middleware";
import { IMAGE_TYPES, readUpload } from "@worker/lib/files";
import { describer } from "@worker/lib/openapi";
import { success } from "@worker/lib/success";
import { fileUploadLimit } from "@worker/lib/upload-limit";
import { validate } from "@worker/lib/validation";
import { externalImageSchema, imageUploadSchema } from "@worker/shared/image-input.schema";
import { activityViewSchema } from "@worker/shared/itinerary.schema";
import { successSchema, imageResultSchema } from "@worker/shared/views.schema";
import {
  activityDayParamsSchema,
  activityParamsSchema,
  createActivitySchema,
  activityConflictSchema,
  updateActivitySchema,
} from "./activities.schema";
import { createActivity } from "./create-activity.service";
import { deleteActivity } from "./delete-activity.service";
import { getActivity } from "./get-activity.service";
import { setActivityImage } from "./set-activity-image.service";
import { updateActivity } from "./update-activity.service";

const describe = describer({ tags: ["Activities"], errors: [403, 404, 409] });

/** Mounted at /api/events/:eventId/programs/:dayId/activity. */
export const activitiesRoutes = new Hono<AppEnv>()
  .post(
    "/",
    describe({
      summary: "Add an activity to a day",
      description: "With an image file, or externalFile='true' with photoId, source and rawUrl.",
      responses: { 201: activityViewSchema },
      errors: [403, 404, 409, 413],
    }),
    validate("param", activityDayParamsSchema),
    fileUploadLimit("image"),
    validate("form", createActivitySchema),
    async (c) => {
      const { eventId, dayId } = c.req.valid("param");
      const { file, external, ...input } = c.req.valid("form");
      const image = file ? await readUpload(file, IMAGE_TYPES, IMAGE_MESSAGE) : external;
      return c.json(await itineraryWrite(c, eventId, createActivity(c.env, getDb(c.env.DB), eventId, dayId, userId(c), input, image)), 201);
    },
  )
  .get(
    "/:activityId",
    describe({ summary: "An activity", responses: { 200: activityViewSchema }, errors: [404] }),
    validate("param", activityParamsSchema),
    async (c) => {
      return c.json(await getActivity(c.env, getDb(c.env.DB), c.req.valid("param"), userId(c)), 200);
    },
  )
  .put(
    "/:activityId",
    describe({
      summary: "Edit an activity",
      description:
        "`documents` replaces the activity's document list. With `base` (the values the editor started from), a field someone else changed meanwhile answers 409 with `current`, its value now, and nothing is written.",
      responses: { 200: activityViewSchema, 409: activityConflictSchema },
    }),
    validate("param", activityParamsSchema),
    validate("json", updateActivitySchema),
    async (c) => {
      const path = c.req.valid("param");
      const activity = updateActivity(c.env, getDb(c.env.DB), path, userId(c), c.req.valid("json"), c.var.i18n);
      return c.json(await itineraryWrite(c, path.eventId, activity), 200);
    },
  )
  .delete(
    "/:activityId",
    describe({ summary: "Delete an activity", responses: { 200: successSchema } }),
    validate("param", activityParamsSchema),
    async (c) => {
      const path = c.req.valid("param");
      await itineraryWrite(c, path.eventId, deleteActivity(c.env, getDb(c.env.DB), path, userId(c)));
      return success(c);
    },
  )
  .post(
    "/:activityId/image",
    describe({ summary: "Upload an activity's image", responses: { 200: imageResultSchema }, errors: [403, 404, 409, 413] }),
    validate("param", activityParamsSchema),
    fileUploadLimit("image"),
    validate("form", imageUploadSchema),
    async (c) => {
      const path = c.req.valid("param");
      const upload = await readUpload(c.req.valid("form").file, IMAGE_TYPES, IMAGE_MESSAGE);
      return c.json(await itineraryWrite(c, path.eventId, setActivityImage(c.env, getDb(c.env.DB), path, userId(c), upload)), 200);
    },
  )
  .post(
    "/:activityId/image/external",
    describe({ summary: "Use a picture from image search or a link as an activity's image", responses: { 200: imageResultSchema } }),
    validate("param", activityParamsSchema),
    validate("json", externalImageSchema),
    async (c) => {
      const path = c.req.valid("param");
      const result = await itineraryWrite(c, path.eventId, setActivityImage(c.env, getDb(c.env.DB), path, userId(c), c.req.valid("json")));
      return c.json(result, 200);
    },
  );
