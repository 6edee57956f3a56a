import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { imageSize } from "@worker/test/image-size";

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
