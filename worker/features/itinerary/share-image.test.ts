import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { events } from "@worker/db/schema";
import { purgePublicItinerary } from "@worker/domain/public-itinerary-cache";
import { shareImageKey } from "@worker/domain/share-image";
import { storeFile } from "@worker/lib/files";
import { renderPng } from "@worker/lib/share-card/render-png";
import { apiAs } from "@worker/test/client";
import { imageSize } from "@worker/test/image-size";
import { call, db, makeEvent, makeUser } from "@worker/test/helpers";

const MB = 1024 * 1024;
const tag = (html: string, attribute: string, key: string) =>
  html.match(new RegExp(`<meta ${attribute}="${key}" content="([^"]*)">`))?.[1]?.replaceAll("&amp;", "&");
const shareTags = async (eventId: string) => {
  const html = await (await apiAs().itinerary[":eventId"].$get({ param: { eventId } })).text();
  return {
    html,
    image: tag(html, "property", "og:image")!,
    width: tag(html, "property", "og:image:width"),
    height: tag(html, "property", "og:image:height"),
    type: tag(html, "property", "og:image:type"),
    alt: tag(html, "property", "og:image:alt"),
    twitterImage: tag(html, "name", "twitter:image"),
    twitterAlt: tag(html, "name", "twitter:image:alt"),
    twitterCard: tag(html, "name", "twitter:card"),
  };
};
/** The og:image's answer, asked for by its path (the Worker under test answers any origin). */
const fetchImage = async (url: string) => {
  const response = await call(new URL(url).pathname);
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
};

