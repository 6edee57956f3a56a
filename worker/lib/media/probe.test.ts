import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_PICTURE_PIXELS, PICTURE_TOO_LARGE_MESSAGE } from "@worker/shared/picture-pixels";
import {
  avif,
  box,
  concat,
  gif,
  jpeg,
  movie,
  patternBytes,
  png,
  webm,
  webpExtended,
  webpLossless,
  webpLossy,
  bmp,
  hugePng,
} from "@worker/test/media";
import { sniffMimeType } from "../files";
import { refuseHugePicture } from "./picture-limit";
import { probeMedia, probeStoredMedia } from "./probe";

const MB = 1024 * 1024;

describe("probeMedia", () => {
  it("reads a PNG's IHDR and a GIF's logical screen", () => {
    expect(probeMedia(png(640, 480), "image/png")).toEqual({ width: 640, height: 480 });
    expect(probeMedia(gif(320, 200), "image/gif")).toEqual({ width: 320, height: 200 });
  });

  it("reads a JPEG's frame header past the other segments, baseline or progressive", () => {
    expect(probeMedia(jpeg(4032, 3024), "image/jpeg")).toEqual({ width: 4032, height: 3024 });
    expect(probeMedia(jpeg(800, 600, { progressive: true }), "image/jpeg")).toEqual({ width: 800, height: 600 });
  });

  it("swaps a JPEG's width and height when its Exif orientation (5 to 8) turns it a quarter, in either byte order", () => {
    for (const orientation of [1, 2, 3, 4])
      expect(probeMedia(jpeg(4032, 3024, { orientation }), "image/jpeg")).toEqual({ width: 4032, height: 3024 });
    for (const orientation of [5, 6, 7, 8]) {
      expect(probeMedia(jpeg(4032, 3024, { orientation }), "image/jpeg")).toEqual({ width: 3024, height: 4032 });
      expect(probeMedia(jpeg(4032, 3024, { orientation, littleEndian: true }), "image/jpeg")).toEqual({ width: 3024, height: 4032 });
    }
  });

  it("reads lossy (VP8), lossless (VP8L) and extended (VP8X) WebP", () => {
    expect(probeMedia(webpLossy(1024, 768), "image/webp")).toEqual({ width: 1024, height: 768 });
    expect(probeMedia(webpLossless(1000, 16384), "image/webp")).toEqual({ width: 1000, height: 16384 });
    expect(probeMedia(webpExtended(5000, 3), "image/webp")).toEqual({ width: 5000, height: 3 });
  });

  it("reads the primary AVIF item's ispe (not a thumbnail's), turned by irot a quarter or a half", () => {
    expect(probeMedia(avif(1920, 1080), "image/avif")).toEqual({ width: 1920, height: 1080 });
    expect(probeMedia(avif(1920, 1080, { rotation: 1 }), "image/avif")).toEqual({ width: 1080, height: 1920 });
    expect(probeMedia(avif(1920, 1080, { rotation: 2 }), "image/avif")).toEqual({ width: 1920, height: 1080 });
    expect(probeMedia(avif(1920, 1080, { rotation: 3 }), "image/avif")).toEqual({ width: 1080, height: 1920 });
  });

  it("reads the video track of an MP4 or QuickTime file (not the sound track), wherever its moov box is", () => {
    expect(probeMedia(movie(1280, 720, { moov: "first" }), "video/mp4")).toEqual({ width: 1280, height: 720 });
    expect(probeMedia(movie(1280, 720, { moov: "last" }), "video/mp4")).toEqual({ width: 1280, height: 720 });
    expect(probeMedia(movie(640, 360, { brand: "qt  ", version: 1 }), "video/quicktime")).toEqual({ width: 640, height: 360 });
  });

  it("turns a movie whose track matrix rotates it 90 or 270 degrees, and not one rotated 180", () => {
    expect(probeMedia(movie(1920, 1080, { rotation: 90 }), "video/mp4")).toEqual({ width: 1080, height: 1920 });
    expect(probeMedia(movie(1920, 1080, { rotation: 270 }), "video/mp4")).toEqual({ width: 1080, height: 1920 });
    expect(probeMedia(movie(1920, 1080, { rotation: 180 }), "video/mp4")).toEqual({ width: 1920, height: 1080 });
  });

  it("falls back to the sample entry's coded size when the track header leaves the size at zero", () => {
    expect(probeMedia(movie(854, 480, { zeroTrackHeader: true }), "video/mp4")).toEqual({ width: 854, height: 480 });
    expect(probeMedia(movie(854, 480, { zeroTrackHeader: true, rotation: 90 }), "video/mp4")).toEqual({ width: 480, height: 854 });
  });

  it("reads a WebM video track's PixelWidth and PixelHeight inside a Segment of unknown size", () => {
    expect(probeMedia(webm(1280, 720), "video/webm")).toEqual({ width: 1280, height: 720 });
  });

  it("answers null for a type it does not read, a header claiming a zero size, or bytes of another format", () => {
    expect(probeMedia(png(640, 480), "application/pdf")).toBeNull();
    expect(probeMedia(png(0, 480), "image/png")).toBeNull();
    expect(probeMedia(gif(10, 10), "image/png")).toBeNull();
    expect(probeMedia(new Uint8Array(), "video/mp4")).toBeNull();
  });

  it("answers null, never throwing, for every truncation of every format", () => {
    const files: [Uint8Array, string][] = [
      [png(640, 480), "image/png"],
      [jpeg(640, 480, { orientation: 3 }), "image/jpeg"],
      [gif(640, 480), "image/gif"],
      [webpLossy(640, 480), "image/webp"],
      [webpLossless(640, 480), "image/webp"],
      [webpExtended(640, 480), "image/webp"],
      [avif(640, 480), "image/avif"],
      [movie(640, 480, { moov: "first" }), "video/mp4"],
      [webm(640, 480), "video/webm"],
    ];
    for (const [file, mimeType] of files) {
      for (let length = 0; length < file.byteLength; length++) {
        const answer = probeMedia(file.subarray(0, length), mimeType);
        if (answer) expect(answer, `${mimeType} cut at ${length}`).toEqual({ width: 640, height: 480 });
      }
    }
  });

  it("never throws on random or mutated bytes, and ends quickly", () => {
    const seeds: [Uint8Array, string][] = [
      [jpeg(640, 480, { orientation: 6 }), "image/jpeg"],
      [avif(640, 480, { rotation: 1 }), "image/avif"],
      [movie(640, 480, { moov: "first" }), "video/mp4"],
      [webm(640, 480), "video/webm"],
      [webpExtended(640, 480), "image/webp"],
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...seeds),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
        ([file, mimeType], edits) => {
          const mutated = file.slice();
          for (const [at, value] of edits) mutated[at % mutated.length] = value;
          const answer = probeMedia(mutated, mimeType);
          expect(answer === null || (answer.width > 0 && answer.height > 0)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("walks a box or element that claims to contain itself, or ten thousand empty boxes, without looping", () => {
    const selfSized = concat(box("ftyp", new Uint8Array(8)), new Uint8Array([0, 0, 0, 8, 0x6d, 0x6f, 0x6f, 0x76]));
    expect(probeMedia(selfSized, "video/mp4")).toBeNull();
    const empties = concat(box("ftyp", new Uint8Array(8)), ...Array.from({ length: 10_000 }, () => box("free")));
    expect(probeMedia(empties, "video/mp4")).toBeNull();
    const zeroSized = concat(box("ftyp", new Uint8Array(8)), new Uint8Array(64));
    expect(probeMedia(zeroSized, "video/mp4")).toBeNull();
  });
});

describe("probeStoredMedia", () => {
  async function stored(bytes: Uint8Array) {
    const key = `test/${crypto.randomUUID()}`;
    await env.FILES.put(key, bytes);
    return key;
  }

  it("finds the moov box after 3 MB of media data with ranged reads, reading only headers and moov", async () => {
    const file = movie(1920, 1080, { moov: "last", rotation: 90, mediaBytes: patternBytes(3 * MB) });
    const key = await stored(file);
    const reads: (R2Range | undefined)[] = [];
    const counting = {
      get: (k: string, options?: R2GetOptions) => {
        reads.push(options?.range as R2Range | undefined);
        return env.FILES.get(k, options);
      },
    } as unknown as R2Bucket;

    expect(await probeStoredMedia(counting, key, "video/mp4", file.byteLength)).toEqual({ width: 1080, height: 1920 });
    expect(reads.length).toBeLessThanOrEqual(5);
    const read = reads.reduce((n, range) => n + ((range as { length?: number })?.length ?? Infinity), 0);
    expect(read).toBeLessThan(4096);
  });

  it("reads a stored photo or WebM from its start", async () => {
    const photo = jpeg(3000, 2000, { orientation: 8 });
    expect(await probeStoredMedia(env.FILES, await stored(photo), "image/jpeg", photo.byteLength)).toEqual({ width: 2000, height: 3000 });
    const video = webm(640, 360);
    expect(await probeStoredMedia(env.FILES, await stored(video), "video/webm", video.byteLength)).toEqual({ width: 640, height: 360 });
  });

  it("answers null for a movie without moov, a missing object, or a box claiming more than the file", async () => {
    const noMoov = concat(box("ftyp", new Uint8Array(8)), box("mdat", new Uint8Array(100)));
    expect(await probeStoredMedia(env.FILES, await stored(noMoov), "video/mp4", noMoov.byteLength)).toBeNull();
    expect(await probeStoredMedia(env.FILES, "test/missing", "video/mp4", 1000)).toBeNull();
    const lying = concat(box("ftyp", new Uint8Array(8)), new Uint8Array([0xff, 0xff, 0xff, 0xff, 0x6d, 0x6f, 0x6f, 0x76]));
    expect(await probeStoredMedia(env.FILES, await stored(lying), "video/mp4", lying.byteLength)).toBeNull();
  });
});

/** Every picture type the app takes, as a header claiming `width` × `height`. */
const PICTURES: [string, (width: number, height: number) => Uint8Array][] = [
  ["a PNG", hugePng],
  ["a baseline JPEG", (w, h) => jpeg(w, h)],
  ["a progressive JPEG", (w, h) => jpeg(w, h, { progressive: true })],
  ["a JPEG whose Exif segment comes first and turns it a quarter", (w, h) => jpeg(w, h, { exifFirst: true, orientation: 6 })],
  ["a GIF", gif],
  ["a lossy WebP", webpLossy],
  ["a lossless WebP", webpLossless],
  ["an extended WebP", webpExtended],
  ["an AVIF", (w, h) => avif(w, h)],
  ["a BMP", (w, h) => bmp(w, h)],
  ["a top-down BMP", (w, h) => bmp(w, h, { topDown: true })],
];

/** Checks the picture as an upload does: its type read from its bytes, then its header. */
const check = (bytes: Uint8Array) => () => refuseHugePicture(bytes, sniffMimeType(bytes)!);

describe("refuseHugePicture", () => {
  it("states the limit as 50 megapixels, in words the web can show", () => {
    expect(MAX_PICTURE_PIXELS).toBe(50_000_000);
    expect(PICTURE_TOO_LARGE_MESSAGE).toBe("Image is too large (at most 50 megapixels)");
  });

  // 10,000 × 6,000 is 60 MP, and fits every format's fields (a GIF's and a JPEG's sides are 16-bit, a lossy WebP's 14-bit).
  it.each(PICTURES)("refuses %s whose header claims 10,000 × 6,000 pixels with 400 and the limit's words", (_, make) => {
    expect(check(make(10_000, 6_000))).toThrow(expect.objectContaining({ status: 400, message: PICTURE_TOO_LARGE_MESSAGE }));
  });

  it.each(PICTURES)("accepts %s of 7,000 × 7,000 pixels (49 MP), just under the limit", (_, make) => {
    expect(check(make(7_000, 7_000))).not.toThrow();
  });

  it("accepts exactly 50 megapixels and refuses one more row", () => {
    expect(check(hugePng(10_000, 5_000))).not.toThrow();
    expect(check(hugePng(10_000, 5_001))).toThrow(PICTURE_TOO_LARGE_MESSAGE);
    expect(check(jpeg(5_000, 10_000))).not.toThrow();
    expect(check(jpeg(5_001, 10_000))).toThrow(PICTURE_TOO_LARGE_MESSAGE);
  });

  it("refuses a 30,000 × 30,000 PNG of 45 bytes, and headers claiming sides past any real photo's", () => {
    const png = hugePng(30_000, 30_000);
    expect(png.byteLength).toBe(45);
    expect([...png.slice(29, 33), ...png.slice(41)], "the IHDR's and IEND's CRCs").toEqual([
      0x66, 0x27, 0xf8, 0xba, 0xae, 0x42, 0x60, 0x82,
    ]);
    for (const bytes of [
      hugePng(30_000, 30_000),
      hugePng(2_000_000, 2_000_000),
      hugePng(0x7fffffff, 0x7fffffff),
      webpExtended(0xffffff, 0xffffff),
      avif(4_000_000_000, 3),
      bmp(0x7fffffff, 0x7fffffff),
    ])
      expect(check(bytes)).toThrow(PICTURE_TOO_LARGE_MESSAGE);
  });

  it("leaves a picture whose header gives no size, and a video, to the other checks", () => {
    expect(check(hugePng(30_000, 30_000).slice(0, 16))).not.toThrow();
    expect(check(jpeg(30_000, 30_000).slice(0, 20))).not.toThrow();
    expect(check(hugePng(0, 30_000))).not.toThrow();
    expect(() => refuseHugePicture(movie(30_000, 30_000), "video/mp4")).not.toThrow();
  });
});
