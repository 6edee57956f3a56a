import { buildPushPayload } from "@block65/webcrypto-web-push";
import { and, eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "@worker/db/client";
import { changeLog, pushOutbox, pushSubscriptions } from "@worker/db/schema";
import type { Bindings, NotifyMessage } from "@worker/env";
import { idChunks, rowsPerInsert } from "@worker/lib/batch";
import { sha256Hex } from "@worker/lib/crypto";
import type { NotifyKind, PushPayload } from "@worker/shared/notify-kinds";
import { endpointProblem } from "./push-endpoint";

// Web Push (RFC 8030/8291/8292) from the Worker with @block65/webcrypto-web-push, which encrypts with Web Crypto
// (aes128gcm, one record padded to 4096 bytes) and signs the VAPID JWT; the fetch is ours. Every push is a push_outbox
// row first (QUEUED), so a queue message delivered twice pushes once; in development the outbox is the box.

/** Outbox rows a queue message names: well under a Worker's subrequests, and quick to send 6 at a time. */
const PUSHES_PER_MESSAGE = 50;
/** Outgoing connections a Worker invocation may hold open at once. */
const CONCURRENT_SENDS = 6;
/** How long a push service keeps an undelivered push: news within 48 hours matters sooner and for less long. */
const URGENT_TTL_SECONDS = 6 * 60 * 60;
const LATER_TTL_SECONDS = 24 * 60 * 60;
/** A queue's sendBatch takes at most 100 messages. */
const MESSAGES_PER_SEND = 100;

/** Sends queue messages, 100 to a call. */
export async function queueMessages(queue: Queue<NotifyMessage>, bodies: NotifyMessage[]): Promise<void> {
  for (const chunk of idChunks(bodies, MESSAGES_PER_SEND)) await queue.sendBatch(chunk.map((body) => ({ body })));
}

interface Push {
  subscriptionId: string;
  kind: NotifyKind;
  payload: PushPayload;
}

/** `{digestId}:{subscriptionId}:{kind}`: a digest handled twice writes each push once. */
const pushId = (digestId: string, push: Push) => `${digestId}:${push.subscriptionId}:${push.kind}`;

/** The digest and kind an outbox id names (a digest id holds a colon of its own). */
function idParts(id: string): { digestId: string; kind: string } {
  const parts = id.split(":");
  const kind = parts.pop() ?? "";
  parts.pop();
  return { digestId: parts.join(":"), kind };
}

/** Writes a digest's pushes to the outbox (QUEUED; one already written stays as it is) and queues them, 50 to a message. */
export async function queuePushes(env: Bindings, db: Db, digestId: string, pushes: Push[]): Promise<void> {
  const rows = pushes.map((push) => ({ id: pushId(digestId, push), subscriptionId: push.subscriptionId, payload: push.payload }));
  const [first, ...rest] = idChunks(rows, rowsPerInsert(pushOutbox)).map((chunk) =>
    db.insert(pushOutbox).values(chunk).onConflictDoNothing(),
  );
  if (!first) return;
  await db.batch([first, ...rest]);
  await queueMessages(
    env.NOTIFY_QUEUE,
    idChunks(
      rows.map((row) => row.id),
      PUSHES_PER_MESSAGE,
    ).map((ids) => ({ type: "push", ids })),
  );
}

type Outcome = "sent" | "gone" | "failed" | { retryAfter: number | null };

type OutboxRow = Awaited<ReturnType<typeof queuedPushes>>[number];

async function queuedPushes(db: Db, ids: string[]) {
  const reads = idChunks(ids).map((chunk) =>
    db
      .select({
        id: pushOutbox.id,
        payload: pushOutbox.payload,
        // Not pushSubscriptions.id: a D1 batch reads rows by column name, and two `id`s would collide.
        subscriptionId: pushOutbox.subscriptionId,
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
      })
      .from(pushOutbox)
      .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscriptionId))
      .where(and(inArray(pushOutbox.id, chunk), eq(pushOutbox.status, "QUEUED"))),
  );
  const [first, ...rest] = reads;
  return first ? (await db.batch([first, ...rest])).flat() : [];
}

/** The digests and kinds among these rows that hold an urgent change: sent with a high urgency and a shorter life. */
async function urgentKinds(db: Db, rows: OutboxRow[]): Promise<Set<string>> {
  const digestIds = [...new Set(rows.map((row) => idParts(row.id).digestId))];
  const [first, ...rest] = idChunks(digestIds).map((chunk) =>
    db
      .selectDistinct({ digestId: changeLog.digestId, kind: changeLog.kind })
      .from(changeLog)
      .where(and(inArray(changeLog.digestId, chunk), eq(changeLog.urgent, true))),
  );
  const found = first ? (await db.batch([first, ...rest])).flat() : [];
  return new Set(found.map((row) => `${row.digestId}:${row.kind}`));
}

