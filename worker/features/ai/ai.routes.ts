import { Hono } from "hono";
import { getDb } from "@worker/db/client";
import type { AppEnv } from "@worker/env";
import { createExperienceSchema, experienceSummarySchema } from "@worker/features/experiences/experiences.schema";
import { userId } from "@worker/lib/auth/middleware";
import { describer } from "@worker/lib/openapi";
import { fileUploadLimit } from "@worker/lib/upload-limit";
import { validate } from "@worker/lib/validation";
import { asLocale, type Locale, type RunLocale } from "@worker/shared/locales";
import { CREATE_DESCRIPTION, createExperience } from "./create-experience.service";
import { aiGeneratorSchema } from "./generator.schema";
import { generatorKind } from "./generators/choose-generator";

const describe = describer({ tags: ["Experiences"] });

/** An experience speaks the language it was made in unless the form names another: its organiser's (docs/languages.md). */
const withLanguage = <T extends { language?: Locale }>(form: T, locale: RunLocale): T & { language: Locale } => ({
  ...form,
  language: form.language ?? asLocale(locale),
});

/**
 * Mounted at /api. Creating an experience is the New Experience form, in AI mode unless it says otherwise, so both of
 * its routes live with the generator: `POST /api/events` (the web's) and `POST /api/v2/cpai/experience/generate` (the
 * AI client's name for the same form, always in AI mode).
 */
export const aiRoutes = new Hono<AppEnv>()
  .get(
    "/ai",
    describe({
      summary: "Which generator builds itineraries",
      description: "`workers-ai` where the deployment has Workers AI; `offline` where the offline generator reads the prompt and the PDF.",
      responses: { 200: aiGeneratorSchema },
    }),
    (c) => c.json({ generator: generatorKind(c.env) }, 200),
  )
  .post(
    "/events",
    describe({
      summary: "Create an experience",
      description: CREATE_DESCRIPTION,
      responses: { 201: experienceSummarySchema },
      errors: [502, 504],
    }),
    fileUploadLimit("document"),
    validate("form", createExperienceSchema),
    async (c) => c.json(await createExperience(c.env, getDb(c.env.DB), userId(c), withLanguage(c.req.valid("form"), c.var.locale)), 201),
  )
  .post(
    "/v2/cpai/experience/generate",
    describe({
      summary: "Generate an experience",
      description: `The New Experience form, always in AI mode. ${CREATE_DESCRIPTION}`,
      responses: { 201: experienceSummarySchema },
      errors: [502, 504],
    }),
    fileUploadLimit("document"),
    validate("form", createExperienceSchema),
    async (c) =>
      c.json(
        await createExperience(c.env, getDb(c.env.DB), userId(c), { ...withLanguage(c.req.valid("form"), c.var.locale), isAIMode: true }),
        201,
      ),
  );
