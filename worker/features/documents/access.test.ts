import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { documents } from "@worker/db/schema";
import { apiAs, errorOf } from "@worker/test/client";
import { PDF, PNG } from "@worker/test/files";
import { addGuest, db, makeUser } from "@worker/test/helpers";
import { cast } from "@worker/test/itinerary";

const pdf = () => new File([PDF], "tickets.pdf");
const png = () => new File([PNG], "passport.png");
const list = (eventId: string, userId: string, token?: string) =>
  apiAs(token).api.documents.event[":eventId"].user[":userId"].$get({ param: { eventId, userId } });
const uploadCommon = (eventId: string, token?: string) =>
  apiAs(token).api.documents.event[":eventId"].common.$post({ param: { eventId }, form: { files: pdf() } });
const uploadFor = (eventId: string, userId: string, token?: string) =>
  apiAs(token).api.documents.event[":eventId"].user[":userId"].$post({ param: { eventId, userId }, form: { files: png() } });
const remove = (documentId: string, token?: string) => apiAs(token).api.documents[":documentId"].$delete({ param: { documentId } });

async function created(response: Awaited<ReturnType<typeof uploadCommon>>) {
  expect(response.status).toBe(201);
  return (await response.json())[0]!;
}

/** Both experiences with a common document, one of the guest's own and one of another guest's, each uploaded by the owner. */
async function documentsOfEveryone() {
  const people = await cast();
  const other = await makeUser();
  const declined = await makeUser();
  const of = async (event: { id: string }) => {
    await addGuest(event.id, other);
    await addGuest(event.id, declined, "NO");
    return {
      common: await created(await uploadCommon(event.id, people.owner.token)),
      guests: await created(await uploadFor(event.id, people.guest.id, people.owner.token)),
      others: await created(await uploadFor(event.id, other.id, people.owner.token)),
    };
  };
  return { ...people, other, declined, pubDocs: await of(people.pub.event), privDocs: await of(people.priv.event) };
}

async function ids(response: Awaited<ReturnType<typeof list>>) {
  expect(response.status).toBe(200);
  if (response.status !== 200) return [];
  return (await response.json()).map((d) => d.id);
}

describe("GET /api/documents/event/:eventId/user/:userId, by role", () => {
  it("shows the owner and hosts the common documents and every guest's own", async () => {
    const { owner, host, guest, other, priv, privDocs } = await documentsOfEveryone();
    for (const organiser of [owner, host]) {
      expect(await ids(await list(priv.event.id, "common", organiser.token))).toEqual([privDocs.common.id]);
      expect(await ids(await list(priv.event.id, guest.id, organiser.token))).toEqual([privDocs.guests.id]);
      expect(await ids(await list(priv.event.id, other.id, organiser.token))).toEqual([privDocs.others.id]);
    }
  });

  it("shows a guest the common documents and their own, and answers 403 for another guest's", async () => {
    const { guest, other, pub, priv, pubDocs, privDocs } = await documentsOfEveryone();
    for (const [event, mine] of [
      [pub.event, pubDocs],
      [priv.event, privDocs],
    ] as const) {
      expect(await ids(await list(event.id, "common", guest.token))).toEqual([mine.common.id]);
      expect(await ids(await list(event.id, guest.id, guest.token))).toEqual([mine.guests.id]);
      const theirs = await list(event.id, other.id, guest.token);
      expect(theirs.status).toBe(403);
      expect(await errorOf(theirs)).toBe("You do not have permission to do this");
      const owners = await list(event.id, crypto.randomUUID(), guest.token);
      expect(owners.status).toBe(403);
    }
  });

  it("never hands a guest a signed URL to another guest's document", async () => {
    const { guest, priv, privDocs } = await documentsOfEveryone();
    const theirs = new URL(privDocs.others.document.original, "http://localhost").pathname;
    const seen: string[] = [];
    for (const userId of ["common", guest.id]) seen.push(JSON.stringify(await (await list(priv.event.id, userId, guest.token)).json()));
    expect(seen.join("")).not.toContain(theirs);
    expect(seen.join("")).toContain(new URL(privDocs.guests.document.original, "http://localhost").pathname);
  });

  it("shows strangers and invitees who declined nothing: 404 'Event not found' for a private experience, 403 for a public one", async () => {
    const { guest, stranger, declined, pub, priv } = await documentsOfEveryone();
    for (const outsider of [stranger, declined]) {
      for (const userId of ["common", guest.id, outsider.id]) {
        const hidden = await list(priv.event.id, userId, outsider.token);
        expect(hidden.status).toBe(404);
        expect(await errorOf(hidden)).toBe("Event not found");
        expect((await list(pub.event.id, userId, outsider.token)).status).toBe(403);
      }
    }
  });

  it("answers 401 without a sign-in", async () => {
    const { guest, pub } = await documentsOfEveryone();
    for (const userId of ["common", guest.id]) expect((await list(pub.event.id, userId)).status).toBe(401);
  });
});

