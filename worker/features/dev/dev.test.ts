import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createMailer } from "../../lib/mailer";
import { apiAs, apiWith } from "../../test/client";
import { db, PRODUCTION_BINDINGS } from "../../test/helpers";

describe("the development mailbox", () => {
  it("lists sent mail newest first as JSON and as a readable page", async () => {
    const mailer = createMailer(env, db());
    await mailer.send({ to: "first@example.com", subject: "First", text: "one", html: "<p>one</p>" });
    await new Promise((r) => setTimeout(r, 5));
    await mailer.send({ to: "second@example.com", subject: "Second <b>", text: "two", html: "<p>two</p>" });

    const json = await (await apiAs().dev["mailbox.json"].$get()).json();
    expect(json.slice(0, 2).map((m) => m.subject)).toEqual(["Second <b>", "First"]);
    expect(Object.keys(json[0]!).sort()).toEqual(["createdAt", "html", "id", "subject", "text", "to"]);

    const page = await apiAs().dev.mailbox.$get();
    expect(page.headers.get("Content-Type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain("Second &lt;b&gt;");
    expect(page.headers.get("Content-Security-Policy")).toContain("default-src 'self'");
  });

  it("answers 404 outside development", async () => {
    const dev = apiWith(PRODUCTION_BINDINGS).dev;
    for (const response of [await dev.mailbox.$get(), await dev["mailbox.json"].$get()]) {
      expect(response.status).toBe(404);
    }
  });
});
