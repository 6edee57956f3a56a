import { sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { checkinLists, checkins, rsvps, users } from "@worker/db/schema";
import type { Checkin } from "@worker/shared/checkin-view.schema";

// What the check-in sheet (features/checkin) and the check-in desk of the EventRoom (live/checkin-desk.ts) share.

/** The name of every experience's whole-experience list. */
export const DEFAULT_LIST_NAME = "Whole experience";

/** Makes the experience's default list if it has none yet (its id is the experience's): a statement for a batch. */
export const ensureDefaultList = (db: Db, eventId: string) =>
  db.insert(checkinLists).values({ id: eventId, eventId, name: DEFAULT_LIST_NAME }).onConflictDoNothing();

/** The guest's name as the attendee list shows it: their account's, else the invitation's, else their e-mail (selected as `name`). */
export const attendeeName = sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''),
  nullif(trim(${rsvps.firstName} || ' ' || ${rsvps.lastName}), ''), ${rsvps.email}, '')`.as("name");

/** A stored check-in as the API and the live message carry it. */
export const checkinView = (row: typeof checkins.$inferSelect): Checkin => ({
  id: row.id,
  listId: row.listId,
  rsvpId: row.rsvpId,
  serial: row.passSerial,
  nonce: row.nonce,
  scannedAt: row.scannedAt.toISOString(),
  device: row.device,
  byUserId: row.byUserId,
  byName: row.byName,
  offline: row.offline,
  doubleAdmission: row.doubleAdmission,
  undoneAt: row.undoneAt?.toISOString() ?? null,
});
