import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { checkins, passes, rsvps, users } from "@worker/db/schema";
import type { Bindings } from "@worker/env";
import { imageView } from "@worker/lib/files";
import { requireCheckinOrganiser } from "./checkin-access";
import { attendeeName, checkinView, ensureDefaultList } from "./checkin.desk";
import type { CheckinAttendee, CheckinSheet } from "./checkin.schema";
import { listsOf, listView } from "./list-views";
import { passPublicKey } from "./pass-keys";
import { issueMissingPasses } from "./passes";

/**
 * What a scanner needs, online or off: every attending guest has a pass first (issued now if missing), the
 * whole-experience list exists, then everything is read in one D1 batch. Columns are named apart (D1's batch answers
 * rows keyed by column name).
 */
export async function checkinSheet(env: Bindings, db: Db, eventId: string, userId: string): Promise<CheckinSheet> {
  const event = await requireCheckinOrganiser(db, eventId, userId);
  const [, publicJwk] = await Promise.all([issueMissingPasses(db, eventId), passPublicKey(db, env, eventId)]);
  const [, lists, attendees, rows, revoked] = await db.batch([
    ensureDefaultList(db, eventId),
    listsOf(db, eventId),
    db
      .select({
        rsvpId: rsvps.id,
        userId: rsvps.userId,
        tags: rsvps.tags,
        serial: passes.serial,
        name: attendeeName,
        email: sql<string>`coalesce(${users.email}, ${rsvps.email})`.as("email_address"),
        profilePicFileId: users.profilePicFileId,
      })
      .from(rsvps)
      .innerJoin(passes, and(eq(passes.rsvpId, rsvps.id), isNull(passes.revokedAt)))
      .leftJoin(users, eq(users.id, rsvps.userId))
      .where(and(eq(rsvps.eventId, eventId), eq(rsvps.status, "YES")))
      .orderBy(asc(rsvps.createdAt), asc(rsvps.id)),
    db.select().from(checkins).where(eq(checkins.eventId, eventId)).orderBy(asc(checkins.scannedAt), asc(checkins.createdAt)),
    db
      .select()
      .from(passes)
      .where(and(eq(passes.eventId, eventId), isNotNull(passes.revokedAt)))
      .orderBy(asc(passes.revokedAt)),
  ]);
  return {
    eventId,
    timeZone: event.timeZone,
    publicJwk: { ...publicJwk },
    lists: lists.map(listView),
    attendees: await Promise.all(
      attendees.map(async (row): Promise<CheckinAttendee> => ({
        rsvpId: row.rsvpId,
        userId: row.userId,
        name: row.name,
        email: row.email,
        // The thumbnail, as the attendee list shows it.
        avatar: row.profilePicFileId
          ? ((await imageView(env, { source: "UPLOAD", fileId: row.profilePicFileId }))?.thumbnail ?? null)
          : null,
        tags: row.tags,
        serial: row.serial,
      })),
    ),
    checkins: rows.map(checkinView),
    revocations: revoked.map((pass) => ({
      serial: pass.serial,
      rsvpId: pass.rsvpId,
      reason: pass.revokedReason ?? "LEFT",
      revokedAt: (pass.revokedAt ?? pass.issuedAt).toISOString(),
    })),
    generatedAt: new Date().toISOString(),
  };
}
