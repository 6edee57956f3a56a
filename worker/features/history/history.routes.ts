import { Hono } from "hono";
import { getDb } from "@worker/db/client";
import type { AppEnv } from "@worker/env";
import { userId } from "@worker/lib/auth/middleware";
import { describe } from "@worker/lib/openapi";
import { validate } from "@worker/lib/validation";
import { historyParamsSchema, historyQuerySchema, historySchema, HISTORY_PAGE_SIZE } from "./history.schema";
import { listHistory } from "./history.service";

/** Mounted at /api/events/:eventId/history: the organisers' History panel. */
export const historyRoutes = new Hono<AppEnv>().get(
  "/",
  describe({
    summary: "Who changed what and when",
    description: `Owner and hosts only. The experience's change log, newest first, ${HISTORY_PAGE_SIZE} a page (pass \`nextCursor\` as \`cursor\` for older ones): each change with the person who made it, when (UTC; shown in the experience's zone), what changed and the old and new values in words. \`day\` keeps the changes to that day and its activities, \`person\` those one person made. With the experience's days and everyone who changed something, for the filters.`,
    tags: ["History"],
    responses: { 200: historySchema },
    errors: [403, 404],
  }),
  validate("param", historyParamsSchema),
  validate("query", historyQuerySchema),
  async (c) => {
    const { eventId } = c.req.valid("param");
    return c.json(await listHistory(c.env, getDb(c.env.DB), eventId, userId(c), c.req.valid("query"), c.var.i18n), 200);
  },
);
