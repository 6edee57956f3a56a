import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { inArray } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import app from "@worker/app";
import { mailOutbox, mailCounts } from "@worker/db/schema";
import worker from "@worker/index";
import { apiAs, errorOf } from "@worker/test/client";
import { PNG } from "@worker/test/files";
import { db, PRODUCTION_BINDINGS, call, makeEvent, makeUser } from "@worker/test/helpers";
import { contentSecurityPolicy } from "../content-security-policy";
import { signedFileUrl, storeFile } from "../files";
import { claimCount, forgetOldMailCounts, releaseCount, utcDay } from "./mail-counts";
import { MAIL_DEAD_LETTER_QUEUE, MAIL_QUEUE, retryDelaySeconds } from "./mail-queue";

afterEach(() => vi.restoreAllMocks());

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

describe("bodies of another media type than the route reads", () => {
  it("answers 415 'Send the body as application/json' to a JSON route sent text/plain, and changes nothing", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id, { name: "Before" });
    const res = await call(`/api/events/${event.id}`, {
      method: "PUT",
      token: owner.token,
      headers: { "Content-Type": "text/plain" },
      body: JSON.stringify({ name: "After" }),
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ error: "Send the body as application/json" });
    const detail = await apiAs(owner.token).api.events[":id"].$get({ param: { id: event.id } });
    expect((await detail.json()).name).toBe("Before");
  });

  it("answers 415 to a JSON route sent a form", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    const form = new FormData();
    form.append("name", "After");
    const res = await call(`/api/events/${event.id}`, { method: "PUT", token: owner.token, body: form });
    expect(res.status).toBe(415);
  });

  it("answers 415 'Send the body as multipart/form-data' to a form route sent JSON", async () => {
    const owner = await makeUser();
    const res = await call("/api/events", { method: "POST", token: owner.token, json: { name: "Trip" } });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ error: "Send the body as multipart/form-data" });
  });

  it("answers 400 naming the rule for malformed JSON", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    const res = await call(`/api/events/${event.id}`, {
      method: "PUT",
      token: owner.token,
      headers: { "Content-Type": "application/json" },
      body: "{name",
    });
    expect(res.status).toBe(400);
    expect(typeof (await errorOf(res))).toBe("string");
  });
});

describe("bodies too large to read", () => {
  it("answers 413 'The request body is too large' to a JSON body over 512 KB, and changes nothing", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id, { name: "Before" });
    const res = await call(`/api/events/${event.id}`, { method: "PUT", token: owner.token, json: { name: "x".repeat(600 * 1024) } });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: "The request body is too large" });
    const detail = await apiAs(owner.token).api.events[":id"].$get({ param: { id: event.id } });
    expect((await detail.json()).name).toBe("Before");
  });

  it("refuses a 3 MB code id (413), and an id over 100 characters with 'Invalid OTP. Please try again.', instead of failing in the database", async () => {
    const res = await call("/oapi/otp/verify", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: `{"id":"${"x".repeat(3 * 1024 * 1024)}","otp":"123456"}`,
    });
    expect(res.status).toBe(413);
    const capped = await call("/oapi/otp/verify", { method: "POST", json: { id: "x".repeat(101), otp: "123456" } });
    expect(capped.status).toBe(400);
    expect(await errorOf(capped)).toContain("Invalid OTP. Please try again.");
  });
});

describe("ids in the path", () => {
  it("answers an over-long id anywhere with 'This address is not valid: an id in it is too long', not a schema's words", async () => {
    const owner = await makeUser();
    const long = "x".repeat(101);
    const paths = [
      `/api/events/${long}`,
      `/api/events/${long}/programs/${long}/activity/${long}`,
      `/api/feeds/${long}/${long}/comment`,
      `/api/bulletin/${long}`,
      `/api/rsvp/event/${long}`,
      `/api/events/${long}/form/${long}/response`,
      `/oapi/itinerary/${long}`,
      `/oapi/reset-password/${"x".repeat(201)}`,
      `/files/${long}`,
    ];
    for (const path of paths) {
      const response = await call(path, { token: owner.token });
      expect([path, response.status, await errorOf(response)]).toEqual([path, 400, "This address is not valid: an id in it is too long"]);
    }
  });
});

