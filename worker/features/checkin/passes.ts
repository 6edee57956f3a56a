import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { passes, rsvps } from "@worker/db/schema";
import type { Bindings } from "@worker/env";
import { passKey, signPass, type PassKey } from "./pass-keys";

// Passes are issued on first need (the guest opens theirs, the organiser opens the check-in sheet, the 'Your pass'
// e-mail), one current pass per attending RSVP: the partial unique index of migrations/0012 makes two requests issuing
// at once end with one. Revocation happens in D1 itself (triggers), never here.

/** A new pass serial, made by D1 in the insert itself: 64 random bits as 16 hex digits. */
export const NEW_SERIAL = sql.raw("lower(hex(randomblob(8)))");

export interface IssuedPass {
  serial: string;
  rsvpId: string;
  issuedAt: Date;
  token: string;
}

/** The RSVP's current pass (issued now if it has none), or null when the RSVP is not attending (YES). */
export async function currentPass(db: Db, env: Pick<Bindings, "JWT_SECRET">, eventId: string, rsvpId: string): Promise<IssuedPass | null> {
  const attending = and(eq(rsvps.id, rsvpId), eq(rsvps.eventId, eventId), eq(rsvps.status, "YES"));
  // Inserted only while the RSVP is attending, in one statement: a decline landing meanwhile leaves no pass behind.
  await db.run(sql`insert into ${passes} (serial, event_id, rsvp_id, issued_at)
    select ${NEW_SERIAL}, ${eventId}, ${rsvpId}, ${Date.now()} from ${rsvps} where ${attending}
    on conflict do nothing`);
  const row = await db
    .select({ serial: passes.serial, issuedAt: passes.issuedAt })
    .from(passes)
    .innerJoin(rsvps, eq(rsvps.id, passes.rsvpId))
    .where(and(eq(passes.rsvpId, rsvpId), isNull(passes.revokedAt), attending))
    .get();
  if (!row) return null;
  return { ...row, rsvpId, token: await signPassRow(await passKey(db, env, eventId), eventId, rsvpId, row) };
}

/** Issues a pass to every attending RSVP of the experience that has none (one statement), before the sheet is read. */
export async function issueMissingPasses(db: Db, eventId: string): Promise<void> {
  await db.run(sql`insert into ${passes} (serial, event_id, rsvp_id, issued_at)
    select ${NEW_SERIAL}, ${eventId}, r.id, ${Date.now()} from ${rsvps} r
    where r.event_id = ${eventId} and r.status = 'YES'
      and not exists (select 1 from ${passes} p where p.rsvp_id = r.id and p.revoked_at is null)
    on conflict do nothing`);
}

/** The token of a stored pass, signed with its experience's key (read once for many passes: features/checkin/pass-keys.ts passKey). */
export function signPassRow(key: PassKey, eventId: string, rsvpId: string, row: { serial: string; issuedAt: Date }): Promise<string> {
  return signPass(key, { eventId, rsvpId, serial: row.serial, issuedAt: Math.floor(row.issuedAt.getTime() / 1000) });
}
