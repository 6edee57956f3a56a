import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { getDb } from "@worker/db/client";
import { mailOutbox, pushOutbox, pushSubscriptions, type MailAttachment } from "@worker/db/schema";
import type { AppEnv } from "@worker/env";
import { isDevelopment } from "@worker/lib/config";
import { notFound } from "@worker/lib/errors";
import { describer } from "@worker/lib/openapi";
import { success } from "@worker/lib/success";
import { validate } from "@worker/lib/validation";
import { eventRoom } from "@worker/live/room";
import { escapeHtml } from "@worker/shared/html";
import { successSchema } from "@worker/shared/views.schema";
import {
  devBroadcastBodySchema,
  devBroadcastSchema,
  devFlushSchema,
  devLiveParamsSchema,
  mailSchema,
  pushSchema,
  seedResultSchema,
} from "./dev.schema";
import { seedDemo } from "./seed.service";

const describe = describer({ tags: ["Development"], errors: [404] });
const onlyInDevelopment = "Development only: answers 404 in production.";

const latestMail = (c: { env: AppEnv["Bindings"] }, limit = 200) =>
  getDb(c.env.DB).select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(limit);
/** The HTML as a mail client shows it: each `cid:` image it names drawn from its attachment (as a data: URL here). */
const withInlineImages = (html: string, attachments: MailAttachment[] | null) =>
  (attachments ?? []).reduce(
    (page, { contentId, contentType, content }) => page.replaceAll(`cid:${contentId}`, `data:${contentType};base64,${content}`),
    html,
  );
/** The page previews this many, each in its own frame: hundreds of frames made it slow to open and to check. */
const PAGE_MAIL = 30;

/** The development mailbox: every message the app "sent", newest first. Absent outside development. */
export const devRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (!isDevelopment(c.env)) throw notFound();
    return next();
  })
  .post(
    "/seed",
    describe({
      summary: "Seed the demo account and experience (idempotent)",
      description: onlyInDevelopment,
      responses: { 200: seedResultSchema },
    }),
    async (c) => c.json(await seedDemo(c.env, getDb(c.env.DB)), 200),
  )
  .get(
    "/mailbox.json",
    describe({ summary: "The mail the app sent, newest first", description: onlyInDevelopment, responses: { 200: mailSchema.array() } }),
    async (c) => {
      const rows = await latestMail(c);
      return c.json(
        rows.map(({ createdAt, ...mail }) => ({ ...mail, createdAt: createdAt.toISOString() })),
        200,
      );
    },
  )
  .get(
    "/pushbox.json",
    describe({
      summary: "The push notifications the app sent, newest first",
      description: `${onlyInDevelopment} In development the push outbox is the box: nothing is sent to a push service.`,
      responses: { 200: pushSchema.array() },
    }),
    async (c) => {
      const rows = await getDb(c.env.DB)
        .select({
          id: pushOutbox.id,
          endpoint: pushSubscriptions.endpoint,
          payload: pushOutbox.payload,
          status: pushOutbox.status,
          createdAt: pushOutbox.createdAt,
        })
        .from(pushOutbox)
        .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscriptionId))
        .orderBy(desc(pushOutbox.createdAt), desc(pushOutbox.id))
        .limit(200);
      return c.json(
        rows.map(({ createdAt, ...push }) => ({ ...push, createdAt: createdAt.toISOString() })),
        200,
      );
    },
  )
  // The e2e tests' and the bench's way past the digest windows.
  .post(
    "/notifications/:eventId/flush",
    describe({
      summary: "Send the experience's pending notification digest now",
      description: `${onlyInDevelopment} The event's room claims every pending change-log row now, whatever its window, and enqueues the digest.`,
      responses: { 200: devFlushSchema },
    }),
    validate("param", devLiveParamsSchema),
    async (c) => {
      const { eventId } = c.req.valid("param");
      return c.json({ digestId: await eventRoom(c.env, eventId).flushDigests(eventId) }, 200);
    },
  )
  // The bench's reference points for the live path (bench/feed.mjs): the room alone, without the API's work.
  .post(
    "/live/:eventId/broadcast",
    describe({
      summary: "Broadcast feed.posted straight from the event's room",
      description: `${onlyInDevelopment} Publishes \`feed.posted\` with the given postId to the event's sockets directly, with no post written: the bare broadcast the bench compares a post's path with.`,
      responses: { 200: devBroadcastSchema },
    }),
    validate("param", devLiveParamsSchema),
    validate("json", devBroadcastBodySchema),
    async (c) => {
      const { eventId } = c.req.valid("param");
      const delivered = await eventRoom(c.env, eventId).publish({ type: "feed.posted", eventId, postId: c.req.valid("json").postId });
      return c.json({ delivered }, 200);
    },
  )
  .post(
    "/live/:eventId/restart",
    describe({
      summary: "Restart the event's room",
      description: `${onlyInDevelopment} Resets the event's Durable Object as a deploy does: every socket of the event drops (1006) and the pages reconnect.`,
      responses: { 200: successSchema },
    }),
    validate("param", devLiveParamsSchema),
    async (c) => {
      // The reset breaks the call that asked for it: its rejection is the restart having happened.
      await eventRoom(c.env, c.req.valid("param").eventId)
        .restart()
        .catch(() => undefined);
      return success(c);
    },
  )
  .get(
    "/mailbox",
    describe({
      summary: "The development mailbox as a page",
      description: onlyInDevelopment,
      responses: { 200: { contentType: "text/html", description: "The mailbox" } },
    }),
    async (c) => {
      const rows = await latestMail(c, PAGE_MAIL);
      const items = rows
        .map(
          (
            m,
          ) => `<article><header><strong>${escapeHtml(m.subject)}</strong><span>to ${escapeHtml(m.to)} · ${m.createdAt.toISOString()}</span></header>
<iframe sandbox loading="lazy" srcdoc="${escapeHtml(withInlineImages(m.html, m.attachments))}" title="${escapeHtml(m.subject)}"></iframe></article>`,
        )
        .join("\n");
      return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Dev mailbox</title><style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#0f172a}
article{border:1px solid #e2e8f0;border-radius:12px;margin:1rem 0;overflow:hidden}header{display:flex;justify-content:space-between;gap:1rem;flex-wrap:wrap;padding:.75rem 1rem;background:#f8fafc}
header span{color:#64748b;font-size:.875rem}iframe{width:100%;height:260px;border:0}</style></head>
<body><main><h1>Development mailbox</h1><p>The newest ${rows.length} message(s); the newest 200 as JSON at <a href="/dev/mailbox.json">/dev/mailbox.json</a>.</p>${items || "<p>No mail yet.</p>"}</main></body></html>`);
    },
  );