const connectSrc = (policy: string | null) => policy?.split("; ").find((directive) => directive.startsWith("connect-src "));

describe("caching of the Worker's answers", () => {
  it("answers /api calls with Cache-Control: no-store, errors included", async () => {
    const user = await makeUser();
    const profile = await call("/api/profile/user", { token: user.token });
    expect(profile.status).toBe(200);
    expect(profile.headers.get("Cache-Control")).toBe("no-store");
    for (const response of [await call("/api/profile/user"), await call("/api/no-such-thing", { token: user.token })]) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
    }
  });

  it("never lets a token answer be stored either", async () => {
    const response = await call("/auth/signin", {
      method: "POST",
      json: { emailOrPhone: "nobody@example.com", password: "wrong-password" },
    });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("keeps the public itinerary's edge caching and the signed files' own caching", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    const itinerary = await call(`/oapi/itinerary/${event.id}`);
    expect(itinerary.status).toBe(200);
    expect(itinerary.headers.get("Cache-Control")).toBe("public, max-age=10");

    const fileId = await storeFile(
      env,
      db(),
      { bytes: PNG, mimeType: "image/png", kind: "image", name: "a.png" },
      { uploaderId: owner.id },
    );
    const file = await call(await signedFileUrl(env, fileId));
    expect(file.headers.get("Cache-Control")).toBe("private, max-age=604800, immutable");
  });
});

describe("the Content-Security-Policy", () => {
  it("CSP connect-src names only the app's origin: its own WebSocket origin, no ws: or wss: host at large", () => {
    expect(connectSrc(contentSecurityPolicy("https://experiences.example.com"))).toBe(
      "connect-src 'self' wss://experiences.example.com https://accounts.google.com/gsi/",
    );
    expect(connectSrc(contentSecurityPolicy("http://localhost:8787"))).toBe(
      "connect-src 'self' ws://localhost:8787 https://accounts.google.com/gsi/",
    );
  });

  it("lets the app's service worker and web app manifest load from its own origin only", async () => {
    const policy = (await call("/login")).headers.get("Content-Security-Policy")?.split("; ");
    expect(policy).toContain("worker-src 'self'");
    expect(policy).toContain("manifest-src 'self'");
  });

  it("on the Worker's own pages, names the socket origin of the address the page was loaded from", async () => {
    const page = await call("/dev/mailbox");
    expect(page.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(connectSrc(page.headers.get("Content-Security-Policy"))).toBe(
      "connect-src 'self' ws://localhost https://accounts.google.com/gsi/",
    );

    const onPort = await app.request("http://127.0.0.1:8787/dev/mailbox", {}, env);
    expect(connectSrc(onPort.headers.get("Content-Security-Policy"))).toBe(
      "connect-src 'self' ws://127.0.0.1:8787 https://accounts.google.com/gsi/",
    );
  });
});

const DAY = 24 * 60 * 60 * 1000;

describe("the mail ledger's counters", () => {
  it("claims within the limit only, and gives back what was not used", async () => {
    const key = `sender:${crypto.randomUUID()}`;
    expect(await claimCount(db(), key, 7, 10)).toBe(true);
    expect(await claimCount(db(), key, 4, 10)).toBe(false);
    await releaseCount(db(), key, 2, utcDay(new Date()));
    expect(await claimCount(db(), key, 5, 10)).toBe(true);
    expect(await claimCount(db(), key, 11, 10)).toBe(false);
  });

  it("starts each UTC day afresh, and the hourly cron forgets days before yesterday", async () => {
    const key = `to:${crypto.randomUUID()}@example.com`;
    const now = new Date("2026-11-26T10:00:00Z");
    for (const daysAgo of [0, 1, 2, 3]) expect(await claimCount(db(), key, 3, 3, new Date(now.getTime() - daysAgo * DAY))).toBe(true);
    await forgetOldMailCounts(db(), now);
    const days = await db()
      .select({ day: mailCounts.day })
      .from(mailCounts)
      .where(inArray(mailCounts.key, [key]));
    expect(days.map((row) => row.day).sort()).toEqual(["2026-11-25", "2026-11-26"]);
  });
});
