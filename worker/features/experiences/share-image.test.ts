import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { events } from "@worker/db/schema";
import { purgePublicItinerary } from "@worker/domain/public-itinerary-cache";
import { shareImageKey } from "@worker/domain/share-image";
import { storeFile } from "@worker/lib/files";
import { renderPng } from "@worker/lib/share-card/render-png";
import { COVER_SIZES, variantSrcset } from "@worker/shared/image-variants";
import { apiAs } from "@worker/test/client";
import { storedPng } from "@worker/test/files";
import { call, db, makeEvent, makeUser, addGuest } from "@worker/test/helpers";
import { imageSize } from "@worker/test/image-size";

afterEach(() => {
  vi.restoreAllMocks();
});

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

const sharePage = async (eventId: string) => (await apiAs().itinerary[":eventId"].$get({ param: { eventId } })).text();
const links = (html: string) => [...html.matchAll(/<link [^>]*>/g)].map(([tag]) => tag);
const attribute = (tag: string, name: string) => tag.match(new RegExp(` ${name}="([^"]*)"`))?.[1]?.replaceAll("&amp;", "&");
const coverPreloads = (html: string) => links(html).filter((tag) => tag.includes('rel="preload"') && tag.includes('as="image"'));

describe("GET /itinerary/:eventId names what the first paint needs in its HTML", () => {
  it("preloads an uploaded cover's sized copies at high priority, with the page's sizes, and the same URLs as the JSON", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id, { privacy: "PUBLIC" });
    const fileId = await storedPng({ eventId: event.id, uploaderId: owner.id });
    await db()
      .update(events)
      .set({ image: { source: "UPLOAD", fileId } })
      .where(eq(events.id, event.id));

    const [preload, ...others] = coverPreloads(await sharePage(event.id));
    expect(others).toEqual([]);
    const { image } = (await (await call(`/oapi/itinerary/${event.id}`)).json()) as { image: { original: string } };
    expect(attribute(preload!, "href")).toBe(image.original);
    expect(attribute(preload!, "imagesrcset")).toBe(variantSrcset(image.original));
    expect(attribute(preload!, "imagesizes")).toBe(COVER_SIZES);
    expect(attribute(preload!, "fetchpriority")).toBe("high");
  });

  it("preloads a cover from image search or a link by its own URL", async () => {
    const owner = await makeUser();
    const url = "https://images.unsplash.com/photo-1?w=1080&q=80";
    const event = await makeEvent(owner.id, { image: { source: "UNSPLASH", url, photoId: "p1" } });
    const [preload] = coverPreloads(await sharePage(event.id));
    expect(attribute(preload!, "href")).toBe(url);
    expect(attribute(preload!, "imagesrcset")).toBeUndefined();
  });

  it("preloads no picture for an experience without a cover, nor for one that does not exist", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    expect(coverPreloads(await sharePage(event.id))).toEqual([]);
    expect(coverPreloads(await sharePage(crypto.randomUUID()))).toEqual([]);
  });

  it("preloads the share page's own chunks, as the build lists them", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    const listed = ((await (await env.ASSETS.fetch("http://localhost/route-preloads.json")).json()) as { itinerary: string[] }).itinerary;
    expect(listed.length).toBeGreaterThan(0);
    const preloaded = links(await sharePage(event.id))
      .filter((tag) => tag.includes('rel="modulepreload"'))
      .map((tag) => attribute(tag, "href"));
    expect(preloaded).toEqual(expect.arrayContaining(listed));
  });

  it("reads the build's list of chunks once, not on every request", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    await sharePage(event.id);
    const assets = vi.spyOn(env.ASSETS, "fetch");
    const preloads = async () => links(await sharePage(event.id)).filter((tag) => tag.includes('rel="modulepreload"'));
    expect(await preloads()).not.toEqual([]);
    const urls = assets.mock.calls.map(([request]) => new URL(request instanceof Request ? request.url : String(request)).pathname);
    expect(urls).not.toContain("/route-preloads.json");
    expect(urls).toContain("/");
  });
});

const DATA_BLOCK = /<script type="application\/json" id="itinerary-data">([\s\S]*?)<\/script>/g;
const dataBlocks = (html: string) => [...html.matchAll(DATA_BLOCK)].map(([, text]) => text!);
const firstView = (html: string) => html.match(/<div id="first-view"[^>]*>[\s\S]*?(?=<div id="root">)/)?.[0];
const apiJson = async (eventId: string) => (await call(`/oapi/itinerary/${eventId}`)).json();

