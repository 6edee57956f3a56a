import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { events, files } from "@worker/db/schema";
import { deleteFiles, signedFileUrl, storeFile } from "@worker/lib/files";
import { variantKey } from "@worker/lib/picture-variants";
import { variantSrcset, VARIANT_WIDTHS } from "@worker/shared/image-variants";
import { form, PNG } from "@worker/test/files";
import { call, db, makeEvent, makeUser } from "@worker/test/helpers";
import { DAY } from "@worker/test/time";

/** A PNG of the given size (the 1x1 test picture stretched by the Images binding). */
async function png(width: number, height: number): Promise<Uint8Array> {
  const output = await env.IMAGES.input(new Blob([PNG]).stream())
    .transform({ width, height, fit: "cover" })
    .output({ format: "image/png" });
  return new Uint8Array(await output.response().arrayBuffer());
}

/** An experience whose owner uploaded a cover of the given size through the API, with its cover's copies by width. */
async function coveredExperience(privacy: "PUBLIC" | "PRIVATE", width = 2400, height = 1200) {
  const owner = await makeUser();
  const event = await makeEvent(owner.id, { privacy });
  const setCover = async (w: number, h: number) => {
    const body = form({ file: new File([await png(w, h)], "cover.png") });
    const response = await call(`/api/events/${event.id}/image`, { method: "POST", token: owner.token, body });
    expect(response.status).toBe(200);
    const { image } = (await response.json()) as { image: { original: string } };
    return copiesOf(image.original);
  };
  return { owner, event, copies: await setCover(width, height), setCover };
}

/** The cover's srcset as a map from width to URL. */
function copiesOf(original: string): Map<number, string> {
  const srcset = variantSrcset(original);
  expect(srcset).toBeDefined();
  return new Map(
    srcset!.split(", ").map((candidate) => {
      const [url, width] = candidate.split(" ");
      return [Number.parseInt(width!, 10), url!];
    }),
  );
}

/** What a shared cache may do with the answer: `public` with its max-age in seconds, or `private`. */
function caching(response: Response): { scope: string; maxAge: number; immutable: boolean } {
  const match = /^(public|private), max-age=(\d+)(, immutable)?$/.exec(response.headers.get("Cache-Control") ?? "");
  expect(match, `Cache-Control: ${response.headers.get("Cache-Control")}`).not.toBeNull();
  return { scope: match![1]!, maxAge: Number(match![2]), immutable: !!match![3] };
}

/** The seconds left before the signature in a copy's URL expires. */
const secondsLeft = (url: string) => (Number(new URL(url, "http://localhost").searchParams.get("e")) - Date.now()) / 1000;

/** The edge cache's copy of a URL, as the route keys it (its own origin, its expiry and signature). */
const edgeCached = (url: string) => caches.default.match(`http://localhost${url}`);

const widthOf = async (response: Response) =>
  (await env.IMAGES.info(new Blob([await response.arrayBuffer()]).stream())) as { width: number; format: string };

