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
import { dayViewSchema } from "@worker/shared/itinerary.schema";
import { successSchema, imageResultSchema } from "@worker/shared/views.schema";
import { addDay } from "./add-day.service";
import { copyDay } from "./copy-day.service";
import { dayParamsSchema, daysParamsSchema, reorderDaysSchema, updateDaySchema } from "./days.schema";
import { deleteDay } from "./delete-day.service";
import { reorderDays } from "./reorder-days.service";
import { setDayImage } from "./set-day-image.service";
import { updateDay } from "./update-day.service";

const describe = describer({ tags: ["Itinerary"], errors: [403, 404, 409] });

/** Mounted at /api/events/:eventId/programs. */
export const daysRoutes = new Hono<AppEnv>()
  .post(
    "/",
    describe({
      summary: "Add a day after the last one",
      description:
        "An empty day named after its place ('Day 4') on the date after the last day; the experience's end moves to cover it. Refused past 365 days or beyond a year from today.",
      responses: { 201: dayViewSchema },
    }),
    validate("param", daysParamsSchema),
    async (c) => {
      const { eventId } = c.req.valid("param");
      return c.json(await itineraryWrite(c, eventId, addDay(c.env, getDb(c.env.DB), eventId, userId(c))), 201);
    },
  )
  .post(
    "/reorder",
    describe({
      summary: "Reorder the days",
      description: "Day i takes the experience's i-th date; each day's activities move with it.",
      responses: { 200: dayViewSchema.array() },
    }),
    validate("param", daysParamsSchema),
    validate("json", reorderDaysSchema),
    async (c) => {
      const { eventId } = c.req.valid("param");
      const { programIds } = c.req.valid("json");
      return c.json(await itineraryWrite(c, eventId, reorderDays(c.env, getDb(c.env.DB), eventId, userId(c), programIds)), 200);
    },
  )
  .put(
    "/:dayId",
    describe({ summary: "Edit a day's name, subtitle or description", responses: { 200: dayViewSchema } }),
    validate("param", dayParamsSchema),
    validate("json", updateDaySchema),
    async (c) => {
      const { eventId, dayId } = c.req.valid("param");
      const day = await itineraryWrite(c, eventId, updateDay(c.env, getDb(c.env.DB), eventId, dayId, userId(c), c.req.valid("json")));
      return c.json(day, 200);
    },
  )
  .delete(
    "/:dayId",
    describe({ summary: "Delete a day", description: "An experience keeps at least one day.", responses: { 200: successSchema } }),
    validate("param", dayParamsSchema),
    async (c) => {
      const { eventId, dayId } = c.req.valid("param");
      await itineraryWrite(c, eventId, deleteDay(c.env, getDb(c.env.DB), eventId, dayId, userId(c)));
      return success(c);
    },
  )
  .post(
    "/:dayId/clone",
    describe({ summary: "Copy a day to the end of the experience", responses: { 201: dayViewSchema } }),
    validate("param", dayParamsSchema),
    async (c) => {
      const { eventId, dayId } = c.req.valid("param");
      return c.json(await itineraryWrite(c, eventId, copyDay(c.env, getDb(c.env.DB), eventId, dayId, userId(c))), 201);
    },
  )
  .post(
    "/:dayId/image",
    describe({ summary: "Upload a day's image", responses: { 200: imageResultSchema }, errors: [403, 404, 409, 413] }),
    validate("param", dayParamsSchema),
    fileUploadLimit("image"),
    validate("form", imageUploadSchema),
    async (c) => {
      const { eventId, dayId } = c.req.valid("param");
      const upload = await readUpload(c.req.valid("form").file, IMAGE_TYPES, IMAGE_MESSAGE);
      return c.json(await itineraryWrite(c, eventId, setDayImage(c.env, getDb(c.env.DB), eventId, dayId, userId(c), upload)), 200);
    },
  )
  .post(
    "/:dayId/image/external",
    describe({ summary: "Use a picture from image search or a link as a day's image", responses: { 200: imageResultSchema } }),
    validate("param", dayParamsSchema),
    validate("json", externalImageSchema),
    async (c) => {
      const { eventId, dayId } = c.req.valid("param");
      const result = await itineraryWrite(c, eventId, setDayImage(c.env, getDb(c.env.DB), eventId, dayId, userId(c), c.req.valid("json")));
      return c.json(result, 200);
    },
  );
