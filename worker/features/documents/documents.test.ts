import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityDocuments, documents, files } from "@worker/db/schema";
import { apiAs, errorOf } from "@worker/test/client";
import { JPEG, PDF, PNG } from "@worker/test/files";
import { addGuest, call, db, makeUser } from "@worker/test/helpers";
import { addActivity, cast, eventVersion, experience } from "@worker/test/itinerary";
import { messagesDuring } from "@worker/test/live";
import { HOUR } from "@worker/test/time";

type Files = { files?: File | File[]; file?: File };
const uploadCommon = (eventId: string, token: string, form: Files) =>
  apiAs(token).api.documents.event[":eventId"].common.$post({ param: { eventId }, form });
const uploadFor = (eventId: string, userId: string, token: string, form: Files) =>
  apiAs(token).api.documents.event[":eventId"].user[":userId"].$post({ param: { eventId, userId }, form });
const list = (eventId: string, userId: string, token: string) =>
  apiAs(token).api.documents.event[":eventId"].user[":userId"].$get({ param: { eventId, userId } });
const remove = (documentId: string, token: string) => apiAs(token).api.documents[":documentId"].$delete({ param: { documentId } });

const png = (name = "map.png") => new File([PNG], name, { type: "image/png" });
const pdf = (name = "tickets.pdf") => new File([PDF], name, { type: "application/pdf" });
const objectsOf = async (eventId: string) => (await env.FILES.list({ prefix: `events/${eventId}/` })).objects;

async function commonDocument(eventId: string, token: string) {
  const response = await uploadCommon(eventId, token, { files: pdf() });
  expect(response.status).toBe(201);
  return (await response.json())[0]!;
}

