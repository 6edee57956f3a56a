import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { events } from "@worker/db/schema";
import { COVER_SIZES, variantSrcset } from "@worker/shared/image-variants";
import { apiAs } from "@worker/test/client";
import { storedPng } from "@worker/test/files";
import { addGuest, call, db, makeEvent, makeUser } from "@worker/test/helpers";

const sharePage = async (eventId: string) => (await apiAs().itinerary[":eventId"].$get({ param: { eventId } })).text();
const links = (html: string) => [...html.matchAll(/<link [^>]*>/g)].map(([tag]) => tag);
const attribute = (tag: string, name: string) => tag.match(new RegExp(` ${name}="([^"]*)"`))?.[1]?.replaceAll("&amp;", "&");
const coverPreloads = (html: string) => links(html).filter((tag) => tag.includes('rel="preload"') && tag.includes('as="image"'));

afterEach(() => {
  vi.restoreAllMocks();
});

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
