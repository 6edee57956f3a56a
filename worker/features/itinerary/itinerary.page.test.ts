import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events } from "../../db/schema";
import { COVER_SIZES, variantSrcset } from "../../lib/image-variants";
import { apiAs } from "../../test/client";
import { storedPng } from "../../test/files";
import { call, db, makeEvent, makeUser } from "../../test/helpers";

const sharePage = async (eventId: string) => (await apiAs().itinerary[":eventId"].$get({ param: { eventId } })).text();
const links = (html: string) => [...html.matchAll(/<link [^>]*>/g)].map(([tag]) => tag);
const attribute = (tag: string, name: string) => tag.match(new RegExp(` ${name}="([^"]*)"`))?.[1]?.replaceAll("&amp;", "&");
const coverPreloads = (html: string) => links(html).filter((tag) => tag.includes('rel="preload"') && tag.includes('as="image"'));

describe("GET /itinerary/:eventId names what the first paint needs in its HTML", () => {
  it("preloads an uploaded cover's sized copies at high priority, with the page's sizes, and the same URLs as the JSON", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id, { privacy: "PUBLIC" });
    const fileId = await storedPng({ eventId: event.id, uploaderId: owner.id });
    await db().update(events).set({ image: { source: "UPLOAD", fileId } }).where(eq(events.id, event.id));

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
    const preloaded = links(await sharePage(event.id)).filter((tag) => tag.includes('rel="modulepreload"')).map((tag) => attribute(tag, "href"));
    expect(preloaded).toEqual(expect.arrayContaining(listed));
  });
});