describe("POST /api/documents/event/:eventId/common", () => {
  it("stores every file as a common document and answers them", async () => {
    const owner = await makeUser({ firstName: "Olga", lastName: "Owner" });
    const { event } = await experience(owner.id);
    const response = await uploadCommon(event.id, owner.token, { files: [png(), pdf(), new File([JPEG], "photo.jpg")] });
    expect(response.status).toBe(201);
    const answer = await response.json();
    expect(answer).toHaveLength(3);
    expect(answer[0]).toEqual({
      id: expect.any(String),
      type: "image",
      otherDocumentType: null,
      mimeType: "image/png",
      name: "map.png",
      document: { original: expect.stringMatching(/^\/files\//) },
      thirdPartyUploader: { firstName: "Olga", lastName: "Owner" },
      createdAt: expect.any(String),
    });
    expect(answer.map((d) => [d.type, d.mimeType, d.name])).toEqual([
      ["image", "image/png", "map.png"],
      ["pdf", "application/pdf", "tickets.pdf"],
      ["image", "image/jpeg", "photo.jpg"],
    ]);
    expect(new Uint8Array(await (await call(answer[1]!.document.original)).arrayBuffer())).toEqual(PDF);
    const rows = await db().select().from(documents).where(eq(documents.eventId, event.id));
    expect(rows.map((r) => [r.userId, r.uploaderId])).toEqual([
      [null, owner.id],
      [null, owner.id],
      [null, owner.id],
    ]);
    expect(await objectsOf(event.id)).toHaveLength(3);
  });

  it("accepts a single file sent as `file`", async () => {
    const owner = await makeUser();
    const { event } = await experience(owner.id);
    const response = await uploadCommon(event.id, owner.token, { file: pdf() });
    expect(response.status).toBe(201);
    expect(await response.json()).toHaveLength(1);
  });

  it("refuses the whole upload if any file is not a JPEG, PNG or PDF by its bytes, storing nothing", async () => {
    const owner = await makeUser();
    const { event } = await experience(owner.id);
    const gif = new File([new TextEncoder().encode("GIF89a....")], "anim.png", { type: "image/png" });
    for (const bad of [new File(["hello"], "notes.pdf", { type: "application/pdf" }), gif, new File([], "empty.pdf")]) {
      const response = await uploadCommon(event.id, owner.token, { files: [png(), bad] });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe("Only JPEG, PNG and PDF files can be uploaded");
    }
    expect(await db().select().from(documents).where(eq(documents.eventId, event.id))).toEqual([]);
    expect(await db().select().from(files).where(eq(files.eventId, event.id))).toEqual([]);
    expect(await objectsOf(event.id)).toEqual([]);
  });

  it("refuses a file over 20 MB and an upload without files", async () => {
    const owner = await makeUser();
    const { event } = await experience(owner.id);
    const big = new Uint8Array(20 * 1024 * 1024 + 1);
    big.set(PDF);
    const tooBig = await uploadCommon(event.id, owner.token, { files: [pdf(), new File([big], "big.pdf")] });
    expect(tooBig.status).toBe(400);
    expect(await errorOf(tooBig)).toBe("Each file must be 20 MB or smaller");
    const none = await uploadCommon(event.id, owner.token, {});
    expect(await errorOf(none)).toBe("Choose at least one file to upload");
    expect(await objectsOf(event.id)).toEqual([]);
  });

  it("answers 400, storing nothing, when the multipart body cannot be read", async () => {
    const owner = await makeUser();
    const { event } = await experience(owner.id);
    const garbled = await call(`/api/documents/event/${event.id}/common`, {
      method: "POST",
      token: owner.token,
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
      body: "garbage",
    });
    expect(garbled.status).toBe(400);
    expect(await errorOf(garbled)).toBe("The upload could not be read: send the files as multipart/form-data");
    expect(await objectsOf(event.id)).toEqual([]);
  });

  it("is for the owner and hosts only", async () => {
    const { host, guest, stranger, pub, priv } = await cast();
    expect((await uploadCommon(priv.event.id, host.token, { files: pdf() })).status).toBe(201);
    expect((await uploadCommon(pub.event.id, guest.token, { files: pdf() })).status).toBe(403);
    expect((await uploadCommon(pub.event.id, stranger.token, { files: pdf() })).status).toBe(403);
    const hidden = await uploadCommon(priv.event.id, stranger.token, { files: pdf() });
    expect(hidden.status).toBe(404);
    expect(await errorOf(hidden)).toBe("Event not found");
    expect((await uploadCommon(pub.event.id, "", { files: pdf() })).status).toBe(401);
    expect(await objectsOf(pub.event.id)).toEqual([]);
  });
});

describe("POST /api/documents/event/:eventId/user/:userId", () => {
  it("lets an organiser upload a participant's own documents, for participants only", async () => {
    const { owner, host, guest, stranger, priv } = await cast();
    const response = await uploadFor(priv.event.id, guest.id, host.token, { files: png("passport.png") });
    expect(response.status).toBe(201);
    const [doc] = await response.json();
    const [row] = await db().select().from(documents).where(eq(documents.id, doc!.id));
    expect(row).toMatchObject({ userId: guest.id, uploaderId: host.id });
    const outsider = await uploadFor(priv.event.id, stranger.id, owner.token, { files: pdf() });
    expect(outsider.status).toBe(404);
    expect(await errorOf(outsider)).toBe("User not found");
    expect((await uploadFor(priv.event.id, guest.id, guest.token, { files: pdf() })).status).toBe(403);
  });
});

describe("GET /api/documents/event/:eventId/user/:userId", () => {
  it("lists the common documents, newest first, to every participant", async () => {
    const { owner, host, guest, stranger, pub, priv } = await cast();
    const first = await commonDocument(priv.event.id, owner.token);
    await new Promise((r) => setTimeout(r, 5));
    const second = await commonDocument(priv.event.id, host.token);
    await uploadFor(priv.event.id, guest.id, owner.token, { files: png() });
    for (const user of [owner, host, guest]) {
      const response = await list(priv.event.id, "common", user.token);
      expect(response.status).toBe(200);
      const docs = await response.json();
      expect(docs.map((d) => d.id)).toEqual([second.id, first.id]);
      expect(docs[0]).toEqual(second);
    }
    expect((await list(priv.event.id, "common", stranger.token)).status).toBe(404);
    expect((await list(pub.event.id, "common", stranger.token)).status).toBe(403);
  });

  it("shows a guest's own documents to that guest and to organisers, not to other guests", async () => {
    const { owner, host, guest, pub } = await cast();
    const other = await makeUser();
    await addGuest(pub.event.id, other);
    const [mine] = await (await uploadFor(pub.event.id, guest.id, owner.token, { files: png() })).json();
    await commonDocument(pub.event.id, owner.token);
    for (const user of [guest, owner, host]) {
      const response = await list(pub.event.id, guest.id, user.token);
      expect(response.status).toBe(200);
      expect((await response.json()).map((d) => d.id)).toEqual([mine!.id]);
    }
    expect((await list(pub.event.id, guest.id, other.token)).status).toBe(403);
    expect(await (await list(pub.event.id, other.id, other.token)).json()).toEqual([]);
  });
});

describe("DELETE /api/documents/:documentId", () => {
  it("deletes the document, its file and its activity links", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id);
    const doc = await commonDocument(event.id, owner.token);
    const walk = await addActivity(event.id, days[0]!.id, start + 9 * HOUR);
    await db().insert(activityDocuments).values({ activityId: walk.id, documentId: doc.id });
    const before = await eventVersion(event.id);

    const messages = await messagesDuring(event.id, owner.token, async () => {
      const response = await remove(doc.id, owner.token);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true });
    });
    expect(await db().select().from(documents).where(eq(documents.id, doc.id))).toEqual([]);
    expect(await db().select().from(activityDocuments).where(eq(activityDocuments.activityId, walk.id))).toEqual([]);
    expect(await db().select().from(files).where(eq(files.eventId, event.id))).toEqual([]);
    expect(await objectsOf(event.id)).toEqual([]);
    // An activity listed it, so the itinerary changed too.
    expect(messages).toEqual([
      { type: "documents.changed", eventId: event.id, owner: "common" },
      { type: "itinerary.changed", eventId: event.id },
    ]);
    expect(await eventVersion(event.id)).toBe(before + 1);
    const again = await remove(doc.id, owner.token);
    expect(again.status).toBe(404);
    expect(await errorOf(again)).toBe("Document not found");
  });

  it("is for the owner and hosts of the document's event only", async () => {
    const { owner, host, guest, stranger, pub, priv } = await cast();
    const pubDoc = await commonDocument(pub.event.id, owner.token);
    const privDoc = await commonDocument(priv.event.id, owner.token);
    expect((await remove(pubDoc.id, guest.token)).status).toBe(403);
    expect((await remove(pubDoc.id, stranger.token)).status).toBe(403);
    const hidden = await remove(privDoc.id, stranger.token);
    expect(hidden.status).toBe(404);
    expect(await errorOf(hidden)).toBe("Document not found");
    expect((await remove(privDoc.id, host.token)).status).toBe(200);
    expect((await remove(pubDoc.id, "")).status).toBe(401);
    expect(await objectsOf(pub.event.id)).toHaveLength(1);
  });
});

