import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, makeUser, PRODUCTION_BINDINGS } from "@worker/test/helpers";
import { imageSize } from "@worker/test/image-size";
import app from "./app";

// Made by the build (scripts/app-images.mjs) from web/public/favicon.svg and the share card's drawing.
const asset = async (path: string) => {
  const response = await env.ASSETS.fetch(`http://localhost${path}`);
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
};
/** A PNG's colour type (IHDR): 2 is RGB, 6 RGBA. */
const colourType = (png: Uint8Array) => png[25];

describe("the app's icons", () => {
  it("serves /favicon.ico with 16, 32 and 48 px PNGs", async () => {
    const { response, bytes } = await asset("/favicon.ico");
    expect(response.status).toBe(200);
    const view = new DataView(bytes.buffer);
    expect(view.getUint16(2, true)).toBe(1);
    const count = view.getUint16(4, true);
    const entries = Array.from({ length: count }, (_, i) => {
      const at = 6 + 16 * i;
      const png = bytes.subarray(view.getUint32(at + 12, true), view.getUint32(at + 12, true) + view.getUint32(at + 8, true));
      return { listed: bytes[at], ...imageSize(png) };
    });
    expect(entries).toEqual([16, 32, 48].map((size) => ({ listed: size, type: "png", width: size, height: size })));
  });

  it("serves a 180 px apple-touch-icon without transparency, and 192 and 512 px icons for a manifest", async () => {
    const touch = await asset("/apple-touch-icon.png");
    expect(touch.response.headers.get("Content-Type")).toBe("image/png");
    expect(imageSize(touch.bytes)).toEqual({ type: "png", width: 180, height: 180 });
    expect(colourType(touch.bytes)).toBe(2);
    for (const size of [192, 512])
      expect(imageSize((await asset(`/icon-${size}.png`)).bytes)).toEqual({ type: "png", width: size, height: size });
  });

  it("links them from the app's page", async () => {
    const html = new TextDecoder().decode((await asset("/")).bytes);
    expect(html).toContain('<link rel="icon" href="/favicon.ico" sizes="48x48" />');
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" />');
  });
});

describe("/og-default.png, the app's own share card", () => {
  it("is the landing page's og:image, by an absolute URL, with its size, type and alt text", async () => {
    const html = new TextDecoder().decode((await asset("/")).bytes);
    const tag = (property: string) => html.match(new RegExp(`<meta property="${property}" content="([^"]*)"`))?.[1];
    expect(tag("og:image")).toMatch(/^https?:\/\/[^/]+\/og-default\.png$/);
    expect([tag("og:image:width"), tag("og:image:height"), tag("og:image:type")]).toEqual(["1200", "630", "image/png"]);
    expect(tag("og:image:alt")).toBe("Experiences: Itineraries, guests and live updates for multi-day events");
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
  });

  it("is a 1200x630 PNG under 1 MB", async () => {
    const { response, bytes } = await asset("/og-default.png");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(bytes.byteLength).toBeLessThan(1024 * 1024);
    expect(imageSize(bytes)).toEqual({ type: "png", width: 1200, height: 630 });
  });
});

describe("the API", () => {
  it("answers an unauthenticated call to /api/events with 401 and an error message", async () => {
    const response = await call("/api/events");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: expect.any(String) });
  });

  it("answers unknown /api paths with a JSON 404 for a signed-in user", async () => {
    const user = await makeUser();
    const response = await call("/api/no-such-thing", { token: user.token });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Not found" });
  });

  it("refuses forged and expired access tokens", async () => {
    const forged = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4IiwidHlwIjoiYWNjZXNzIn0.c2lnbmF0dXJl";
    expect((await call("/api/events", { token: forged })).status).toBe(401);
  });

  it("sets security headers and a request id", async () => {
    const response = await call("/api/nothing");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("X-Request-Id")).toBeTruthy();
    expect(response.headers.get("Strict-Transport-Security")).toBeNull();
  });

  it("fails closed in production while a secret is at its development default", async () => {
    const response = await app.request("/oapi/anything", {}, { ...env, ENVIRONMENT: "production" });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: "The server is not configured." });
  });

  it("fails closed when development settings answer on a public host (a deploy without --env production)", async () => {
    const deployed = await app.request("https://experiences.example.com/dev/mailbox.json", {}, env);
    expect(deployed.status).toBe(500);
    expect(await deployed.json()).toEqual({ error: "The server is not configured." });
    for (const local of ["http://localhost:8787", "http://127.0.0.1:8787", "http://192.168.1.20:8787"]) {
      expect((await app.request(`${local}/oapi/config`, {}, env)).status).toBe(200);
    }
  });

  it("sends HSTS in production once the secrets are real", async () => {
    const response = await app.request("/oapi/anything", {}, { ...env, ...PRODUCTION_BINDINGS });
    expect(response.status).toBe(404);
    expect(response.headers.get("Strict-Transport-Security")).toContain("max-age=");
  });
});

describe("/robots.txt", () => {
  it("lets crawlers read the public pages and the share page's itinerary, not the API, the tools or the signed-in app", async () => {
    const response = await env.ASSETS.fetch("http://localhost/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/plain");
    const rules = (await response.text()).split("\n").filter((line) => line && !line.startsWith("#"));
    expect(rules).toEqual([
      "User-agent: *",
      "Allow: /",
      "Allow: /oapi/itinerary/",
      "Disallow: /api/",
      "Disallow: /oapi/",
      "Disallow: /auth/",
      "Disallow: /dev/",
      "Disallow: /manage/",
      "Disallow: /experiences/",
      "Disallow: /events/",
      "Disallow: /profile",
      "Disallow: /reset-password",
    ]);
  });
});
