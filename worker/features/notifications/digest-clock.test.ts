import { createScheduledController, evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { changeLog, feedPosts, notificationDigests } from "@worker/db/schema";
import { changesLogged } from "@worker/domain/change-log";
import type { NotifyMessage } from "@worker/env";
import worker from "@worker/index";
import { COALESCE_WINDOW_MS } from "@worker/live/protocol";
import { publish } from "@worker/live/publish";
import { eventRoom } from "@worker/live/room";
import { apiAs } from "@worker/test/client";
import { coachMoved } from "@worker/test/digest";
import { addDay } from "@worker/test/experiences";
import { sendComment } from "@worker/test/feed";
import { addGuest, db, makeEvent, makeUser } from "@worker/test/helpers";
import { listen } from "@worker/test/live";
import { respond } from "@worker/test/rsvp";
import { CHANGES_KEPT_MS, forgetOldNotifications, NOTIFY_SWEEP_CRON, SWEEP_GRACE_MS } from "./digest-sweep.service";
import { digestIdOf, notifyWindows } from "./digest.desk";

const { urgent: URGENT, later: LATER } = notifyWindows(env);

afterEach(() => vi.restoreAllMocks());

/** A change as stream A's writers log it, `ageMs` old: inserted straight into D1, as its own batch would. */
async function logChange(eventId: string, { urgent = true, ageMs = 0 } = {}) {
  const [row] = await db()
    .insert(changeLog)
    .values({ eventId, ...coachMoved(null, urgent), createdAt: new Date(Date.now() - ageMs) })
    .returning({ seq: changeLog.seq, createdAt: changeLog.createdAt });
  return { seq: row!.seq, createdAt: row!.createdAt.getTime() };
}

/** What the write that logged the change does after its commit: pokes the room's digest desk. */
const changed = (eventId: string) => changesLogged(env, eventId);

async function freshEvent() {
  const owner = await makeUser();
  return (await makeEvent(owner.id)).id;
}

const digestsOf = (eventId: string) => db().select().from(notificationDigests).where(eq(notificationDigests.eventId, eventId));
const digestIdsOf = async (eventId: string) =>
  (await db().select({ digestId: changeLog.digestId }).from(changeLog).where(eq(changeLog.eventId, eventId)).orderBy(changeLog.seq)).map(
    (row) => row.digestId,
  );

/** Every digest message sent to the notify queue from now on, by the rooms (send) or by the cron (sendBatch). */
function sentDigests() {
  const sent: string[] = [];
  const record = (message: NotifyMessage) => {
    if (message.type === "digest") sent.push(message.digestId);
  };
  const send = env.NOTIFY_QUEUE.send.bind(env.NOTIFY_QUEUE);
  const sendBatch = env.NOTIFY_QUEUE.sendBatch.bind(env.NOTIFY_QUEUE);
  vi.spyOn(env.NOTIFY_QUEUE, "send").mockImplementation(async (message, options) => {
    record(message);
    return send(message, options);
  });
  vi.spyOn(env.NOTIFY_QUEUE, "sendBatch").mockImplementation(async (messages, options) => {
    for (const { body } of messages) record(body);
    return sendBatch(messages, options);
  });
  return sent;
}

/** Waits for the event's digest to be claimed and enqueued (the room's alarm fires by itself once it is due). */
async function enqueuedDigest(eventId: string) {
  await runDurableObjectAlarm(eventRoom(env, eventId));
  return vi.waitFor(
    async () => {
      const [digest] = await digestsOf(eventId);
      expect(digest?.enqueuedAt, "the digest is enqueued").toBeInstanceOf(Date);
      return digest!;
    },
    { timeout: 10_000 },
  );
}

const alarmOf = (eventId: string) => runInDurableObject(eventRoom(env, eventId), (_room, state) => state.storage.getAlarm());

describe("the room's digest clock", () => {
  it("claims three changes made within one window as one digest and sends it to the queue once", async () => {
    const sent = sentDigests();
    const eventId = await freshEvent();
    const seqs = [];
    for (const ageMs of [URGENT + 3_000, URGENT + 2_000, URGENT + 1_000]) {
      seqs.push((await logChange(eventId, { ageMs })).seq);
      await changed(eventId);
    }

    const digest = await enqueuedDigest(eventId);

    expect(digest.id).toBe(digestIdOf(eventId, seqs[2]!));
    expect(digest.throughSeq).toBe(seqs[2]);
    expect(await digestIdsOf(eventId)).toEqual([digest.id, digest.id, digest.id]);
    expect(sent.filter((id) => id === digest.id)).toEqual([digest.id]);
  });

  it("wakes for an urgent change at the end of the short window, and for a later one at the end of the long window", async () => {
    const urgentEvent = await freshEvent();
    const urgent = await logChange(urgentEvent, { urgent: true });
    await changed(urgentEvent);
    expect(await alarmOf(urgentEvent)).toBe(urgent.createdAt + URGENT);

    const laterEvent = await freshEvent();
    const later = await logChange(laterEvent, { urgent: false });
    await changed(laterEvent);
    expect(await alarmOf(laterEvent)).toBe(later.createdAt + LATER);

    // An urgent change after a later one brings the digest forward; the window is fixed from each change, not sliding.
    const sooner = await logChange(laterEvent, { urgent: true });
    await changed(laterEvent);
    expect(await alarmOf(laterEvent)).toBe(sooner.createdAt + URGENT);
    expect(await digestsOf(laterEvent)).toEqual([]);
  });

  it("is poked by each write that logs a change, through the API, and by no live message", async () => {
    const [owner, guest, asker] = [await makeUser(), await makeUser(), await makeUser()];
    const event = await makeEvent(owner.id, { privacy: "PUBLIC", rsvpType: "OPEN_INVITE" });
    await addDay(event.id, 0);
    await addGuest(event.id, guest);
    const [post] = await db()
      .insert(feedPosts)
      .values({ id: crypto.randomUUID(), eventId: event.id, authorId: guest.id, title: "Hi" })
      .returning();

    await publish(env, { type: "itinerary.changed", eventId: event.id });
    await publish(env, { type: "rsvp.changed", eventId: event.id });
    expect(await alarmOf(event.id), "a live message alone logs nothing").toBeNull();

    const writes = [
      ["a day added", () => apiAs(owner.token).api.events[":eventId"].programs.$post({ param: { eventId: event.id } })],
      ["a request to join", () => respond(event.id, asker.token, "YES")],
      ["a comment on a guest's post", () => sendComment(owner.token, event.id, post!.id, "See you there")],
    ] as const;
    for (const [what, write] of writes) {
      await runInDurableObject(eventRoom(env, event.id), (_room, state) => state.storage.deleteAlarm());
      const logged = (await db().select().from(changeLog).where(eq(changeLog.eventId, event.id))).length;
      expect((await write()).status, what).toBeLessThan(300);
      const pending = await db().select().from(changeLog).where(eq(changeLog.eventId, event.id));
      expect(pending.length, `${what} is logged`).toBeGreaterThan(logged);
      const due = Math.min(...pending.map((row) => row.createdAt.getTime() + (row.urgent ? URGENT : LATER)));
      expect(await alarmOf(event.id), what).toBe(due);
    }
  });

  it("takes every pending change into the digest an urgent one makes due, later ones included: one mail, not two", async () => {
    const sent = sentDigests();
    const eventId = await freshEvent();
    await logChange(eventId, { urgent: false, ageMs: 1_000 });
    const urgent = await logChange(eventId, { urgent: true, ageMs: URGENT + 1_000 });
    await logChange(eventId, { urgent: false });
    await changed(eventId);

    const digest = await enqueuedDigest(eventId);

    expect(digest.throughSeq).toBe(urgent.seq + 1);
    expect(await digestIdsOf(eventId)).toEqual([digest.id, digest.id, digest.id]);
    expect(sent.filter((id) => id.startsWith(eventId))).toEqual([digest.id]);
    // Nothing is left waiting, so the room sets no alarm for it.
    expect(await alarmOf(eventId)).toBeNull();
  });

  it("makes no second digest when the alarm runs again, and a later change gets its own", async () => {
    const sent = sentDigests();
    const eventId = await freshEvent();
    await logChange(eventId, { ageMs: URGENT + 1_000 });
    await changed(eventId);
    const first = await enqueuedDigest(eventId);

    for (let run = 0; run < 2; run++) await runInDurableObject(eventRoom(env, eventId), (room) => room.alarm());
    // The room died after enqueueing, before forgetting its claim: the claim is finished without a second send.
    await runInDurableObject(eventRoom(env, eventId), (room, state) => {
      state.storage.sql.exec("INSERT INTO digest_claim (id, through_seq) VALUES (1, ?)", first.throughSeq);
      state.storage.sql.exec("UPDATE digest_clock SET due_at = ?", Date.now() - 1);
      return room.alarm();
    });

    expect((await digestsOf(eventId)).map((d) => d.id)).toEqual([first.id]);
    expect(sent.filter((id) => id.startsWith(eventId))).toEqual([first.id]);

    const next = await logChange(eventId, { ageMs: URGENT + 1_000 });
    await changed(eventId);
    await vi.waitFor(async () => expect(await digestsOf(eventId)).toHaveLength(2), { timeout: 10_000 });
    expect((await digestIdsOf(eventId)).at(-1)).toBe(digestIdOf(eventId, next.seq));
  });

  it("resumes a claim cut short after marking its changes with the same digest, and sends it once", async () => {
    const eventId = await freshEvent();
    const first = await logChange(eventId, { ageMs: URGENT + 2_000 });
    await changed(eventId);
    const refused = vi.spyOn(env.NOTIFY_QUEUE, "send").mockRejectedValueOnce(new Error("queue unavailable"));
    await runDurableObjectAlarm(eventRoom(env, eventId));
    await vi.waitFor(() => expect(refused).toHaveBeenCalled());
    const [claimed] = await digestsOf(eventId);
    expect(claimed, "the changes were marked before the send failed").toMatchObject({
      id: digestIdOf(eventId, first.seq),
      enqueuedAt: null,
    });
    vi.restoreAllMocks();

    // A change made since waits for the next digest: the retry takes the rows of the first claim only.
    const since = await logChange(eventId, { ageMs: URGENT + 1_000 });
    const sent = sentDigests();
    await runInDurableObject(eventRoom(env, eventId), (room) => room.alarm());

    const digests = await vi.waitFor(
      async () => {
        const rows = await digestsOf(eventId);
        expect(rows.every((d) => d.enqueuedAt !== null)).toBe(true);
        expect(rows).toHaveLength(2);
        return rows;
      },
      { timeout: 10_000 },
    );
    expect(digests.map((d) => d.throughSeq).sort()).toEqual([first.seq, since.seq]);
    expect(await digestIdsOf(eventId)).toEqual([digestIdOf(eventId, first.seq), digestIdOf(eventId, since.seq)]);
    expect(sent.filter((id) => id === claimed!.id)).toEqual([claimed!.id]);
  });

  it("claims changes whose poke was lost once the cron wakes their room", async () => {
    const eventId = await freshEvent();
    const lost = await logChange(eventId, { ageMs: URGENT + SWEEP_GRACE_MS + 1_000 });
    // The publish that follows the write failed: the room never heard of the change.
    expect(await alarmOf(eventId)).toBeNull();
    const young = await freshEvent();
    await logChange(young, { ageMs: URGENT });

    await worker.scheduled(createScheduledController({ cron: NOTIFY_SWEEP_CRON, scheduledTime: Date.now() }), env);

    const digest = await enqueuedDigest(eventId);
    expect(digest.id).toBe(digestIdOf(eventId, lost.seq));
    expect(await alarmOf(young), "a change just due is still the room's to tell").toBeNull();
  });

  it("claims changes whose alarm was lost (deleted) once the cron wakes their room", async () => {
    const eventId = await freshEvent();
    await logChange(eventId, { urgent: false });
    await changed(eventId);
    await runInDurableObject(eventRoom(env, eventId), (_room, state) => state.storage.deleteAlarm());
    await db()
      .update(changeLog)
      .set({ createdAt: new Date(Date.now() - LATER - SWEEP_GRACE_MS - 1_000) })
      .where(eq(changeLog.eventId, eventId));

    await worker.scheduled(createScheduledController({ cron: NOTIFY_SWEEP_CRON, scheduledTime: Date.now() }), env);

    expect((await enqueuedDigest(eventId)).enqueuedAt).toBeInstanceOf(Date);
  });

  it("sends again a digest claimed but never enqueued, once the cron runs two minutes on", async () => {
    const sent = sentDigests();
    const [old, fresh] = [await freshEvent(), await freshEvent()];
    const rows = [
      { id: digestIdOf(old, 1), eventId: old, throughSeq: 1, createdAt: new Date(Date.now() - SWEEP_GRACE_MS - 1_000) },
      { id: digestIdOf(fresh, 1), eventId: fresh, throughSeq: 1 },
    ];
    await db().insert(notificationDigests).values(rows);

    await worker.scheduled(createScheduledController({ cron: NOTIFY_SWEEP_CRON, scheduledTime: Date.now() }), env);

    expect(sent).toContain(rows[0]!.id);
    expect(sent, "a claim under way is the room's to finish").not.toContain(rows[1]!.id);
    const [[oldDigest], [freshDigest]] = [await digestsOf(old), await digestsOf(fresh)];
    expect(oldDigest!.enqueuedAt).toBeInstanceOf(Date);
    expect(freshDigest!.enqueuedAt).toBeNull();
  });

  it("forgets, hourly, changes told more than 90 days ago with their digest, never one still waiting to be told", async () => {
    const eventId = await freshEvent();
    const old = CHANGES_KEPT_MS + 60_000;
    const [told, waiting, recent] = [
      await logChange(eventId, { ageMs: old }),
      await logChange(eventId, { ageMs: old }),
      await logChange(eventId),
    ];
    const digestId = digestIdOf(eventId, told.seq);
    await db()
      .insert(notificationDigests)
      .values({
        id: digestId,
        eventId,
        throughSeq: told.seq,
        createdAt: new Date(Date.now() - old),
        enqueuedAt: new Date(Date.now() - old),
      });
    await db().update(changeLog).set({ digestId }).where(eq(changeLog.seq, told.seq));
    await db().update(changeLog).set({ digestId: "recent" }).where(eq(changeLog.seq, recent.seq));

    await forgetOldNotifications(db());

    const kept = await db().select({ seq: changeLog.seq }).from(changeLog).where(eq(changeLog.eventId, eventId));
    expect(kept.map((row) => row.seq).sort()).toEqual([waiting.seq, recent.seq].sort());
    expect(await digestsOf(eventId)).toEqual([]);
  });

  it("still claims the digest when the room is evicted between the poke and the alarm", async () => {
    const eventId = await freshEvent();
    await logChange(eventId, { ageMs: URGENT - 1_000 });
    await changed(eventId);
    await evictDurableObject(eventRoom(env, eventId));

    const digest = await vi.waitFor(
      async () => {
        const [row] = await digestsOf(eventId);
        expect(row?.enqueuedAt).toBeInstanceOf(Date);
        return row!;
      },
      { timeout: 10_000 },
    );
    expect(await digestIdsOf(eventId)).toEqual([digest.id]);
  });

  it("still sends a held like count when the count window and a digest share the room's one alarm", async () => {
    const owner = await makeUser();
    const eventId = (await makeEvent(owner.id)).id;
    const [post] = await db().insert(feedPosts).values({ id: crypto.randomUUID(), eventId, authorId: owner.id, title: "Hi" }).returning();
    const { createdAt } = await logChange(eventId, { urgent: true });
    await changed(eventId);
    const socket = await listen(eventId, owner.token);

    for (const likesCount of [1, 2]) {
      await db().update(feedPosts).set({ likesCount }).where(eq(feedPosts.id, post!.id));
      await publish(env, { type: "like.changed", eventId, postId: post!.id, likesCount });
    }
    expect(await alarmOf(eventId), "the count window ends first").toBeLessThanOrEqual(Date.now() + COALESCE_WINDOW_MS);

    await vi.waitFor(() => expect(socket.messages.map((m) => "likesCount" in m && m.likesCount)).toEqual([1, 2]), { timeout: 10_000 });
    // Once the count is out, the alarm waits for the digest.
    await vi.waitFor(async () => expect(await alarmOf(eventId)).toBe(createdAt + URGENT));
    expect(await digestsOf(eventId)).toEqual([]);
    socket.ws.close();
  });
});
