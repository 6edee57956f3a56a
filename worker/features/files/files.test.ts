import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signedFileUrl, storeFile, type Upload } from "@worker/lib/files";
import { apiAs, errorOf } from "@worker/test/client";
import { PDF, PNG } from "@worker/test/files";
import { call, db, makeUser } from "@worker/test/helpers";
import { movie, patternBytes } from "@worker/test/media";

const XLSX = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0x06, 0]);

/** Opens a signed file URL, as the API gives it, through the typed route: its path names the file, its query signs it. */
function open(signedUrl: string, signature: { e?: string; s?: string } = {}) {
  const url = new URL(signedUrl, "http://localhost");
  const query = { e: url.searchParams.get("e") ?? undefined, s: url.searchParams.get("s") ?? undefined, ...signature };
  return apiAs().files[":fileId"].$get({ param: { fileId: url.pathname.replace("/files/", "") }, query });
}

async function stored(upload: Omit<Upload, "kind">, kind: Upload["kind"]) {
  const user = await makeUser();
  const fileId = await storeFile(env, db(), { ...upload, kind }, { uploaderId: user.id });
  return signedFileUrl(env, fileId);
}

describe("GET /files/:fileId", () => {
  it("serves an upload named poly.html as image/png under a .png name, with nosniff", async () => {
    const user = await makeUser();
    const uploaded = await apiAs(user.token).api.profile["profile-picture"].$post({
      form: { file: new File([PNG], "poly.html", { type: "text/html" }) },
    });
    expect(uploaded.status).toBe(200);
    const { profilePic } = await uploaded.json();

    const response = await open(profilePic!.original);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Content-Disposition")).toBe('inline; filename="poly.png"');
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);
  });

  it("keeps a name whose extension already fits the type, in any case", async () => {
    const response = await open(await stored({ bytes: PNG, mimeType: "image/png", name: "Lisbon at night.PNG" }, "image"));
    expect(response.headers.get("Content-Disposition")).toBe('inline; filename="Lisbon at night.PNG"');
  });

  it("opens a PDF in the browser and offers a spreadsheet only as a download, each under its own extension", async () => {
    const pdf = await open(await stored({ bytes: PDF, mimeType: "application/pdf", name: "tickets.html" }, "document"));
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Content-Disposition")).toBe('inline; filename="tickets.pdf"');

    const sheet = await open(
      await stored(
        { bytes: XLSX, mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", name: "guests.svg" },
        "spreadsheet",
      ),
    );
    expect(sheet.headers.get("Content-Disposition")).toBe('attachment; filename="guests.xlsx"');
    expect(sheet.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("sends a name with other characters as an ASCII fallback plus the UTF-8 name (RFC 6266)", async () => {
    const response = await open(await stored({ bytes: PDF, mimeType: "application/pdf", name: 'Café "menu"\r\n.exe' }, "document"));
    expect(response.headers.get("Content-Disposition")).toBe(
      `inline; filename="Caf_ _menu_.pdf"; filename*=UTF-8''Caf%C3%A9%20%22menu%22.pdf`,
    );
  });

  it("answers 404 'File not found' without a valid signature", async () => {
    const url = await stored({ bytes: PNG, mimeType: "image/png", name: "a.png" }, "image");
    const forged = await open(url, { s: "0".repeat(64) });
    expect(forged.status).toBe(404);
    expect(await errorOf(forged)).toBe("File not found");
    const unsigned = await open(url, { e: undefined, s: undefined });
    expect(unsigned.status).toBe(404);
  });
});

describe("GET /files/:fileId with Range", () => {
  const VIDEO = movie(1280, 720, { moov: "last", mediaBytes: patternBytes(300_000) });

  async function storedVideo() {
    const user = await makeUser();
    return signedFileUrl(
      env,
      await storeFile(env, db(), { bytes: VIDEO, mimeType: "video/mp4", kind: "video", name: "clip.mp4" }, { uploaderId: user.id }),
    );
  }

  function ranged(signedUrl: string, headers: Record<string, string>) {
    const url = new URL(signedUrl, "http://localhost");
    const query = { e: url.searchParams.get("e") ?? undefined, s: url.searchParams.get("s") ?? undefined };
    return apiAs().files[":fileId"].$get({ param: { fileId: url.pathname.replace("/files/", "") }, query }, { headers });
  }

  it("answers the whole video with Accept-Ranges: bytes when no range is asked", async () => {
    const response = await open(await storedVideo());
    expect(response.status).toBe(200);
    expect(response.headers.get("Accept-Ranges")).toBe("bytes");
    expect(response.headers.get("Content-Length")).toBe(String(VIDEO.byteLength));
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(VIDEO);
  });

  it("answers 206 with Content-Range and Content-Length for the first bytes, a middle part, an open end and a suffix", async () => {
    const url = await storedVideo();
    const size = VIDEO.byteLength;
    const cases: [string, number, number][] = [
      ["bytes=0-1", 0, 1],
      ["bytes=100000-165535", 100_000, 165_535],
      [`bytes=${size - 10}-`, size - 10, size - 1],
      ["bytes=-500", size - 500, size - 1],
      [`bytes=${size - 3}-${size + 1000}`, size - 3, size - 1],
      [`bytes=-${size * 2}`, 0, size - 1],
    ];
    for (const [range, first, last] of cases) {
      const response = await ranged(url, { Range: range });
      expect(response.status, range).toBe(206);
      expect(response.headers.get("Content-Range"), range).toBe(`bytes ${first}-${last}/${size}`);
      expect(response.headers.get("Content-Length"), range).toBe(String(last - first + 1));
      expect(response.headers.get("Accept-Ranges")).toBe("bytes");
      expect(new Uint8Array(await response.arrayBuffer()), range).toEqual(VIDEO.subarray(first, last + 1));
    }
  });

  it("answers 416 with 'Content-Range: bytes */size' for a range that starts past the end, or an empty suffix", async () => {
    const url = await storedVideo();
    for (const range of [`bytes=${VIDEO.byteLength}-`, `bytes=${VIDEO.byteLength + 5}-${VIDEO.byteLength + 10}`, "bytes=-0"]) {
      const response = await ranged(url, { Range: range });
      expect(response.status, range).toBe(416);
      expect(response.headers.get("Content-Range")).toBe(`bytes */${VIDEO.byteLength}`);
      expect(await errorOf(response)).toBe("The range asked lies past the end of the file");
    }
  });

  it("answers the whole file for several ranges, a header it cannot parse, or an If-Range that is not the current ETag", async () => {
    const url = await storedVideo();
    const { headers } = await ranged(url, { Range: "bytes=0-1" });
    const etag = headers.get("ETag")!;
    const refused: Record<string, string>[] = [
      { Range: "bytes=0-1, 5-9" },
      { Range: "items=0-1" },
      { Range: "bytes=9-2" },
      { Range: "bytes=0-1", "If-Range": '"stale"' },
      { Range: "bytes=0-1", "If-Range": "Wed, 21 Oct 2015 07:28:00 GMT" },
    ];
    for (const asked of refused) {
      const response = await ranged(url, asked);
      expect(response.status, JSON.stringify(asked)).toBe(200);
      expect((await response.arrayBuffer()).byteLength).toBe(VIDEO.byteLength);
    }
    const kept = await ranged(url, { Range: "bytes=0-1", "If-Range": etag });
    expect(kept.status).toBe(206);
    expect(new Uint8Array(await kept.arrayBuffer())).toEqual(VIDEO.subarray(0, 2));
  });

  it("answers HEAD with the same status and headers and no body", async () => {
    const url = new URL(await storedVideo(), "http://localhost");
    const head = await call(`${url.pathname}${url.search}`, { method: "HEAD", headers: { Range: "bytes=10-19" } });
    expect(head.status).toBe(206);
    expect(head.headers.get("Content-Range")).toBe(`bytes 10-19/${VIDEO.byteLength}`);
    expect(head.headers.get("Accept-Ranges")).toBe("bytes");
    expect(await head.text()).toBe("");
  });
});
