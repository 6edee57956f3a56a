import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq, max } from "drizzle-orm";
import { vi } from "vitest";
import { changeLog, notificationDigests } from "@worker/db/schema";
import type { Bindings, NotifyMessage } from "@worker/env";
import { NOTIFY_QUEUE } from "@worker/features/notifications/notify-queue";
import worker from "@worker/index";
import { chunkedInserts } from "@worker/lib/batch";
import { db } from "./helpers";

// Digests as the room's clock leaves them (stream B's claim), without the room: change-log rows taken by a
// notification_digests row, and the notify queue's consumer run on messages the test hands it.

export type LoggedRow = Omit<typeof changeLog.$inferInsert, "eventId" | "digestId" | "seq" | "createdAt">;

/** The change a digest tells of most often: the coach to Sintra leaves half an hour earlier (09:00 → 08:30, Lisbon). */
export const coachMoved = (actorId: string | null, urgent = true): LoggedRow => ({
  actorId,
  kind: "itinerary",
  subjectType: "activity",
  subjectId: crypto.randomUUID(),
  field: "start",
  label: "Coach to Sintra",
  oldValue: { at: "2027-01-14T09:00:00.000Z", timeZone: "Europe/Lisbon" },
  newValue: { at: "2027-01-14T08:30:00.000Z", timeZone: "Europe/Lisbon" },
  recipientId: null,
  urgent,
});

/** A digest that took these change-log rows (in this order); answers its id, `{eventId}:{throughSeq}`. */
export async function makeDigest(eventId: string, rows: LoggedRow[]): Promise<string> {
  const claim = crypto.randomUUID();
  const [first, ...rest] = chunkedInserts(
    db(),
    changeLog,
    rows.map((row) => ({ ...row, eventId, digestId: claim })),
  );
  if (first) await db().batch([first, ...rest]);
  const [through] = await db()
    .select({ seq: max(changeLog.seq) })
    .from(changeLog)
    .where(eq(changeLog.digestId, claim));
  const digestId = `${eventId}:${through?.seq ?? 0}`;
  await db().batch([
    db()
      .insert(notificationDigests)
      .values({ id: digestId, eventId, throughSeq: through?.seq ?? 0, enqueuedAt: new Date() }),
    db().update(changeLog).set({ digestId }).where(eq(changeLog.digestId, claim)),
  ]);
  return digestId;
}

/** Runs the Worker's queue handler on these messages, as the notify queue (or its dead-letter queue) would deliver them. */
export async function consumeNotify(bodies: NotifyMessage[], bindings: Bindings = env, { queue = NOTIFY_QUEUE, attempts = 1 } = {}) {
  const batch = createMessageBatch<NotifyMessage>(
    queue,
    bodies.map((body) => ({ id: crypto.randomUUID(), timestamp: new Date(), attempts, body })),
  );
  const retries = batch.messages.map((message) => vi.spyOn(message, "retry"));
  await worker.queue(batch, bindings);
  return {
    ...(await getQueueResult(batch, createExecutionContext())),
    delays: () => retries.flatMap((retry) => retry.mock.calls.map(([options]) => options?.delaySeconds)),
  };
}

/**
 * Holds what the consumer puts on the queues (the test hands it over, as the queues would): the notify queue's
 * messages, and the mail queue's ids (the mail queue's own consumer is tested in worker/lib/mail/mail-queue.test.ts).
 */
export function holdQueues() {
  const notify = vi.spyOn(env.NOTIFY_QUEUE, "sendBatch").mockResolvedValue(undefined as never);
  vi.spyOn(env.MAIL_QUEUE, "sendBatch").mockResolvedValue(undefined as never);
  return {
    /** The notify messages queued so far, in order. */
    notifyMessages: () => notify.mock.calls.flatMap(([messages]) => [...messages].map((message) => message.body)),
  };
}
