import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import app from "../../app";
import { createMailer } from "../../lib/mailer";
import { call, db } from "../../test/helpers";

describe("the development mailbox", () => {
  it("lists sent mail newest first as JSON and as a readable page", async () => {
    const mailer = createMailer(env, db());
    await mailer.send({ to: "first@example.com", subject: "First", text: "one", html: "<p>one</p>" });
    await new Promise((r) => setTimeout(r, 5));
    await mailer.send({ to: "second@example.com", subject: "Second <b>", text: "two", html: "<p>two</p>" });

    const json = (await (await call("/dev/mailbox.json")).json()) as { to: string; subject: string }[];
    expect(json.slice(0, 2).map((m) => m.subject)).toEqual(["Second <b>", "First"]);
    expect(Object.keys(json[0]!).sort()).toEqual(["createdAt", "html", "id", "subject", "text", "to"]);

    const page = await call("/dev/mailbox");
    expect(page.headers.get("Content-Type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain("Second &lt;b&gt;");
    expect(page.headers.get("Content-Security-Policy")).toContain("default-src 'self'");
  });

  it("answers 404 outside development", async () => {
    const production = {
      ...env,
      ENVIRONMENT: "production" as const,
      JWT_SECRET: "a-real-production-secret-0123456789",
      PASSWORD_PEPPER: "a-real-production-pepper-0123456789",
      MAIL_API_KEY: "re_live_key_0123456789abcdef",
    };
    for (const path of ["/dev/mailbox", "/dev/mailbox.json"]) {
      const response = await app.request(path, {}, production);
      expect(response.status).toBe(404);
    }
  });
});
