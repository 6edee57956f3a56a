import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { documents } from "@worker/db/schema";
import { apiAs, errorOf } from "@worker/test/client";
import { PDF, PNG, postChunked } from "@worker/test/files";
import { db, makeUser } from "@worker/test/helpers";
import { cast, experience } from "@worker/test/itinerary";
import { DOCUMENT_MAX_FILES, DOCUMENT_MAX_REQUEST_BYTES, DOCUMENT_MESSAGES } from "./documents.schema";

const MB = 1024 * 1024;
type Form = { files?: File | File[]; file?: File; type?: string; otherDocumentType?: string };
const uploadCommon = (eventId: string, token: string, body: Form) =>
  apiAs(token).api.documents.event[":eventId"].common.$post({ param: { eventId }, form: body });
const uploadFor = (eventId: string, userId: string, token: string, body: Form) =>
  apiAs(token).api.documents.event[":eventId"].user[":userId"].$post({ param: { eventId, userId }, form: body });
const pdf = (name = "boarding.pdf") => new File([PDF], name);
const objectsOf = async (eventId: string) => (await env.FILES.list({ prefix: `events/${eventId}/` })).objects;

/** A PDF of `bytes` bytes. */
const bigPdf = (bytes: number, name: string) => {
  const content = new Uint8Array(bytes);
  content.set(PDF);
  return new File([content], name);
};

describe("a document's type", () => {
  it("is the snake_case type sent with the upload, for every file of the request", async () => {
    const owner = await makeUser();
    const { event } = await experience(owner.id);
    const response = await uploadCommon(event.id, owner.token, { files: [pdf(), new File([PNG], "qr.png")], type: "boarding_pass" });
    expect(response.status).toBe(201);
    expect((await response.json()).map((d) => [d.type, d.otherDocumentType, d.mimeType])).toEqual([
      ["boarding_pass", null, "application/pdf"],
      ["boarding_pass", null, "image/png"],
    ]);
  });

  it("is 'other' with the otherDocumentType sent, trimmed", async () => {
    const owner = await makeUser();
    const { event } = await experience(owner.id);
    const response = await uploadCommon(event.id, owner.token, { files: pdf(), type: "other", otherDocumentType: "  Vaccination card " });
    expect(response.status).toBe(201);
    const [doc] = await response.json();
    expect(doc).toMatchObject({ type: "other", otherDocumentType: "Vaccination card" });
    const [row] = await db().select().from(documents).where(eq(documents.id, doc!.id));
    expect(row).toMatchObject({ type: "other", otherDocumentType: "Vaccination card" });
  });

  it("is 'pdf' or 'image', by the file's bytes, when none is sent", async () => {
    const owner = await makeUser();
    const { event } = await experience(owner.id);
    const response = await uploadCommon(event.id, owner.token, { files: [new File([PNG], "scan.pdf"), new File([PDF], "scan.png")] });
    expect((await response.json()).map((d) => [d.type, d.mimeType])).toEqual([
      ["image", "image/png"],
      ["pdf", "application/pdf"],
    ]);
  });

  it.each([
    [{ type: "Boarding Pass" }, DOCUMENT_MESSAGES.documentType],
    [{ type: "boarding-pass" }, DOCUMENT_MESSAGES.documentType],
    [{ type: "_pass" }, DOCUMENT_MESSAGES.documentType],
    [{ type: "a".repeat(51) }, DOCUMENT_MESSAGES.documentType],
    [{ type: "other" }, DOCUMENT_MESSAGES.otherDocumentType],
    [{ type: "other", otherDocumentType: "   " }, DOCUMENT_MESSAGES.otherDocumentType],
    [{ type: "other", otherDocumentType: "x".repeat(101) }, DOCUMENT_MESSAGES.otherDocumentTypeTooLong],
    [{ type: "passport", otherDocumentType: "Passport" }, DOCUMENT_MESSAGES.otherDocumentTypeOnlyForOther],
    [{ otherDocumentType: "Passport" }, DOCUMENT_MESSAGES.otherDocumentTypeOnlyForOther],
  ])("answers 400 for %j, storing nothing", async (fields, message) => {
    const owner = await makeUser();
    const { event } = await experience(owner.id);
    const response = await uploadCommon(event.id, owner.token, { files: pdf(), ...fields });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(message);
    expect(await objectsOf(event.id)).toEqual([]);
  });
});

