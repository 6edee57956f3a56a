import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events, files } from "../../db/schema";
import { deleteFiles, signedFileUrl, storeFile } from "../../lib/files";
import { variantSrcset, VARIANT_WIDTHS } from "../../lib/image-variants";
import { variantKey } from "../../lib/picture-variants";
import { form, PNG } from "../../test/files";
import { call, db, makeEvent, makeUser } from "../../test/helpers";

/** A PNG of the given size (the 1x1 test picture stretched by the Images binding). */
async function png(width: number, height: number): Promise<Uint8Array> {
  const output = await env.IMAGES.input(new Blob([PNG]).stream()).transform({ width, height, fit: "cover" }).output({ format: "image/png" });
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
  return new Map(srcset!.split(", ").map((candidate) => {
    const [url, width] = candidate.split(" ");
    return [Number.parseInt(width!, 10), url!];
  }));
}

const widthOf = async (response: Response) => (await env.IMAGES.info(new Blob([await response.arrayBuffer()]).stream())) as { width: number; format: string };

describe("GET /files/:fileId/:width.webp (a picture's sized copies)", () => {
  it("serves a public experience's cover 640, 960, 1280 and 1920 px wide as WebP, cacheable by anyone for a year", async () => {
    const { copies } = await coveredExperience("PUBLIC");
    expect([...copies.keys()]).toEqual([...VARIANT_WIDTHS]);
    for (const [width, url] of copies) {
      const response = await call(url);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/webp");
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(await widthOf(response)).toMatchObject({ width, format: "image/webp" });
    }
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

  it("gives a new cover new URLs, so a year-long cache never shows the old one", async () => {
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
    const fileId = await storeFile(env, db(), { bytes: await png(1000, 500), mimeType: "image/png", kind: "image", name: "day.png" }, { eventId: event.id, uploaderId: owner.id });
    const url = copiesOf(await signedFileUrl(env, fileId)).get(640)!;
    expect((await call(url)).headers.get("Cache-Control")).toBe("private, max-age=604800, immutable");
    await db().update(events).set({ image: { source: "UPLOAD", fileId } }).where(eq(events.id, event.id));
    expect((await call(url)).headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
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
    const fileId = await storeFile(env, db(), { bytes: broken, mimeType: "image/png", kind: "image", name: "broken.png" }, { uploaderId: owner.id });
    const response = await call(copiesOf(await signedFileUrl(env, fileId)).get(640)!);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(broken);
  });
});
