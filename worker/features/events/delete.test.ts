import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  activities,
  activityDocuments,
  bulletins,
  documents,
  eventHosts,
  events,
  feedbackAnswers,
  feedbackFields,
  feedbackForms,
  feedbackResponses,
  feedComments,
  feedLikes,
  feedPosts,
  files,
  programs,
  rsvps,
} from "@worker/db/schema";
import { apiAs } from "@worker/test/client";
import { PNG, storedPng } from "@worker/test/files";
import { addGuest, addHost, db } from "@worker/test/helpers";
import { addActivity } from "@worker/test/itinerary";
import { listen, settle } from "@worker/test/live";
import { DAY, HOUR, todayUtc } from "@worker/test/time";
import { cast, createEvent } from "@worker/test/experiences";

const remove = (id: string, token: string) => apiAs(token).api.events[":id"].$delete({ param: { id } });
const upload = (eventId: string) => storedPng({ eventId, uploaderId: null });

describe("DELETE /api/events/:id", () => {
  it("deletes the event, every row under it and every stored file", async () => {
    const { owner, host, guest } = await cast();
    const created = await createEvent(owner.token, { file: new File([PNG], "cover.png", { type: "image/png" }) });
    const { id } = await created.json();
    await addHost(id, host.id);
    await addGuest(id, guest);

    const [day] = await db().select().from(programs).where(eq(programs.eventId, id)).limit(1);
    await db()
      .update(programs)
      .set({ image: { source: "UPLOAD", fileId: await upload(id) } })
      .where(eq(programs.id, day!.id));
    const activity = await addActivity(id, day!.id, todayUtc() + DAY + 9 * HOUR);
    const documentId = crypto.randomUUID();
    await db()
      .insert(documents)
      .values({ id: documentId, eventId: id, userId: guest.id, fileId: await upload(id) });
    await db().insert(activityDocuments).values({ activityId: activity.id, documentId });
    const postId = crypto.randomUUID();
    const media = await upload(id);
    await db()
      .insert(feedPosts)
      .values({ id: postId, eventId: id, authorId: guest.id, title: "Hello", mediaFileId: media, mimeType: "image/png" });
    await db().insert(feedLikes).values({ postId, userId: owner.id });
    await db().insert(feedComments).values({ id: crypto.randomUUID(), postId, authorId: owner.id, comment: "Nice" });
    const bulletinImage = await upload(id);
    await db()
      .insert(bulletins)
      .values({ id: crypto.randomUUID(), eventId: id, title: "News", description: "Bus at 9", mediaFileId: bulletinImage });
    const formId = crypto.randomUUID();
    const fieldId = crypto.randomUUID();
    const responseId = crypto.randomUUID();
    await db().insert(feedbackForms).values({ id: formId, eventId: id, title: "How was it?", description: "Tell us" });
    await db().insert(feedbackFields).values({ id: fieldId, formId, kind: "RATING", label: "Food", position: 0 });
    await db().insert(feedbackResponses).values({ id: responseId, formId, userId: guest.id });
    await db().insert(feedbackAnswers).values({ responseId, fieldId, rating: 5 });
    expect((await env.FILES.list({ prefix: `events/${id}/` })).objects).toHaveLength(5);

    const { ws, messages } = await listen(id, guest.token);
    const response = await remove(id, owner.token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    await settle();
    expect(messages).toEqual([{ type: "event.deleted", eventId: id }]);
    ws.close();

    const d = db();
    const leftovers = await d.batch([
      d.select().from(events).where(eq(events.id, id)),
      d.select().from(eventHosts).where(eq(eventHosts.eventId, id)),
      d.select().from(programs).where(eq(programs.eventId, id)),
      d.select().from(activities).where(eq(activities.eventId, id)),
      d.select().from(documents).where(eq(documents.eventId, id)),
      d.select().from(activityDocuments).where(eq(activityDocuments.documentId, documentId)),
      d.select().from(rsvps).where(eq(rsvps.eventId, id)),
      d.select().from(feedPosts).where(eq(feedPosts.eventId, id)),
      d.select().from(feedLikes).where(eq(feedLikes.postId, postId)),
      d.select().from(feedComments).where(eq(feedComments.postId, postId)),
      d.select().from(bulletins).where(eq(bulletins.eventId, id)),
      d.select().from(feedbackForms).where(eq(feedbackForms.eventId, id)),
      d.select().from(feedbackFields).where(eq(feedbackFields.formId, formId)),
      d.select().from(feedbackResponses).where(eq(feedbackResponses.formId, formId)),
      d.select().from(feedbackAnswers).where(eq(feedbackAnswers.responseId, responseId)),
      d.select().from(files).where(eq(files.eventId, id)),
    ]);
    expect(leftovers.map((rows) => rows.length)).toEqual(leftovers.map(() => 0));
    expect((await env.FILES.list({ prefix: `events/${id}/` })).objects).toEqual([]);
  });

  it("deletes an experience with more files than fit in one D1 query (over 100)", async () => {
    const { owner } = await cast();
    const { id } = await (await createEvent(owner.token)).json();
    for (let i = 0; i < 105; i++) await upload(id);
    const response = await remove(id, owner.token);
    expect(response.status).toBe(200);
    expect(await db().select().from(files).where(eq(files.eventId, id))).toEqual([]);
    expect((await env.FILES.list({ prefix: `events/${id}/` })).objects).toEqual([]);
  });

  it("is for the owner only: hosts, guests and strangers cannot delete", async () => {
    const { host, guest, stranger, publicEvent, privateEvent } = await cast();
    expect((await remove(publicEvent.id, host.token)).status).toBe(403);
    expect((await remove(publicEvent.id, guest.token)).status).toBe(403);
    expect((await remove(publicEvent.id, stranger.token)).status).toBe(403);
    expect((await remove(privateEvent.id, stranger.token)).status).toBe(404);
    expect((await remove(publicEvent.id, "")).status).toBe(401);
    expect(
      await db()
        .select()
        .from(events)
        .where(inArray(events.id, [publicEvent.id, privateEvent.id])),
    ).toHaveLength(2);
  });
});