describe("a document's thirdPartyUploader", () => {
  it("names who uploaded a common document or a guest's, and is null on a participant's own upload", async () => {
    const { owner, host, guest, priv } = await cast();
    const [common] = await (await uploadCommon(priv.event.id, host.token, { files: pdf() })).json();
    expect(common!.thirdPartyUploader).toEqual({ firstName: host.firstName, lastName: host.lastName });
    const [guests] = await (await uploadFor(priv.event.id, guest.id, owner.token, { files: pdf() })).json();
    expect(guests!.thirdPartyUploader).toEqual({ firstName: owner.firstName, lastName: owner.lastName });
    const [hosts] = await (await uploadFor(priv.event.id, host.id, host.token, { files: pdf() })).json();
    expect(hosts!.thirdPartyUploader).toBeNull();

    const listed = await apiAs(guest.token).api.documents.event[":eventId"].user[":userId"].$get({
      param: { eventId: priv.event.id, userId: guest.id },
    });
    expect((await listed.json())[0]!.thirdPartyUploader).toEqual({ firstName: owner.firstName, lastName: owner.lastName });
    const own = await apiAs(host.token).api.documents.event[":eventId"].user[":userId"].$get({
      param: { eventId: priv.event.id, userId: host.id },
    });
    expect((await own.json())[0]!.thirdPartyUploader).toBeNull();
  });
});

describe("what one upload request may carry", () => {
  it(`refuses more than ${DOCUMENT_MAX_FILES} files with 400 '${DOCUMENT_MESSAGES.tooMany}', storing nothing`, async () => {
    const owner = await makeUser();
    const { event } = await experience(owner.id);
    const response = await uploadCommon(event.id, owner.token, {
      files: Array.from({ length: DOCUMENT_MAX_FILES + 1 }, (_, i) => pdf(`${i}.pdf`)),
    });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("Upload at most 10 files at once");
    expect(await objectsOf(event.id)).toEqual([]);
    const ten = await uploadCommon(event.id, owner.token, { files: Array.from({ length: DOCUMENT_MAX_FILES }, (_, i) => pdf(`${i}.pdf`)) });
    expect(ten.status).toBe(201);
  });

  it("refuses files over 40 MB together, sent without a Content-Length, with 413 'Upload at most 40 MB at once', storing nothing", async () => {
    const owner = await makeUser();
    const { event } = await experience(owner.id);
    const files = [bigPdf(20 * MB, "a.pdf"), bigPdf(20 * MB, "b.pdf"), bigPdf(MB, "c.pdf")];
    expect(files.reduce((sum, f) => sum + f.size, 0)).toBeGreaterThan(DOCUMENT_MAX_REQUEST_BYTES);
    const response = await postChunked(`/api/documents/event/${event.id}/common`, owner.token, { files });
    expect(response.status).toBe(413);
    expect(await errorOf(response)).toBe("Upload at most 40 MB at once");
    expect(await objectsOf(event.id)).toEqual([]);
  });

  it("accepts a file of exactly 20 MB and refuses one byte more with 400 'Each file must be 20 MB or smaller'", async () => {
    const owner = await makeUser();
    const { event } = await experience(owner.id);
    expect((await uploadCommon(event.id, owner.token, { files: bigPdf(20 * MB, "full.pdf") })).status).toBe(201);
    const over = await uploadCommon(event.id, owner.token, { files: bigPdf(20 * MB + 1, "over.pdf") });
    expect(over.status).toBe(400);
    expect(await errorOf(over)).toBe("Each file must be 20 MB or smaller");
    expect(await objectsOf(event.id)).toHaveLength(1);
  });
});

describe("a file's type, read from its bytes", () => {
  it("refuses an HTML page named .pdf and sent as application/pdf with 400 'Only JPEG, PNG and PDF files can be uploaded'", async () => {
    const owner = await makeUser();
    const { event } = await experience(owner.id);
    const page = new File(["<!DOCTYPE html><html><script>alert(document.cookie)</script></html>"], "tickets.pdf", {
      type: "application/pdf",
    });
    const response = await uploadCommon(event.id, owner.token, { files: page });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("Only JPEG, PNG and PDF files can be uploaded");
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'], "map.png", { type: "image/png" });
    expect(await errorOf(await uploadCommon(event.id, owner.token, { files: svg }))).toBe("Only JPEG, PNG and PDF files can be uploaded");
    expect(await objectsOf(event.id)).toEqual([]);
  });
});
