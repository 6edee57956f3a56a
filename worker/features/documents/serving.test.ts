import { describe, expect, it } from "vitest";
import { apiAs, errorOf } from "@worker/test/client";
import { JPEG, PDF, PNG } from "@worker/test/files";
import { addGuest, makeUser } from "@worker/test/helpers";
import { cast, experience } from "@worker/test/itinerary";

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
