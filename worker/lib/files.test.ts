import { env } from "cloudflare:workers";
import { inArray } from "drizzle-orm";
import { describe, expect, it, afterEach, vi } from "vitest";
import { mailOutbox } from "@worker/db/schema";
import { LANDING_REVEAL_SCRIPT } from "@worker/shared/first-view";
import { db, call, makeEvent, makeUser } from "@worker/test/helpers";
import { contentSecurityPolicy, LANDING_REVEAL_SCRIPT_HASH } from "./content-security-policy";
import { contentDisposition, IMAGE_TYPES, servedFileName, sniffMimeType, STORED_TYPES } from "./files";
import { createMailer, type Mail } from "./mail/mailer";
import { namesFile } from "./spa-fallback";

afterEach(() => vi.restoreAllMocks());

const bytes = (...parts: (string | number[])[]) => {
  const out: number[] = [];
  for (const part of parts) out.push(...(typeof part === "string" ? [...part].map((c) => c.charCodeAt(0)) : part));
  while (out.length < 32) out.push(0);
  return new Uint8Array(out);
};

describe("sniffMimeType: a file's type is read from its bytes", () => {
  it("knows every image type browsers show", () => {
    expect(sniffMimeType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffMimeType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe("image/png");
    expect(sniffMimeType(bytes("GIF89a"))).toBe("image/gif");
    expect(sniffMimeType(bytes("RIFF", [0, 0, 0, 0], "WEBP"))).toBe("image/webp");
    expect(sniffMimeType(bytes([0, 0, 0, 0x1c], "ftypavif"))).toBe("image/avif");
    expect(sniffMimeType(bytes("BM", [0x36, 0, 0, 0], [0, 0, 0, 0], [0x36, 0, 0, 0]))).toBe("image/bmp");
    for (const type of ["image/avif", "image/bmp"]) expect(IMAGE_TYPES).toContain(type);
  });

  it("tells an AVIF image from an MP4 video, which share the ftyp box", () => {
    expect(sniffMimeType(bytes([0, 0, 0, 0x18], "ftypisom"))).toBe("video/mp4");
    expect(sniffMimeType(bytes([0, 0, 0, 0x14], "ftypqt  "))).toBe("video/quicktime");
  });

  it("refuses HTML and SVG whatever they are called", () => {
    expect(sniffMimeType(bytes("<!doctype html><script>"))).toBeNull();
    expect(sniffMimeType(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffMimeType(bytes("BMW is a brand, not a bitmap"))).toBeNull();
  });
});

describe("servedFileName: a stored file is served under an extension that matches its type", () => {
  it("replaces an extension that does not match the type read from the bytes", () => {
    expect(servedFileName("poly.html", "image/png")).toBe("poly.png");
    expect(servedFileName("tickets.pdf.exe", "application/pdf")).toBe("tickets.pdf.pdf");
    expect(servedFileName("clip.gif", "video/mp4")).toBe("clip.mp4");
  });

  it("keeps a fitting extension as the uploader wrote it, and adds one where there is none", () => {
    expect(servedFileName("Beach.JPEG", "image/jpeg")).toBe("Beach.JPEG");
    expect(servedFileName("beach.jpg", "image/jpeg")).toBe("beach.jpg");
    expect(servedFileName("beach", "image/jpeg")).toBe("beach.jpg");
    expect(servedFileName("beach.", "image/webp")).toBe("beach.webp");
  });

  it("never serves an empty name or a folder path", () => {
    expect(servedFileName("", "image/png")).toBe("file.png");
    expect(servedFileName(".png", "image/png")).toBe("file.png");
    expect(servedFileName("   .html", "image/gif")).toBe("file.gif");
    expect(servedFileName("C:\\fakepath\\dir/photo.png", "image/png")).toBe("photo.png");
  });

  it("knows an extension for every type the app stores", () => {
    for (const type of STORED_TYPES) expect(servedFileName("x.html", type), type).not.toBe("x.html");
    expect(servedFileName("x.html", "application/octet-stream")).toBe("x.bin");
  });
});

describe("contentDisposition", () => {
  it("opens pictures, videos and PDFs in the browser and downloads anything else", () => {
    expect(contentDisposition("a.png", "image/png")).toBe('inline; filename="a.png"');
    expect(contentDisposition("a.webm", "video/webm")).toBe('inline; filename="a.webm"');
    expect(contentDisposition("a.pdf", "application/pdf")).toBe('inline; filename="a.pdf"');
    expect(contentDisposition("a.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")).toBe(
      'attachment; filename="a.xlsx"',
    );
  });

  it("cannot be broken out of by quotes, semicolons or line breaks in the name", () => {
    const header = contentDisposition('x"; filename="evil.html\r\nSet-Cookie: a=b.png', "image/png");
    expect(header).toMatch(/^inline; filename="[\w.\- ]+"; filename\*=UTF-8''[\w.%-]+$/);
    expect(header).not.toContain('evil.html"');
  });
});

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

// The Worker gets every path no static asset answers (wrangler.jsonc: not_found_handling "none").
describe("a path nothing answers", () => {
  it("answers 404 in plain text, not the app's page, where the path names a file", async () => {
    for (const path of ["/assets/index-missing.js", "/favicon.png", "/apple-touch-icon-precomposed.png", "/some/page.html", "/assets"]) {
      const response = await call(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("Content-Type"), path).toContain("text/plain");
      expect(await response.text(), path).toBe("Not found");
    }
  });

  it("answers 404 with { error: 'Not found' } under /oapi, /files and /auth (and /api, signed in: app-images.test.ts)", async () => {
    for (const path of ["/oapi/no-such-thing", "/oapi/logo.png", "/files", "/auth/nothing"]) {
      const response = await call(path);
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toEqual({ error: "Not found" });
    }
  });

  it("answers a page route with the app's index.html and 200, its own not-found page included", async () => {
    for (const path of ["/login", "/manage/experiences/upcoming", "/no-such-page"]) {
      const response = await call(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Content-Type"), path).toContain("text/html");
      expect(response.headers.get("Content-Security-Policy"), path).toContain("script-src");
      expect(await response.text(), path).toContain('<div id="root"></div>');
    }
  });

  it("answers 404 to a page route asked with another method than GET or HEAD", async () => {
    expect((await call("/login", { method: "POST" })).status).toBe(404);
  });
});

describe("namesFile", () => {
  it("tells files (an extension, or under the Worker's own paths and /assets) from pages", () => {
    expect(["/og-default.png", "/favicon.ico", "/x/y.tar.gz", "/assets/a", "/oapi", "/files/abc", "/dev/x"].map(namesFile)).toEqual(
      Array(7).fill(true),
    );
    expect(["/", "/login", "/manage/experiences/upcoming", "/itinerary/abc/day/2", "/assetsmanager", "/v1.2/page"].map(namesFile)).toEqual(
      Array(6).fill(false),
    );
  });
});

const scriptSrc = (policy: string | null) => policy?.split("; ").find((directive) => directive.startsWith("script-src "));
const sha256 = async (text: string) =>
  `sha256-${btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)))))}`;
/** The text of every inline script the browser would run (JSON blocks are data, never run). */
const runnableInlineScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g)].map(([, text]) => text!);

describe("the Content-Security-Policy's one inline script", () => {
  it("allows the landing page's reveal script by its SHA-256, and no inline script at large", async () => {
    expect(LANDING_REVEAL_SCRIPT_HASH).toBe(await sha256(LANDING_REVEAL_SCRIPT));
    const directive = scriptSrc(contentSecurityPolicy("https://experiences.example.com"));
    expect(directive).toContain(`'${LANDING_REVEAL_SCRIPT_HASH}'`);
    expect(directive).not.toContain("'unsafe-inline'");
  });

  it("lets the check-in scanner compile its own QR reader's WebAssembly, and allows no eval of text", () => {
    const directive = scriptSrc(contentSecurityPolicy("https://experiences.example.com"));
    expect(directive).toContain("'wasm-unsafe-eval'");
    expect(directive).not.toContain("'unsafe-eval'");
  });

  it("index.html carries the prerendered landing hidden and inert, and runs no inline script the policy does not allow", async () => {
    const index = await (await env.ASSETS.fetch("http://localhost/")).text();
    expect(index).toMatch(/<div id="first-view" inert aria-hidden="true" hidden>[\s\S]*Multi-day events/);
    expect(runnableInlineScripts(index)).toEqual([LANDING_REVEAL_SCRIPT]);
  });

  it("the share page runs no inline script its own policy does not allow", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id, { name: "</script><script>alert(1)</script>" });
    const page = await call(`/itinerary/${event.id}`);
    const allowed = scriptSrc(page.headers.get("Content-Security-Policy"));
    const html = await page.text();
    expect(html).toContain('<script type="application/json" id="itinerary-data">');
    for (const script of runnableInlineScripts(html)) expect(allowed).toContain(`'${await sha256(script)}'`);
  });
});