describe("GET /itinerary/:eventId shows the page's top and carries its data before any script runs", () => {
  it("carries, in a JSON block the browser does not run, the itinerary GET /oapi/itinerary answers", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id, { privacy: "PUBLIC", description: "Three days of food" });
    const [block, ...others] = dataBlocks(await sharePage(event.id));
    expect(others).toEqual([]);
    expect(JSON.parse(block!)).toEqual(await apiJson(event.id));
  });

  it("writes every < of the JSON as \\u003c, so a name holding </script> cannot end the block or start a script", async () => {
    const owner = await makeUser();
    const name = "Tapas </script><script>alert(1)</script> & <!-- night";
    const event = await makeEvent(owner.id, { name });
    const html = await sharePage(event.id);
    const [block] = dataBlocks(html);
    expect(block).not.toContain("<");
    expect(JSON.parse(block!).name).toBe(name);
    expect(html).not.toContain("<script>alert(1)");
    expect(firstView(html)).toContain("Tapas &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;!-- night");
  });

  it("shows the name as the heading, the dates, the number of days and the cover with the preloaded sizes", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id, {
      name: "Lisbon weekend",
      startTime: new Date("2027-03-12T00:00:00Z"),
      endTime: new Date("2027-03-15T00:00:00Z"),
      privacy: "PUBLIC",
    });
    const fileId = await storedPng({ eventId: event.id, uploaderId: owner.id });
    await db()
      .update(events)
      .set({ image: { source: "UPLOAD", fileId } })
      .where(eq(events.id, event.id));
    const { image, programs } = (await apiJson(event.id)) as { image: { original: string }; programs: unknown[] };

    const view = firstView(await sharePage(event.id))!;
    expect(view).toMatch(/<h1 [^>]*>Lisbon weekend<\/h1>/);
    expect(view).toContain(`Mar 12 – Mar 14, 2027 · ${programs.length} ${programs.length === 1 ? "day" : "days"}`);
    const [img] = view.match(/<img [^>]*>/g)!;
    expect(attribute(img!, "src")).toBe(image.original);
    expect(attribute(img!, "srcset")).toBe(variantSrcset(image.original));
    expect(attribute(img!, "sizes")).toBe(COVER_SIZES);
  });

  it("shows the subtitle under the name with the app's markup, escaped, and no empty paragraph for an experience without one", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id, { name: "Lisbon weekend", subtitle: "Tiles & <trams>" });
    expect(firstView(await sharePage(event.id))).toMatch(
      /<h1 [^>]*>Lisbon weekend<\/h1><p dir="auto" class="text-base font-medium text-slate-700">Tiles &amp; &lt;trams&gt;<\/p><p class="text-sm text-slate-600">/,
    );

    const plain = await makeEvent(owner.id, { name: "No subtitle", subtitle: "" });
    expect(firstView(await sharePage(plain.id))).toMatch(/<h1 [^>]*>No subtitle<\/h1><p class="text-sm text-slate-600">/);
  });

  it("gives a private experience's page only what a stranger's GET /oapi/itinerary shows: no guest list", async () => {
    const owner = await makeUser();
    const guest = await makeUser({ firstName: "Secretguest" });
    const event = await makeEvent(owner.id, { privacy: "PRIVATE" });
    await addGuest(event.id, { id: guest.id, email: guest.email });

    const html = await sharePage(event.id);
    const seeded = JSON.parse(dataBlocks(html)[0]!) as { guests: unknown[] };
    expect(seeded).toEqual(await apiJson(event.id));
    expect(seeded.guests).toEqual([]);
    expect(html).not.toContain("Secretguest");
  });

  it("keeps one first view, the experience's (the landing page's prerendered one is dropped), and none for an unknown experience", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id, { name: "Only this one" });
    const html = await sharePage(event.id);
    expect(html.match(/id="first-view"/g)).toHaveLength(1);
    expect(firstView(html)).toContain("Only this one");

    const missing = await apiAs().itinerary[":eventId"].$get({ param: { eventId: crypto.randomUUID() } });
    expect(missing.status).toBe(404);
    const body = await missing.text();
    expect(dataBlocks(body)).toEqual([]);
    expect(body).not.toMatch(/<div id="first-view"(?![^>]*\bhidden\b)/);
  });
});