describe("GET /files/:fileId/:width.webp (a picture's sized copies)", () => {
  it("serves a public experience's cover 640, 960, 1280 and 1920 px wide as WebP, cacheable by anyone until its signature expires", async () => {
    const { copies } = await coveredExperience("PUBLIC");
    expect([...copies.keys()]).toEqual([...VARIANT_WIDTHS]);
    for (const [width, url] of copies) {
      const response = await call(url);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/webp");
      expect(caching(response)).toMatchObject({ scope: "public", immutable: true });
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(await widthOf(response)).toMatchObject({ width, format: "image/webp" });
    }
  });

  it("serves the original of a public experience's cover under the same rule as its copies, and a private one's private", async () => {
    const { copies } = await coveredExperience("PUBLIC");
    const original = copies.get(640)!.replace("/640.webp", "");
    const response = await call(original);
    expect(response.status).toBe(200);
    expect(caching(response)).toMatchObject({ scope: "public", immutable: true });
    expect(caching(response).maxAge).toBeGreaterThan(secondsLeft(original) - 60);
    const hidden = await coveredExperience("PRIVATE");
    expect((await call(hidden.copies.get(640)!.replace("/640.webp", ""))).headers.get("Cache-Control")).toBe(
      "private, max-age=604800, immutable",
    );
  });

  it("never enlarges: the copies of an 800 px wide cover are 640 and 800 px wide", async () => {
    const { copies } = await coveredExperience("PUBLIC", 800, 400);
    expect((await widthOf(await call(copies.get(640)!))).width).toBe(640);
    expect((await widthOf(await call(copies.get(1920)!))).width).toBe(800);
  });

  it("lets only the browser keep a private experience's cover (private, as its original)", async () => {
    const { copies } = await coveredExperience("PRIVATE");
    const response = await call(copies.get(960)!);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, max-age=604800, immutable");
  });

  it("gives a new cover new URLs, so a cache never shows the old one", async () => {
    const { copies, setCover } = await coveredExperience("PUBLIC");
    const next = await setCover(1600, 900);
    for (const width of VARIANT_WIDTHS) expect(next.get(width)).not.toBe(copies.get(width));
    expect((await widthOf(await call(next.get(1920)!))).width).toBe(1600);
  });

  it("makes each copy once and keeps it in R2 beside the original, which takes it along when deleted", async () => {
    const { event, copies } = await coveredExperience("PUBLIC");
    const [row] = await db().select().from(files).where(eq(files.eventId, event.id));
    expect(await env.FILES.head(variantKey(row!.key, 640))).toBeNull();
    expect((await call(copies.get(640)!)).status).toBe(200);
    expect(await env.FILES.head(variantKey(row!.key, 640))).not.toBeNull();
    await deleteFiles(env, db(), [row!.id]);
    expect(await env.FILES.head(variantKey(row!.key, 640))).toBeNull();
  });

  it("is cacheable by anyone only while the picture is a public experience's cover", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id, { privacy: "PUBLIC" });
    const fileId = await storeFile(
      env,
      db(),
      { bytes: await png(1000, 500), mimeType: "image/png", kind: "image", name: "day.png" },
      { eventId: event.id, uploaderId: owner.id },
    );
    const url = copiesOf(await signedFileUrl(env, fileId)).get(640)!;
    expect((await call(url)).headers.get("Cache-Control")).toBe("private, max-age=604800, immutable");
    await db()
      .update(events)
      .set({ image: { source: "UPLOAD", fileId } })
      .where(eq(events.id, event.id));
    expect(caching(await call(url)).scope).toBe("public");
  });

  it("answers 404 without a valid signature and 400 for a size it does not make", async () => {
    const { copies } = await coveredExperience("PUBLIC");
    const url = new URL(copies.get(640)!, "http://localhost");
    expect((await call(url.pathname)).status).toBe(404);
    url.searchParams.set("s", "forged");
    expect((await call(url.pathname + url.search)).status).toBe(404);
    const other = new URL(copies.get(640)!.replace("/640.webp", "/333.webp"), "http://localhost");
    const refused = await call(other.pathname + other.search);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: "Not a size of this picture" });
  });

  it("keeps the URL of a picture hosted elsewhere: no copies for image search or links", () => {
    expect(variantSrcset("https://images.unsplash.com/photo-1?w=1080")).toBeUndefined();
    expect(variantSrcset("/files/abc?e=1&s=x")).toBe(VARIANT_WIDTHS.map((w) => `/files/abc/${w}.webp?e=1&s=x ${w}w`).join(", "));
  });

  it("answers a picture the Images binding cannot read whole, rather than failing", async () => {
    const owner = await makeUser();
    const broken = new Uint8Array([...PNG.slice(0, 33), 0, 0, 0, 0]);
    const fileId = await storeFile(
      env,
      db(),
      { bytes: broken, mimeType: "image/png", kind: "image", name: "broken.png" },
      { uploaderId: owner.id },
    );
    const response = await call(copiesOf(await signedFileUrl(env, fileId)).get(640)!);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(broken);
  });
});