/** Seconds a Retry-After header asks for (a number or an HTTP date), or null. */
function retryAfter(response: Response): number | null {
  const value = response.headers.get("Retry-After");
  if (!value) return null;
  const seconds = /^\d+$/.test(value) ? Number(value) : (Date.parse(value) - Date.now()) / 1000;
  return Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : null;
}

/** One push to its push service: 201/202 sent; 404/410 the browser is gone; 429, 5xx or no answer retried; else refused. */
async function pushOne(env: Bindings, row: OutboxRow, urgent: boolean): Promise<Outcome> {
  // Saved before only push services were taken: never fetched, and forgotten as a browser that is gone.
  if (endpointProblem(row.endpoint)) return "gone";
  try {
    const request = await buildPushPayload(
      {
        data: { ...row.payload },
        options: {
          ttl: urgent ? URGENT_TTL_SECONDS : LATER_TTL_SECONDS,
          urgency: urgent ? "high" : "normal",
          // RFC 8030 §5.4: at most 32 URL-safe characters; a newer push of one experience and kind replaces an undelivered one.
          topic: (await sha256Hex(row.payload.tag)).slice(0, 32),
        },
      },
      { endpoint: row.endpoint, expirationTime: null, keys: { p256dh: row.p256dh, auth: row.auth } },
      { subject: env.VAPID_SUBJECT, publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY },
    );
    const response = await fetch(row.endpoint, request);
    if (response.ok) return "sent";
    if (response.status === 404 || response.status === 410) return "gone";
    if (response.status === 429 || response.status >= 500) return { retryAfter: retryAfter(response) };
    // 400, 403 (usually a VAPID key the subscription was not made with), 413: sending again would not help.
    console.error("Push service refused a push", response.status, await response.text());
    return "failed";
  } catch (error) {
    console.error("Push service unreachable", error);
    return { retryAfter: null };
  }
}

/** Runs `work` over the items, at most `limit` at a time, answering in the items' order. */
async function pool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const markPushes = (db: Db, ids: string[], status: "SENT" | "FAILED") =>
  idChunks(ids).map((chunk) => db.update(pushOutbox).set({ status }).where(inArray(pushOutbox.id, chunk)));

/**
 * Sends the outbox rows still QUEUED among these ids (6 at a time). A browser that is gone loses its subscription (its
 * outbox rows go with it); what is refused for good is FAILED. Answers whether some wait for a retry, with the delay
 * the push services asked for (null: none asked).
 */
export async function sendPushes(env: Bindings, db: Db, ids: string[]): Promise<{ retry: boolean; delaySeconds: number | null }> {
  const rows = await queuedPushes(db, ids);
  if (env.ENVIRONMENT !== "production") {
    // No push service in development: the outbox is the box (/dev/pushbox.json).
    const [first, ...rest] = markPushes(
      db,
      rows.map((row) => row.id),
      "SENT",
    );
    if (first) await db.batch([first, ...rest]);
    return { retry: false, delaySeconds: null };
  }
  const urgent = await urgentKinds(db, rows);
  const outcomes = await pool(rows, CONCURRENT_SENDS, (row) => {
    const { digestId, kind } = idParts(row.id);
    return pushOne(env, row, urgent.has(`${digestId}:${kind}`));
  });
  const having = (wanted: (outcome: Outcome) => boolean) => rows.filter((_, i) => wanted(outcomes[i]!));
  const sent = having((outcome) => outcome === "sent");
  const gone = [...new Set(having((outcome) => outcome === "gone").map((row) => row.subscriptionId))];
  const now = new Date();
  const writes: BatchItem<"sqlite">[] = [
    ...markPushes(
      db,
      sent.map((row) => row.id),
      "SENT",
    ),
    ...markPushes(
      db,
      having((outcome) => outcome === "failed").map((row) => row.id),
      "FAILED",
    ),
    ...idChunks([...new Set(sent.map((row) => row.subscriptionId))]).map((chunk) =>
      db.update(pushSubscriptions).set({ lastSuccessAt: now }).where(inArray(pushSubscriptions.id, chunk)),
    ),
    // Deleting the subscription deletes its outbox rows (ON DELETE CASCADE): nothing is left to send it.
    ...idChunks(gone).map((chunk) => db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, chunk))),
  ];
  const [first, ...rest] = writes;
  if (first) await db.batch([first, ...rest]);
  const delays = outcomes.flatMap((outcome) => (typeof outcome === "object" ? [outcome.retryAfter] : []));
  const asked = delays.filter((delay): delay is number => delay !== null);
  return { retry: delays.length > 0, delaySeconds: asked.length > 0 ? Math.max(...asked) : null };
}

/** Pushes whose retries are spent: FAILED, as the mail queue's dead letters are. */
export async function failPushes(db: Db, ids: string[]): Promise<void> {
  const [first, ...rest] = idChunks(ids).map((chunk) =>
    db
      .update(pushOutbox)
      .set({ status: "FAILED" })
      .where(and(inArray(pushOutbox.id, chunk), eq(pushOutbox.status, "QUEUED"))),
  );
  if (first) await db.batch([first, ...rest]);
}
