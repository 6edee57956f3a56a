import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signedFileUrl, storeFile, type Upload } from "../../lib/files";
import { apiAs, errorOf } from "../../test/client";
import { PDF, PNG } from "../../test/files";
import { db, makeUser } from "../../test/helpers";

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
    const uploaded = await apiAs(user.token).api.profile["profile-picture"].$post({ form: { file: new File([PNG], "poly.html", { type: "text/html" }) } });
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
      await stored({ bytes: XLSX, mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", name: "guests.svg" }, "spreadsheet"),
    );
    expect(sheet.headers.get("Content-Disposition")).toBe('attachment; filename="guests.xlsx"');
    expect(sheet.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("sends a name with other characters as an ASCII fallback plus the UTF-8 name (RFC 6266)", async () => {
    const response = await open(await stored({ bytes: PDF, mimeType: "application/pdf", name: 'Café "menu"\r\n.exe' }, "document"));
    expect(response.headers.get("Content-Disposition")).toBe(`inline; filename="Caf_ _menu_.pdf"; filename*=UTF-8''Caf%C3%A9%20%22menu%22.pdf`);
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