describe("GET /files/:fileId/:width.webp once the picture stops being a public cover", () => {
  afterEach(() => vi.useRealTimers());

  const fileIdOf = (url: string) => url.split("/")[2]!;
  const makePrivate = async (owner: { token: string }, eventId: string) => {
    const response = await call(`/api/events/${eventId}`, { method: "PUT", token: owner.token, json: { privacy: "PRIVATE" } });
    expect(response.status).toBe(200);
  };

  it("answers the next fetch private (and drops every cached public copy) once the experience turns Private", async () => {
    const { owner, event, copies } = await coveredExperience("PUBLIC");
    const lastWeeks = copiesOf(await signedFileUrl(env, fileIdOf(copies.get(640)!), Date.now() - 7 * DAY));
    for (const url of [copies.get(640)!, copies.get(1920)!, lastWeeks.get(960)!]) {
      expect(caching(await call(url)).scope).toBe("public");
      expect(await edgeCached(url)).toBeDefined();
    }

    await makePrivate(owner, event.id);

    for (const url of [copies.get(640)!, copies.get(1920)!, lastWeeks.get(960)!]) expect(await edgeCached(url)).toBeUndefined();
    const after = await call(copies.get(640)!);
    expect(after.status).toBe(200);
    expect(caching(after)).toEqual({ scope: "private", maxAge: 604800, immutable: true });
    expect((await widthOf(after)).width).toBe(640);
    expect(await edgeCached(copies.get(640)!)).toBeUndefined();
  });

  it("asks the database before the edge cache: a cached public copy is not answered once the experience is private", async () => {
    const { event, copies } = await coveredExperience("PUBLIC");
    const url = copies.get(960)!;
    await call(url);
    await db().update(events).set({ privacy: "PRIVATE" }).where(eq(events.id, event.id));
    expect(await edgeCached(url)).toBeDefined();

    expect(caching(await call(url)).scope).toBe("private");
  });

  it("keeps one cached copy per signature however the URL spells it, so turning Private drops it", async () => {
    const { owner, event, copies } = await coveredExperience("PUBLIC");
    const url = new URL(copies.get(640)!, "http://localhost");
    const respelled = `${url.pathname}?utm_source=x&s=${url.searchParams.get("s")}&e=0${url.searchParams.get("e")}`;
    expect(caching(await call(respelled)).scope).toBe("public");
    expect(await edgeCached(copies.get(640)!)).toBeDefined();

    await makePrivate(owner, event.id);

    expect(await edgeCached(copies.get(640)!)).toBeUndefined();
    expect(caching(await call(respelled)).scope).toBe("private");
  });

  it("no longer serves a replaced cover's copies, from the edge cache or at all, whether replaced by an upload or a link", async () => {
    const { owner, event, copies, setCover } = await coveredExperience("PUBLIC");
    await call(copies.get(640)!);
    const next = await setCover(1600, 900);
    expect(await edgeCached(copies.get(640)!)).toBeUndefined();
    expect((await call(copies.get(640)!)).status).toBe(404);

    await call(next.get(640)!);
    const linked = await call(`/api/events/${event.id}/image/external`, {
      method: "POST",
      token: owner.token,
      json: { source: "LINK", rawUrl: "https://example.com/a.jpg" },
    });
    expect(linked.status).toBe(200);
    expect(await edgeCached(next.get(640)!)).toBeUndefined();
    expect((await call(next.get(640)!)).status).toBe(404);
  });

  it("answers 404, and keeps no cached copy, once the experience is deleted", async () => {
    const { owner, event, copies } = await coveredExperience("PUBLIC");
    await call(copies.get(1280)!);
    expect((await call(`/api/events/${event.id}`, { method: "DELETE", token: owner.token })).status).toBe(200);

    expect(await edgeCached(copies.get(1280)!)).toBeUndefined();
    expect((await call(copies.get(1280)!)).status).toBe(404);
  });

  it("never lets a cache keep a copy past its signature's expiry, even one answered from the edge cache days later", async () => {
    const { copies } = await coveredExperience("PUBLIC");
    const url = copies.get(640)!;
    const lastWeeks = copiesOf(await signedFileUrl(env, fileIdOf(url), Date.now() - 7 * DAY)).get(640)!;
    expect(secondsLeft(lastWeeks)).toBeLessThanOrEqual((7 * DAY) / 1000);
    for (const signed of [url, lastWeeks]) {
      // Taken before the request: the Worker answers later, so it can only have less time left.
      const left = secondsLeft(signed);
      const { scope, maxAge, immutable } = caching(await call(signed));
      expect({ scope, immutable }).toEqual({ scope: "public", immutable: true });
      expect(maxAge).toBeGreaterThan(0);
      expect(maxAge).toBeLessThanOrEqual(left);
    }
    expect(await edgeCached(url)).toBeDefined();

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 6 * DAY);
    const later = caching(await call(url));
    expect(later.scope).toBe("public");
    expect(later.maxAge).toBeLessThanOrEqual(secondsLeft(url));
    expect(later.maxAge).toBeGreaterThan(0);
  });
});
