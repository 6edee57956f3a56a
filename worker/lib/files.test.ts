import { describe, expect, it } from "vitest";
import { IMAGE_TYPES, sniffMimeType } from "./files";

const bytes = (...parts: (string | number[])[]) => {
  const out: number[] = [];
  for (const part of parts) out.push(...(typeof part === "string" ? [...part].map((c) => c.charCodeAt(0)) : part));
  while (out.length < 32) out.push(0);
  return new Uint8Array(out);
};

describe("sniffMimeType: a file's type is read from its bytes", () => {
  it("knows every image type browsers show", () => {
    expect(sniffMimeType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffMimeType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe("image/png");
    expect(sniffMimeType(bytes("GIF89a"))).toBe("image/gif");
    expect(sniffMimeType(bytes("RIFF", [0, 0, 0, 0], "WEBP"))).toBe("image/webp");
    expect(sniffMimeType(bytes([0, 0, 0, 0x1c], "ftypavif"))).toBe("image/avif");
    expect(sniffMimeType(bytes("BM", [0x36, 0, 0, 0], [0, 0, 0, 0], [0x36, 0, 0, 0]))).toBe("image/bmp");
    for (const type of ["image/avif", "image/bmp"]) expect(IMAGE_TYPES).toContain(type);
  });

  it("tells an AVIF image from an MP4 video, which share the ftyp box", () => {
    expect(sniffMimeType(bytes([0, 0, 0, 0x18], "ftypisom"))).toBe("video/mp4");
    expect(sniffMimeType(bytes([0, 0, 0, 0x14], "ftypqt  "))).toBe("video/quicktime");
  });

  it("refuses HTML and SVG whatever they are called", () => {
    expect(sniffMimeType(bytes("<!doctype html><script>"))).toBeNull();
    expect(sniffMimeType(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffMimeType(bytes("BMW is a brand, not a bitmap"))).toBeNull();
  });
});
