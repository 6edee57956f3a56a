import { env } from "cloudflare:workers";
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { inArray } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "@worker/index";
import { mailOutbox } from "@worker/db/schema";
import { db, PRODUCTION_BINDINGS } from "@worker/test/helpers";
import { MAIL_DEAD_LETTER_QUEUE, MAIL_QUEUE, retryDelaySeconds } from "./mail-queue";

const production = { ...env, ...PRODUCTION_BINDINGS, MAIL_FROM: "Experiences <hello@experiences.example.com>" };

/** Outbox rows QUEUED as the mailer leaves them, without putting them on the real queue: the test hands them over. */
async function queuedRows(count: number, headers?: Record<string, string>) {
  const label = crypto.randomUUID();
  const rows = Array.from({ length: count }, (_, i) => ({
    id: crypto.randomUUID(),
    to: `${label}-${i}@example.com`,
    subject: `Hello ${i}`,
    text: `Text ${i}`,
    html: `<p>${i}</p>`,
    status: "QUEUED" as const,
    ...(headers ? { headers } : {}),
  }));
  for (let i = 0; i < rows.length; i += 10)
    await db()
      .insert(mailOutbox)
      .values(rows.slice(i, i + 10));
  return rows;
}

const statuses = async (ids: string[]) =>
  (await db().select({ status: mailOutbox.status }).from(mailOutbox).where(inArray(mailOutbox.id, ids))).map((row) => row.status);

/** Runs the Worker's queue handler on one message naming these outbox ids, as the queue would deliver it. */
async function consume(queue: string, ids: string[], attempts = 1) {
  const batch = createMessageBatch(queue, [{ id: crypto.randomUUID(), timestamp: new Date(), attempts, body: { ids } }]);
  const delays = batch.messages.map((message) => {
    const retry = vi.spyOn(message, "retry");
    return () => retry.mock.calls.map(([options]) => options?.delaySeconds);
  });
  await worker.queue(batch as MessageBatch<{ ids: string[] }>, production);
  return { ...(await getQueueResult(batch, createExecutionContext())), delays: () => delays.flatMap((delay) => delay()) };
}

afterEach(() => vi.restoreAllMocks());

