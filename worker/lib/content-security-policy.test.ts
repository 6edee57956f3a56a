import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, makeEvent, makeUser } from "@worker/test/helpers";
import { contentSecurityPolicy, LANDING_REVEAL_SCRIPT_HASH } from "./content-security-policy";
import { LANDING_REVEAL_SCRIPT } from "@worker/shared/first-view";

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
