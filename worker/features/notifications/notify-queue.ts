import type { Db } from "@worker/db/client";
import type { Bindings, NotifyMessage } from "@worker/env";
import { claimOneEach } from "@worker/lib/mail/mail-counts";
import { retryDelaySeconds } from "@worker/lib/mail/mail-queue";
import { createMailer } from "@worker/lib/mail/mailer";
import { digestI18n, digestMail, digestPush, digestWords } from "./digest-mail";
import { digestPage } from "./digest.service";
import { failPushes, queueMessages, queuePushes, sendPushes } from "./push-send.service";

/** The queues of wrangler.jsonc: notification work, and what is left of it once its retries are spent. */
export const NOTIFY_QUEUE = "experiences-notify";
export const NOTIFY_DEAD_LETTER_QUEUE = "experiences-notify-dead";

/**
 * Digests of one kind a person is told a UTC day, on all their experiences together (the mail-count ledger, key
 * `notify:{userId}:{kind}`): an organiser editing all day cannot flood anyone. Past it the person is told nothing
 * more of that kind that day; 'What changed since you last looked' still lists it all.
 */
export const NOTIFICATIONS_PER_DAY = 24;

const ledgerKey = (telling: { recipient: { id: string }; kind: string }) => `notify:${telling.recipient.id}:${telling.kind}`;

/**
 * One page of a digest's recipients: each kind of news becomes the person's mail (written to the outbox and put on the
 * mail queue) and a push per browser (written to the push outbox and queued here). Page 0 first queues the other
 * pages. Every id is deterministic, so a message handled twice (a retry, a page queued again) tells each person once.
 */
async function tellDigest(env: Bindings, db: Db, digestId: string, page: number): Promise<void> {
  const found = await digestPage(db, digestId, page);
  if (!found) return;
  const { event, pages } = found;
  const allowed = await claimOneEach(db, found.tellings.map(ledgerKey), NOTIFICATIONS_PER_DAY);
  const tellings = found.tellings.filter((telling) => allowed.has(ledgerKey(telling)));
  if (page === 0 && pages > 1)
    await queueMessages(
      env.NOTIFY_QUEUE,
      Array.from({ length: pages - 1 }, (_, i) => ({ type: "digest", digestId, page: i + 1 })),
    );
  // Each recipient reads it in their language; its news is worded once per language, not once per person.
  const words = digestWords();
  await createMailer(env, db).sendMany(
    (async function* () {
      for (const telling of tellings) if (telling.email) yield await digestMail(env, digestId, event, telling, words);
    })(),
  );
  await queuePushes(
    env,
    db,
    digestId,
    tellings.flatMap((telling) => {
      if (telling.subscriptionIds.length === 0) return [];
      const payload = digestPush(event, telling.kind, telling.changes, digestI18n(event, telling), words);
      return telling.subscriptionIds.map((subscriptionId) => ({ subscriptionId, kind: telling.kind, payload }));
    }),
  );
}

async function handle(env: Bindings, db: Db, message: Message<NotifyMessage>): Promise<void> {
  const { body } = message;
  if (body.type === "digest") {
    await tellDigest(env, db, body.digestId, body.page ?? 0);
    return message.ack();
  }
  const { retry, delaySeconds } = await sendPushes(env, db, body.ids);
  if (retry) return message.retry({ delaySeconds: delaySeconds ?? retryDelaySeconds(message.attempts) });
  message.ack();
}

/**
 * The notify queue's consumer: a digest becomes each recipient's mail (through the mail queue) and push (sent here);
 * a push message sends push_outbox rows. A message that fails is retried with a growing delay; what reaches the
 * dead-letter queue is logged, and its pushes marked FAILED.
 */
export async function consumeNotifications(batch: MessageBatch<NotifyMessage>, env: Bindings, db: Db): Promise<void> {
  if (batch.queue === NOTIFY_DEAD_LETTER_QUEUE) {
    for (const { body } of batch.messages)
      if (body.type === "push") await failPushes(db, body.ids);
      else console.error("Notification digest given up after its retries", body.digestId, body.page ?? 0);
    batch.ackAll();
    return;
  }
  for (const message of batch.messages) {
    try {
      await handle(env, db, message);
    } catch (error) {
      console.error("Notification message failed", message.body.type, error);
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}
