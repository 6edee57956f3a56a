import { Hono, type Context } from "hono";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { userId } from "../../lib/auth/middleware";
import { badRequest } from "../../lib/errors";
import { IMAGE_TYPES, readUpload } from "../../lib/files";
import { validate } from "../../lib/validation";
import { dismissStrangers, publish } from "../../live/publish";
import { purgePublicItinerary } from "../itinerary/itinerary.cache";
import {
  cloneEventSchema,
  createEventSchema,
  externalImageSchema,
  imageUploadSchema,
  listEventsQuerySchema,
  updateEventSchema,
} from "./events.schema";
import { cloneEvent, createEvent, deleteEvent, eventDetail, listEvents, setEventImage, updateEvent } from "./events.service";

const IMAGE_MESSAGE = "Please upload an image file";
const COVER_OR_AI_TYPES = [...IMAGE_TYPES, "application/pdf"];

async function eventChanged(c: Context<AppEnv>, eventId: string) {
  await purgePublicItinerary(c.env, eventId, new URL(c.req.url).origin);
  await publish(c.env, { type: "event.changed", eventId });
}

/** Mounted at /api/events. */
export const eventsRoutes = new Hono<AppEnv>()
  .post("/", validate("form", createEventSchema), async (c) => {
    const input = c.req.valid("form");
    // An AI-mode PDF is the generator's input (a later step); anything else must be a cover image.
    const upload = input.file ? await readUpload(input.file, COVER_OR_AI_TYPES, IMAGE_MESSAGE) : null;
    const isPdf = upload?.mimeType === "application/pdf";
    if (isPdf && !input.isAIMode) throw badRequest(IMAGE_MESSAGE);
    const created = await createEvent(c.env, getDb(c.env.DB), userId(c), input, isPdf ? null : upload);
    return c.json(created, 201);
  })
  .get("/", validate("query", listEventsQuerySchema), async (c) => {
    const viewerId = userId(c);
    return c.json(await listEvents(c.env, getDb(c.env.DB), viewerId, c.req.valid("query").profile ?? viewerId));
  })
  .get("/:id", async (c) => {
    return c.json(await eventDetail(c.env, getDb(c.env.DB), c.req.param("id"), userId(c)));
  })
  .put("/:id", validate("json", updateEventSchema), async (c) => {
    const eventId = c.req.param("id");
    const change = c.req.valid("json");
    const event = await updateEvent(c.env, getDb(c.env.DB), eventId, userId(c), change);
    // Strangers may no longer follow a private experience: their open sockets are closed, not just left quiet.
    if (change.privacy === "PRIVATE") await dismissStrangers(c.env, eventId);
    await eventChanged(c, eventId);
    return c.json(event);
  })
  .delete("/:id", async (c) => {
    const eventId = c.req.param("id");
    await deleteEvent(c.env, getDb(c.env.DB), eventId, userId(c));
    await purgePublicItinerary(c.env, eventId, new URL(c.req.url).origin);
    await publish(c.env, { type: "event.deleted", eventId });
    return c.json({ success: true as const });
  })
  .post("/:id/image", validate("form", imageUploadSchema), async (c) => {
    const eventId = c.req.param("id");
    const upload = await readUpload(c.req.valid("form").file, IMAGE_TYPES, IMAGE_MESSAGE);
    const result = await setEventImage(c.env, getDb(c.env.DB), eventId, userId(c), upload);
    await eventChanged(c, eventId);
    return c.json(result);
  })
  .post("/:id/image/external", validate("json", externalImageSchema), async (c) => {
    const eventId = c.req.param("id");
    const result = await setEventImage(c.env, getDb(c.env.DB), eventId, userId(c), c.req.valid("json"));
    await eventChanged(c, eventId);
    return c.json(result);
  })
  .post("/:id/clone", validate("json", cloneEventSchema), async (c) => {
    return c.json(await cloneEvent(c.env, getDb(c.env.DB), c.req.param("id"), userId(c), c.req.valid("json")), 201);
  });