/** A 2400x1600 photo-like PNG (a gradient with circles), larger than the share image, as an upload would store it. */
async function storedPhoto(eventId: string, uploaderId: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="1600"><defs><linearGradient id="g"><stop offset="0" stop-color="#f59e0b"/><stop offset="1" stop-color="#0ea5e9"/></linearGradient></defs><rect width="2400" height="1600" fill="url(#g)"/><circle cx="800" cy="700" r="400" fill="#14532d"/><circle cx="1700" cy="900" r="300" fill="#7c2d12"/></svg>`;
  const bytes = await renderPng(svg);
  return {
    bytes,
    fileId: await storeFile(env, db(), { bytes, mimeType: "image/png", kind: "image", name: "photo.png" }, { eventId, uploaderId }),
  };
}

async function publicExperience(fields: Partial<typeof events.$inferInsert> = {}) {
  const owner = await makeUser();
  const event = await makeEvent(owner.id, {
    name: "Lisbon Leadership Retreat",
    privacy: "PUBLIC",
    startTime: new Date("2027-03-12T00:00:00Z"),
    endTime: new Date("2027-03-15T00:00:00Z"),
    timeZone: "Europe/Lisbon",
    ...fields,
  });
  return { owner, event };
}

async function setEvent(eventId: string, fields: Partial<typeof events.$inferInsert>) {
  await db().update(events).set(fields).where(eq(events.id, eventId));
  await purgePublicItinerary(env, eventId, "http://localhost");
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the share page's og:image", () => {
  it("names an absolute 1200x630 JPEG cut from an uploaded cover, with its type and alt text", async () => {
    const { owner, event } = await publicExperience();
    const { fileId } = await storedPhoto(event.id, owner.id);
    await setEvent(event.id, { image: { source: "UPLOAD", fileId } });

    const tags = await shareTags(event.id);
    expect(tags.image).toMatch(new RegExp(`^${env.APP_ORIGIN}/oapi/itinerary/${event.id}/share-image/[0-9a-f]{24}$`));
    expect(tags).toMatchObject({ width: "1200", height: "630", type: "image/jpeg", twitterCard: "summary_large_image" });
    expect(tags.alt).toBe("Cover picture of Lisbon Leadership Retreat");
    expect(tags.twitterImage).toBe(tags.image);
    expect(tags.twitterAlt).toBe(tags.alt);
  });

  it("answers the uploaded cover's copy: a JPEG under 1 MB, 1200 px wide and 630 high, not the upload itself", async () => {
    const { owner, event } = await publicExperience();
    const { fileId, bytes: original } = await storedPhoto(event.id, owner.id);
    await setEvent(event.id, { image: { source: "UPLOAD", fileId } });

    const { response, bytes } = await fetchImage((await shareTags(event.id)).image);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=86400, immutable");
    expect(bytes.byteLength).toBeLessThan(MB);
    expect(imageSize(bytes)).toEqual({ type: "jpeg", width: 1200, height: 630 });
    expect(bytes.byteLength).not.toBe(original.byteLength);
  });

  it("answers a PNG card 1200x630 for an experience without a cover, its alt text naming it and its dates in its zone", async () => {
    const { event } = await publicExperience();
    const tags = await shareTags(event.id);
    expect(tags).toMatchObject({ width: "1200", height: "630", type: "image/png" });
    expect(tags.alt).toBe("Lisbon Leadership Retreat, Mar 12 – Mar 14, 2027 · Lisbon time");

    const { response, bytes } = await fetchImage(tags.image);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(bytes.byteLength).toBeLessThan(MB);
    expect(imageSize(bytes)).toEqual({ type: "png", width: 1200, height: 630 });
  });

  it("dates the card in the experience's own zone: a Tokyo experience starting at 00:00 there starts on the 12th", async () => {
    const { event } = await publicExperience({
      timeZone: "Asia/Tokyo",
      startTime: new Date("2027-03-11T15:00:00Z"),
      endTime: new Date("2027-03-13T15:00:00Z"),
    });
    expect((await shareTags(event.id)).alt).toBe("Lisbon Leadership Retreat, Mar 12 – Mar 13, 2027 · Tokyo time");
  });

  it("answers the card for an SVG cover (the demo's), which the platforms do not show", async () => {
    const { event } = await publicExperience({ image: { source: "LINK", url: "/demo/lisbon.svg" } });
    const tags = await shareTags(event.id);
    expect(tags.type).toBe("image/png");
    const { response, bytes } = await fetchImage(tags.image);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(imageSize(bytes)).toEqual({ type: "png", width: 1200, height: 630 });
  });

  it("cuts a cover hosted elsewhere from its own URL, and answers the card, unkept, while that host fails", async () => {
    const { event } = await publicExperience({
      image: { source: "UNSPLASH", url: "https://images.unsplash.com/photo-1?w=1080", photoId: "p1" },
    });
    const photo = await renderPng(
      '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000"><rect width="1600" height="1000" fill="#0ea5e9"/></svg>',
    );
    const hosted = vi.spyOn(globalThis, "fetch").mockImplementationOnce(async () => new Response("busy", { status: 503 }));
    const { image } = await shareTags(event.id);

    const failed = await fetchImage(image);
    expect(failed.response.headers.get("Content-Type")).toBe("image/png");
    expect(failed.response.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(await env.FILES.head(shareImageKey(event.id))).toBeNull();

    // Made within the request that reads it: a body is bound to the request it was made in.
    hosted.mockImplementationOnce(async () => new Response(photo, { headers: { "Content-Type": "image/png" } }));
    const { response, bytes } = await fetchImage(image);
    expect(String(hosted.mock.calls[1]![0])).toBe("https://images.unsplash.com/photo-1?w=1080");
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
    expect(imageSize(bytes)).toEqual({ type: "jpeg", width: 1200, height: 630 });
  });

  it("makes each picture once: the second request is answered from what was kept", async () => {
    const { event } = await publicExperience();
    const { image } = await shareTags(event.id);
    const first = await fetchImage(image);
    const kept = await env.FILES.get(shareImageKey(event.id));
    expect(kept?.customMetadata?.version).toBe(image.split("/").pop());
    const put = vi.spyOn(env.FILES, "put");
    const again = await fetchImage(image);
    expect(again.bytes).toEqual(first.bytes);
    expect(put).not.toHaveBeenCalled();
  });

  it("is deleted from R2 with its experience, whose share image URL then answers 404", async () => {
    const { owner, event } = await publicExperience();
    const { image } = await shareTags(event.id);
    await fetchImage(image);
    expect(await env.FILES.head(shareImageKey(event.id))).not.toBeNull();

    expect((await apiAs(owner.token).api.events[":id"].$delete({ param: { id: event.id } })).status).toBe(200);
    expect(await env.FILES.head(shareImageKey(event.id))).toBeNull();
    expect((await fetchImage(image)).response.status).toBe(404);
  });

  it("gets a new URL when the name changes; the old URL answers the new card, kept briefly", async () => {
    const { event } = await publicExperience();
    const before = (await shareTags(event.id)).image;
    const old = await fetchImage(before);
    await setEvent(event.id, { name: "Porto Weekend" });

    const after = await shareTags(event.id);
    expect(after.image).not.toBe(before);
    expect(after.alt).toBe("Porto Weekend, Mar 12 – Mar 14, 2027 · Lisbon time");
    const { response, bytes } = await fetchImage(before);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(bytes).not.toEqual(old.bytes);
    expect(bytes).toEqual((await fetchImage(after.image)).bytes);
  });
});

describe("a private experience's link preview", () => {
  it("shows the app's own card, whose tags name nothing of the experience", async () => {
    const { event } = await publicExperience({ privacy: "PRIVATE", name: "Secret Offsite" });
    const tags = await shareTags(event.id);
    expect(tags.image).toBe(`${env.APP_ORIGIN}/og-default.png`);
    expect(tags).toMatchObject({ width: "1200", height: "630", type: "image/png" });
    expect(tags.alt).not.toContain("Secret");
    expect(tags.alt).not.toContain("Mar 12");
    expect(tags.twitterImage).toBe(tags.image);
  });

  it("answers 404 at the share image's URL, also once the picture was made while the experience was public", async () => {
    const { event } = await publicExperience();
    const { image } = await shareTags(event.id);
    expect((await fetchImage(image)).response.status).toBe(200);

    await setEvent(event.id, { privacy: "PRIVATE" });
    const { response } = await fetchImage(image);
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toContain("application/json");
  });

  it("answers 404 for an experience that does not exist, and 400 for a version that is not one", async () => {
    expect((await call(`/oapi/itinerary/${crypto.randomUUID()}/share-image/abc123`)).status).toBe(404);
    const { event } = await publicExperience();
    const bad = await call(`/oapi/itinerary/${event.id}/share-image/not-a-version`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "Not a version of this picture" });
  });
});
