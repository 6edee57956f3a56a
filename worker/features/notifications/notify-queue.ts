import type { Db } from "@worker/db/client";
import type { Bindings, NotifyMessage } from "@worker/env";

/** The queues of wrangler.toml: notification work, and what is left of it once its retries are spent. */
export const NOTIFY_QUEUE = "experiences-notify";
export const NOTIFY_DEAD_LETTER_QUEUE = "experiences-notify-dead";

/**
 * The notify queue's consumer: a digest becomes each recipient's mail (through the mail queue) and push (sent here);
 * a push message sends push_outbox rows. Stub of the contract commit: acknowledges everything.
 */
export async function consumeNotifications(batch: MessageBatch<NotifyMessage>, _env: Bindings, _db: Db): Promise<void> {
  batch.ackAll();
}
