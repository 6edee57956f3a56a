import type { Db } from "@worker/db/client";
import type { Bindings } from "@worker/env";

/**
 * Every 5 minutes (wrangler.toml [triggers]): change-log rows no digest took two minutes after they were written (a
 * lost poke) wake their rooms again, and digests whose queue message was never sent are sent. Stub of the contract commit.
 */
export async function sweepNotifications(_env: Bindings, _db: Db): Promise<void> {}