/** Opens a document's signed URL as the browser does: the URL alone, no sign-in. */
function open(signedUrl: string, change: { fileId?: string } = {}) {
  const url = new URL(signedUrl, "http://localhost");
  const query = { e: url.searchParams.get("e") ?? undefined, s: url.searchParams.get("s") ?? undefined };
  return apiAs().files[":fileId"].$get({ param: { fileId: change.fileId ?? url.pathname.replace("/files/", "") }, query });
}

const fileIdOf = (signedUrl: string) => new URL(signedUrl, "http://localhost").pathname.replace("/files/", "");

async function uploaded(files: File[]) {
  const owner = await makeUser();
  const { event } = await experience(owner.id);
  const response = await apiAs(owner.token).api.documents.event[":eventId"].common.$post({ param: { eventId: event.id }, form: { files } });
  expect(response.status).toBe(201);
  return { owner, docs: await response.json() };
}

describe("serving a document by its signed URL", () => {
  it("opens a PDF and pictures in the browser, each with the type read from its bytes, a name that fits it, and nosniff", async () => {
    const { docs } = await uploaded([
      new File([PDF], "tickets.pdf"),
      new File([PNG], "poly.html", { type: "text/html" }),
      new File([JPEG], "hotel.jpeg"),
    ]);
    const expected = [
      ["application/pdf", 'inline; filename="tickets.pdf"', PDF],
      ["image/png", 'inline; filename="poly.png"', PNG],
      ["image/jpeg", 'inline; filename="hotel.jpeg"', JPEG],
    ] as const;
    for (const [i, [type, disposition, bytes]] of expected.entries()) {
      const response = await open(docs[i]!.document.original);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe(type);
      expect(response.headers.get("Content-Disposition")).toBe(disposition);
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("Cache-Control")).toBe("private, max-age=604800, immutable");
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
    }
  });

  it("answers 404 'File not found' for another document's file under a URL signed for a guest's own", async () => {
    const { owner, guest, priv } = await cast();
    const other = await makeUser();
    await addGuest(priv.event.id, other);
    const upload = (userId: string, name: string) =>
      apiAs(owner.token).api.documents.event[":eventId"].user[":userId"].$post({
        param: { eventId: priv.event.id, userId },
        form: { files: new File([PDF], name) },
      });
    const [mine] = await (await upload(guest.id, "mine.pdf")).json();
    const [theirs] = await (await upload(other.id, "theirs.pdf")).json();

    const borrowed = await open(mine!.document.original, { fileId: fileIdOf(theirs!.document.original) });
    expect(borrowed.status).toBe(404);
    expect(await errorOf(borrowed)).toBe("File not found");
    expect((await open(mine!.document.original)).status).toBe(200);
  });

  it("stops serving a deleted document's URL", async () => {
    const { owner, docs } = await uploaded([new File([PDF], "old.pdf")]);
    expect((await open(docs[0]!.document.original)).status).toBe(200);
    const deleted = await apiAs(owner.token).api.documents[":documentId"].$delete({ param: { documentId: docs[0]!.id } });
    expect(deleted.status).toBe(200);
    const gone = await open(docs[0]!.document.original);
    expect(gone.status).toBe(404);
    expect(await errorOf(gone)).toBe("File not found");
  });
});

describe("document uploads racing the experience's deletion", () => {
  it("answer 201, 404 or 409, never 500, and leave nothing of the experience in R2", async () => {
    const owner = await makeUser();
    const { event } = await experience(owner.id);
    const upload = () => {
      const body = new FormData();
      body.append("files", new File([PDF], "agenda.pdf"));
      return call(`/api/documents/event/${event.id}/common`, { method: "POST", token: owner.token, body });
    };

    const [deleted, ...uploads] = await Promise.all([
      apiAs(owner.token).api.events[":id"].$delete({ param: { id: event.id } }),
      ...Array.from({ length: 8 }, upload),
    ]);

    expect(deleted.status).toBe(200);
    for (const res of uploads) expect([201, 404, 409]).toContain(res.status);
    const left = await env.FILES.list({ prefix: `events/${event.id}/` });
    expect(left.objects).toEqual([]);
  });
});
