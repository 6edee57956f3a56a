import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "@worker/db/client";
import { rsvps, type RsvpStatus } from "@worker/db/schema";
import { admission } from "@worker/domain/waitlist";
import { guardedResults } from "./rsvp-guard";
import { rsvpLogged } from "./rsvp-logged";
import type { RsvpChange } from "./rsvp.schema";

type Request = { id: string; status: RsvpStatus; userId: string | null };

/**
 * Approves requests to join in the order they were selected, each in its own statement of one batch: YES while the
 * experience has room, then WAITLISTED at the end of the queue (docs/waitlist.md). Guarded like every host action: null
 * (nothing written) when a request moved meanwhile or the organiser lost the role.
 */
export async function approve(db: Db, eventId: string, organiserId: string, rows: Request[]): Promise<RsvpChange[] | null> {
  const updates: BatchItem<"sqlite">[] = rows.map((row) =>
    db
      .update(rsvps)
      .set({ ...admission(eventId), updatedAt: new Date() })
      .where(and(eq(rsvps.eventId, eventId), eq(rsvps.id, row.id)))
      .returning({ id: rsvps.id, status: rsvps.status }),
  );
  // Each approved person hears what the approval gave them: a place ('approved') or a place in the queue ('waitlisted').
  const logged = rows.flatMap((row) =>
    (["YES", "WAITLISTED"] as const).map((status) =>
      rsvpLogged(
        db,
        { eventId, actorId: organiserId, rsvpId: row.id },
        status === "YES" ? "approved" : "waitlisted",
        "person",
        eq(rsvps.status, status),
      ),
    ),
  );
  const results = await guardedResults(db, eventId, { rows, organiserId }, [...updates, ...logged]);
  if (!results) return null;
  return (results.slice(0, updates.length) as RsvpChange[][]).flat();
}
