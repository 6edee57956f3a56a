import { env } from "cloudflare:workers";
import { inArray } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mailOutbox } from "@worker/db/schema";
import { db, PRODUCTION_BINDINGS } from "@worker/test/helpers";
import { createMailer, type Mail } from "./mailer";

const production = { ...env, ...PRODUCTION_BINDINGS, MAIL_FROM: "Experiences <hello@experiences.example.com>" };

const mailsFor = (label: string, count: number): Mail[] =>
  Array.from({ length: count }, (_, i) => ({
    to: `${label}-${i}@example.com`,
    subject: `Hello ${i}`,
    text: `Text ${i}`,
    html: `<p>${i}</p>`,
  }));

const statusesOf = async (mails: Mail[]) => {
  const rows = await db()
    .select({ to: mailOutbox.to, status: mailOutbox.status })
    .from(mailOutbox)
    .where(inArray(mailOutbox.to, mails.map((m) => m.to).slice(0, 90)));
  return new Set(rows.map((row) => row.status));
};

/** Collects what the mailer leaves for after the response, so a test can wait for it. */
function backgroundWork() {
  const work: Promise<void>[] = [];
  return { background: (p: Promise<void>) => void work.push(p), settled: () => Promise.all(work) };
}

afterEach(() => vi.restoreAllMocks());

describe("createMailer().sendMany", () => {
  it("writes every message to the outbox as SENT in development and calls no provider", async () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    const mails = mailsFor(`dev-${crypto.randomUUID()}`, 1234);
    expect(await createMailer(env, db()).sendMany(mails)).toBe(1234);
    const rows = await db()
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.to, [mails[0]!.to, mails[1233]!.to]));
    expect(
      rows.map(({ to, subject, text, html, status }) => ({ to, subject, text, html, status })).sort((a, b) => a.to.localeCompare(b.to)),
    ).toEqual([mails[0]!, mails[1233]!].map((mail) => ({ ...mail, status: "SENT" })).sort((a, b) => a.to.localeCompare(b.to)));
    expect(fetch).not.toHaveBeenCalled();
  });

  it("in production answers with the messages QUEUED, then hands them to the provider 100 per batch call after the response", async () => {
    const calls: { url: string; headers: Headers; body: { from: string; to: string; subject: string; text: string; html: string }[] }[] =
      [];
    let answer = () => {};
    const provider = new Promise<void>((resolve) => (answer = resolve));
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      calls.push({ url: String(input), headers: new Headers(init?.headers), body: JSON.parse(String(init?.body)) });
      await provider;
      return Response.json({ data: [] });
    });
    const { background, settled } = backgroundWork();
    const mails = mailsFor(`prod-${crypto.randomUUID()}`, 250);

    // Resolves while the provider has not answered yet: the request does not wait for delivery.
    await createMailer(production, db(), background).sendMany(mails);
    expect(await statusesOf(mails)).toEqual(new Set(["QUEUED"]));

    answer();
    await settled();
    expect(calls.map((call) => [call.url, call.body.length])).toEqual([
      ["https://api.resend.com/emails/batch", 100],
      ["https://api.resend.com/emails/batch", 100],
      ["https://api.resend.com/emails/batch", 50],
    ]);
    expect(calls[0]!.headers.get("Authorization")).toBe(`Bearer ${PRODUCTION_BINDINGS.MAIL_API_KEY}`);
    expect(calls.flatMap((call) => call.body.map((m) => m.to)).sort()).toEqual(mails.map((m) => m.to).sort());
    expect(calls[0]!.body.find((m) => m.to === mails[0]!.to)).toEqual({ from: production.MAIL_FROM, ...mails[0]! });
    expect(await statusesOf(mails)).toEqual(new Set(["SENT"]));
  });

  it("marks a batch the provider refuses FAILED and still delivers the others", async () => {
    let call = 0;
    vi.spyOn(globalThis, "fetch").mockImplementation(async () =>
      ++call === 1 ? new Response("rate limited", { status: 429 }) : Response.json({ data: [] }),
    );
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { background, settled } = backgroundWork();
    const mails = mailsFor(`fail-${crypto.randomUUID()}`, 150);

    await createMailer(production, db(), background).sendMany(mails);
    await settled();

    const rows = await db()
      .select({ status: mailOutbox.status })
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.to,
          mails.slice(0, 90).map((m) => m.to),
        ),
      );
    const later = await db()
      .select({ status: mailOutbox.status })
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.to,
          mails.slice(90).map((m) => m.to),
        ),
      );
    const statuses = [...rows, ...later].map((row) => row.status);
    expect(statuses.filter((s) => s === "FAILED")).toHaveLength(100);
    expect(statuses.filter((s) => s === "SENT")).toHaveLength(50);
    expect(call).toBe(2);
  });

  it("by default leaves the delivery to the running request's waitUntil", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockImplementation(async () => Response.json({ data: [] }));
    const mails = mailsFor(`wait-${crypto.randomUUID()}`, 3);
    await createMailer(production, db()).sendMany(mails);
    await vi.waitFor(async () => expect(await statusesOf(mails)).toEqual(new Set(["SENT"])));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("writes nothing and leaves nothing for later when there is nothing to send", async () => {
    const { background, settled } = backgroundWork();
    const fetch = vi.spyOn(globalThis, "fetch");
    expect(await createMailer(production, db(), background).sendMany([])).toBe(0);
    await settled();
    expect(fetch).not.toHaveBeenCalled();
  });
});
