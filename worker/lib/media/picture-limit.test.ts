import { describe, expect, it } from "vitest";
import { MAX_PICTURE_PIXELS, PICTURE_TOO_LARGE_MESSAGE } from "@worker/shared/picture-pixels";
import { avif, bmp, gif, hugePng, jpeg, movie, webpExtended, webpLossless, webpLossy } from "@worker/test/media";
import { sniffMimeType } from "../files";
import { refuseHugePicture } from "./picture-limit";

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
