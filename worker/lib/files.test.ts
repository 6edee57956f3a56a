import { describe, expect, it } from "vitest";
import { contentDisposition, IMAGE_TYPES, servedFileName, sniffMimeType, STORED_TYPES } from "./files";

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

describe("servedFileName: a stored file is served under an extension that matches its type", () => {
  it("replaces an extension that does not match the type read from the bytes", () => {
    expect(servedFileName("poly.html", "image/png")).toBe("poly.png");
    expect(servedFileName("tickets.pdf.exe", "application/pdf")).toBe("tickets.pdf.pdf");
    expect(servedFileName("clip.gif", "video/mp4")).toBe("clip.mp4");
  });

  it("keeps a fitting extension as the uploader wrote it, and adds one where there is none", () => {
    expect(servedFileName("Beach.JPEG", "image/jpeg")).toBe("Beach.JPEG");
    expect(servedFileName("beach.jpg", "image/jpeg")).toBe("beach.jpg");
    expect(servedFileName("beach", "image/jpeg")).toBe("beach.jpg");
    expect(servedFileName("beach.", "image/webp")).toBe("beach.webp");
  });

  it("never serves an empty name or a folder path", () => {
    expect(servedFileName("", "image/png")).toBe("file.png");
    expect(servedFileName(".png", "image/png")).toBe("file.png");
    expect(servedFileName("   .html", "image/gif")).toBe("file.gif");
    expect(servedFileName("C:\\fakepath\\dir/photo.png", "image/png")).toBe("photo.png");
  });

  it("knows an extension for every type the app stores", () => {
    for (const type of STORED_TYPES) expect(servedFileName("x.html", type), type).not.toBe("x.html");
    expect(servedFileName("x.html", "application/octet-stream")).toBe("x.bin");
  });
});

describe("contentDisposition", () => {
  it("opens pictures, videos and PDFs in the browser and downloads anything else", () => {
    expect(contentDisposition("a.png", "image/png")).toBe('inline; filename="a.png"');
    expect(contentDisposition("a.webm", "video/webm")).toBe('inline; filename="a.webm"');
    expect(contentDisposition("a.pdf", "application/pdf")).toBe('inline; filename="a.pdf"');
    expect(contentDisposition("a.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")).toBe(
      'attachment; filename="a.xlsx"',
    );
  });

  it("cannot be broken out of by quotes, semicolons or line breaks in the name", () => {
    const header = contentDisposition('x"; filename="evil.html\r\nSet-Cookie: a=b.png', "image/png");
    expect(header).toMatch(/^inline; filename="[\w.\- ]+"; filename\*=UTF-8''[\w.%-]+$/);
    expect(header).not.toContain('evil.html"');
  });
});
