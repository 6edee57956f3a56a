import { Hono } from "hono";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { userId } from "../../lib/auth/middleware";
import { describe } from "../../lib/openapi";
import { fileUploadLimit } from "../../lib/upload-limit";
import { validate } from "../../lib/validation";
import { CREATE_DESCRIPTION, createExperience } from "../events/create-experience";
import { createEventSchema, eventSummarySchema } from "../events/events.schema";

/** Mounted at /api/v2/cpai: the AI client's name for creating an experience from a prompt and a PDF. */
export const aiRoutes = new Hono<AppEnv>().post(
  "/experience/generate",
  describe({
    summary: "Generate an experience",
    description: `The New Experience form, always in AI mode. ${CREATE_DESCRIPTION}`,
    tags: ["Experiences"],
    responses: { 201: eventSummarySchema },
    errors: [502, 504],
  }),
  fileUploadLimit("document"),
  validate("form", createEventSchema),
  async (c) => c.json(await createExperience(c.env, getDb(c.env.DB), userId(c), { ...c.req.valid("form"), isAIMode: true }), 201),
);