describe("POST /api/documents/event/:eventId/common and /user/:userId, by role", () => {
  it("lets the owner and hosts upload common documents and any participant's own", async () => {
    const { owner, host, guest, priv } = await cast();
    for (const organiser of [owner, host]) {
      expect((await uploadCommon(priv.event.id, organiser.token)).status).toBe(201);
      expect((await uploadFor(priv.event.id, guest.id, organiser.token)).status).toBe(201);
      expect((await uploadFor(priv.event.id, host.id, organiser.token)).status).toBe(201);
    }
  });

  it("leaves guests reading only: 403 for a common document and for their own, storing nothing", async () => {
    const { guest, pub, priv } = await cast();
    for (const event of [pub.event, priv.event]) {
      const common = await uploadCommon(event.id, guest.token);
      expect(common.status).toBe(403);
      expect(await errorOf(common)).toBe("You do not have permission to do this");
      expect((await uploadFor(event.id, guest.id, guest.token)).status).toBe(403);
    }
    expect(await db().select().from(documents).where(eq(documents.eventId, priv.event.id))).toEqual([]);
    expect((await env.FILES.list({ prefix: `events/${priv.event.id}/` })).objects).toEqual([]);
  });

  it("answers strangers 404 for a private experience and 403 for a public one, and 401 without a sign-in", async () => {
    const { guest, stranger, pub, priv } = await cast();
    expect((await uploadCommon(priv.event.id, stranger.token)).status).toBe(404);
    expect((await uploadFor(priv.event.id, guest.id, stranger.token)).status).toBe(404);
    expect((await uploadCommon(pub.event.id, stranger.token)).status).toBe(403);
    expect((await uploadFor(pub.event.id, stranger.id, stranger.token)).status).toBe(403);
    expect((await uploadCommon(pub.event.id)).status).toBe(401);
    expect((await uploadFor(pub.event.id, guest.id)).status).toBe(401);
    expect(await db().select().from(documents).where(eq(documents.eventId, pub.event.id))).toEqual([]);
  });
});

describe("DELETE /api/documents/:documentId, by role", () => {
  it("lets the owner and hosts delete common documents and any guest's", async () => {
    const { owner, host, pubDocs, privDocs } = await documentsOfEveryone();
    for (const [doc, organiser] of [
      [pubDocs.common, owner],
      [pubDocs.guests, host],
      [privDocs.common, host],
      [privDocs.others, owner],
    ] as const) {
      expect((await remove(doc.id, organiser.token)).status).toBe(200);
    }
  });

  it("answers a guest 403 for a common document, their own and another guest's, deleting nothing", async () => {
    const { guest, priv, privDocs } = await documentsOfEveryone();
    for (const doc of [privDocs.common, privDocs.guests, privDocs.others]) {
      const response = await remove(doc.id, guest.token);
      expect(response.status).toBe(403);
      expect(await errorOf(response)).toBe("You do not have permission to do this");
    }
    expect(await db().select().from(documents).where(eq(documents.eventId, priv.event.id))).toHaveLength(3);
  });

  it("answers strangers 404 'Document not found' in a private experience, 403 in a public one, and 401 without a sign-in", async () => {
    const { stranger, pub, pubDocs, privDocs } = await documentsOfEveryone();
    for (const doc of [privDocs.common, privDocs.guests]) {
      const hidden = await remove(doc.id, stranger.token);
      expect(hidden.status).toBe(404);
      expect(await errorOf(hidden)).toBe("Document not found");
    }
    expect((await remove(pubDocs.guests.id, stranger.token)).status).toBe(403);
    expect((await remove(pubDocs.common.id)).status).toBe(401);
    expect(await db().select().from(documents).where(eq(documents.eventId, pub.event.id))).toHaveLength(3);
  });
});
