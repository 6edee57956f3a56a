import type { Db } from "@worker/db/client";
import type { Bindings } from "@worker/env";
import { requireBulletinReader } from "./bulletin-access";
import { eventBulletins } from "./bulletin-views";
import type { Bulletin } from "./bulletin.schema";

/** Every bulletin of the experience, newest first, for its participants. */
export async function listBulletins(env: Bindings, db: Db, eventId: string, userId: string): Promise<Bulletin[]> {
  await requireBulletinReader(db, eventId, userId);
  return eventBulletins(env, db, eventId);
}
