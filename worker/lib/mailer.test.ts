import { env } from "cloudflare:workers";
import { inArray } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mailOutbox } from "@worker/db/schema";
import { db } from "@worker/test/helpers";
import { createMailer, type Mail } from "./mailer";

const mailsFor = (label: string, count: number): Mail[] =>
  Array.from({ length: count }, (_, i) => ({
    to: `${label}-${i}@example.com`,
    subject: `Hello ${i}`,
    text: `Text ${i}`,
    html: `<p>${i}</p>`,
  }));

const rowsOf = (mails: Mail[]) =>
  db()
    .select()
    .from(mailOutbox)
    .where(
      inArray(
        mailOutbox.to,
        mails.map((m) => m.to),
      ),
    );

afterEach(() => vi.restoreAllMocks());

describe("createMailer().sendMany", () => {
  it("writes every message to the outbox and puts the ids on the mail queue, 100 to a queue message", async () => {
    const sendBatch = vi.spyOn(env.MAIL_QUEUE, "sendBatch");
    const mails = mailsFor(`queued-${crypto.randomUUID()}`, 1234);
    expect(await createMailer(env, db()).sendMany(mails)).toBe(1234);
    const rows = await rowsOf([mails[0]!, mails[1233]!]);
    expect(rows.map(({ to, subject, text, html }) => ({ to, subject, text, html })).sort((a, b) => a.to.localeCompare(b.to))).toEqual(
      [mails[0]!, mails[1233]!].sort((a, b) => a.to.localeCompare(b.to)),
    );
    // Windows of 500 rows: 5 + 5 + 3 queue messages, of 100 ids but the last.
    const messages = sendBatch.mock.calls.flatMap(([sent]) => [...sent].map((m) => (m.body as { ids: string[] }).ids));
    expect(messages.map((ids) => ids.length)).toEqual([...Array<number>(12).fill(100), 34]);
    const queued = messages.flat();
    expect(new Set(queued).size).toBe(1234);
    expect(queued).toEqual(expect.arrayContaining(rows.map((row) => row.id)));
  });

  it("keeps a message's headers with it", async () => {
    const mail = { ...mailsFor(`headers-${crypto.randomUUID()}`, 1)[0]!, headers: { "List-Unsubscribe": "<https://example.com/u>" } };
    await createMailer(env, db()).send(mail);
    expect((await rowsOf([mail]))[0]!.headers).toEqual(mail.headers);
  });

  it("is delivered by the real queue: in development the consumer marks the outbox row SENT without a provider", async () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    const mails = mailsFor(`delivered-${crypto.randomUUID()}`, 3);
    await createMailer(env, db()).sendMany(mails);
    await vi.waitFor(async () => expect(new Set((await rowsOf(mails)).map((row) => row.status))).toEqual(new Set(["SENT"])), {
      timeout: 10_000,
      interval: 100,
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("marks the messages FAILED and throws when the queue refuses them, so no row claims to be on its way", async () => {
    vi.spyOn(env.MAIL_QUEUE, "sendBatch").mockRejectedValue(new Error("queue unavailable"));
    const mails = mailsFor(`refused-${crypto.randomUUID()}`, 2);
    await expect(createMailer(env, db()).sendMany(mails)).rejects.toThrow("queue unavailable");
    expect((await rowsOf(mails)).map((row) => row.status)).toEqual(["FAILED", "FAILED"]);
  });

  it("writes and queues nothing when there is nothing to send", async () => {
    const sendBatch = vi.spyOn(env.MAIL_QUEUE, "sendBatch");
    expect(await createMailer(env, db()).sendMany([])).toBe(0);
    expect(sendBatch).not.toHaveBeenCalled();
  });
});
