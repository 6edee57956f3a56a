import { Hono } from "hono";
import { getDb } from "@worker/db/client";
import type { AppEnv } from "@worker/env";
import { userId } from "@worker/lib/auth/middleware";
import { describer } from "@worker/lib/openapi";
import { uploadLimit } from "@worker/lib/upload-limit";
import { validate } from "@worker/lib/validation";
import { publish, published } from "@worker/live/publish";
import { successSchema } from "@worker/shared/views.schema";
import {
  BULLETIN_IMAGE_MAX_BYTES,
  BULLETIN_MESSAGES,
  bulletinEventParamsSchema,
  bulletinFormSchema,
  bulletinParamsSchema,
  bulletinSchema,
} from "./bulletin.schema";
import { deleteBulletin } from "./delete-bulletin.service";
import { listBulletins } from "./list-bulletins.service";
import { postBulletin } from "./post-bulletin.service";

const describe = describer({ tags: ["Bulletin"], errors: [403, 404] });

/** Mounted at /api/bulletin. */
export const bulletinRoutes = new Hono<AppEnv>()
  .get(
    "/:eventId",
    describe({
      summary: "The experience's bulletins, newest first",
      description: "Participants only (owner, hosts, attending guests); anyone else gets 404, as for a missing experience.",
      responses: { 200: bulletinSchema.array() },
      errors: [404],
    }),
    validate("param", bulletinEventParamsSchema),
    async (c) => {
      return c.json(await listBulletins(c.env, getDb(c.env.DB), c.req.valid("param").eventId, userId(c)), 200);
    },
  )
  .post(
    "/:eventId",
    describe({
      summary: "Post a bulletin",
      description: `The owner or a host. A multipart form: \`title\` and \`description\` (both required), and at most one \`image\` (JPEG, PNG or GIF by its bytes, under ${BULLETIN_IMAGE_MAX_BYTES / 1024 / 1024} MB). Participants' open pages are told at once.`,
      responses: { 201: bulletinSchema },
      errors: [403, 404, 413],
    }),
    validate("param", bulletinEventParamsSchema),
    uploadLimit(BULLETIN_IMAGE_MAX_BYTES, BULLETIN_MESSAGES.imageTooLarge),
    validate("form", bulletinFormSchema),
    async (c) => {
      const { eventId } = c.req.valid("param");
      const bulletin = await postBulletin(c.env, getDb(c.env.DB), eventId, userId(c), c.req.valid("form"));
      await publish(c.env, { type: "bulletin.changed", eventId });
      return c.json(bulletin, 201);
    },
  )
  .delete(
    "/:eventId/:bulletinId",
    describe({
      summary: "Delete a bulletin",
      description: "The owner or a host; its image goes with it.",
      responses: { 200: successSchema },
    }),
    validate("param", bulletinParamsSchema),
    async (c) => {
      const { eventId, bulletinId } = c.req.valid("param");
      await deleteBulletin(c.env, getDb(c.env.DB), eventId, bulletinId, userId(c));
      return published(c, { type: "bulletin.changed", eventId });
    },
  );