describe("the mail queue's consumer", () => {
  it("hands a message's 100 mails to the provider in one call, with their headers, and marks them SENT", async () => {
    const calls: { url: string; auth: string | null; body: Record<string, unknown>[] }[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      calls.push({ url: String(input), auth: new Headers(init?.headers).get("Authorization"), body: JSON.parse(String(init?.body)) });
      return Response.json({ data: [] });
    });
    const rows = await queuedRows(100, { "List-Unsubscribe": "<https://experiences.example.com/u>" });
    const result = await consume(
      MAIL_QUEUE,
      rows.map((row) => row.id),
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe("https://api.resend.com/emails/batch");
    expect(calls[0]!.auth).toBe(`Bearer ${PRODUCTION_BINDINGS.MAIL_API_KEY}`);
    expect(calls[0]!.body).toHaveLength(100);
    const { id: _, status: __, ...first } = rows[0]!;
    expect(calls[0]!.body.find((mail) => mail.to === first.to)).toEqual({ from: production.MAIL_FROM, ...first });
    expect(result.explicitAcks).toHaveLength(1);
    expect(new Set(await statuses(rows.map((row) => row.id)))).toEqual(new Set(["SENT"]));
  });

  it("sends a mail with an inline image on its own call (the batch endpoint takes no attachments), and the rest in one batch", async () => {
    const calls: { url: string; body: unknown }[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      calls.push({ url: String(input), body: JSON.parse(String(init?.body)) });
      return Response.json({ data: [] });
    });
    const plain = await queuedRows(2);
    const attachment = { filename: "pass.png", contentType: "image/png", contentId: "pass-qr", content: "iVBORw0KGgo=" };
    const [withImage] = await queuedRows(1);
    await db()
      .update(mailOutbox)
      .set({ attachments: [attachment] })
      .where(inArray(mailOutbox.id, [withImage!.id]));
    const result = await consume(
      MAIL_QUEUE,
      [...plain, withImage!].map((row) => row.id),
    );
    expect(calls.map((call) => call.url)).toEqual(["https://api.resend.com/emails/batch", "https://api.resend.com/emails"]);
    expect(calls[0]!.body).toHaveLength(2);
    expect(calls[1]!.body).toMatchObject({
      to: withImage!.to,
      attachments: [{ filename: "pass.png", content: "iVBORw0KGgo=", content_type: "image/png", content_id: "pass-qr" }],
    });
    expect(result.explicitAcks).toHaveLength(1);
    expect(new Set(await statuses([...plain, withImage!].map((row) => row.id)))).toEqual(new Set(["SENT"]));
  });

  it("retries only what is left when the provider rate-limits a mail with an image after the batch went out", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) =>
      String(input).endsWith("/batch") ? Response.json({ data: [] }) : new Response("slow down", { status: 429 }),
    );
    const [plain] = await queuedRows(1);
    const [withImage] = await queuedRows(1);
    await db()
      .update(mailOutbox)
      .set({ attachments: [{ filename: "pass.png", contentType: "image/png", contentId: "pass-qr", content: "AA==" }] })
      .where(inArray(mailOutbox.id, [withImage!.id]));
    const result = await consume(MAIL_QUEUE, [plain!.id, withImage!.id]);
    expect(result.retryMessages).toHaveLength(1);
    expect(await statuses([plain!.id])).toEqual(["SENT"]);
    expect(await statuses([withImage!.id])).toEqual(["QUEUED"]);
  });

  it("retries a message the provider rate-limits, later each time, and leaves its mails QUEUED", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("slow down", { status: 429 }));
    vi.spyOn(console, "error").mockImplementation(() => {});
    const rows = await queuedRows(3);
    const result = await consume(
      MAIL_QUEUE,
      rows.map((row) => row.id),
      3,
    );
    expect(result.explicitAcks).toHaveLength(0);
    expect(result.retryMessages).toHaveLength(1);
    expect(result.delays()).toEqual([120]);
    expect(await statuses(rows.map((row) => row.id))).toEqual(["QUEUED", "QUEUED", "QUEUED"]);
  });

  it("retries when the provider cannot be reached", async () => {
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("network down"));
    vi.spyOn(console, "error").mockImplementation(() => {});
    const rows = await queuedRows(2);
    const result = await consume(
      MAIL_QUEUE,
      rows.map((row) => row.id),
    );
    expect(result.retryMessages).toHaveLength(1);
  });

  it("marks a message the provider refuses for good (a 4xx) FAILED without retrying it", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("invalid from address", { status: 422 }));
    vi.spyOn(console, "error").mockImplementation(() => {});
    const rows = await queuedRows(2);
    const result = await consume(
      MAIL_QUEUE,
      rows.map((row) => row.id),
    );
    expect(result.retryMessages).toHaveLength(0);
    expect(await statuses(rows.map((row) => row.id))).toEqual(["FAILED", "FAILED"]);
  });

  it("marks what reaches the dead-letter queue FAILED", async () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    const rows = await queuedRows(2);
    const result = await consume(
      MAIL_DEAD_LETTER_QUEUE,
      rows.map((row) => row.id),
    );
    expect(result.ackAll).toBe(true);
    expect(fetch).not.toHaveBeenCalled();
    expect(await statuses(rows.map((row) => row.id))).toEqual(["FAILED", "FAILED"]);
  });

  it("sends a message the queue delivers twice once", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json({ data: [] }));
    const [row] = await queuedRows(1);
    await consume(MAIL_QUEUE, [row!.id]);
    await consume(MAIL_QUEUE, [row!.id]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("waits 30 s before the first retry, twice as long each time after, never more than an hour", () => {
    expect([1, 2, 3, 4, 8, 20].map(retryDelaySeconds)).toEqual([30, 60, 120, 240, 3600, 3600]);
  });
});
