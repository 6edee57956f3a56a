import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { changeLog, rsvps, users } from "@worker/db/schema";
import { changeLogColumns } from "@worker/domain/change-log";
import { personName } from "@worker/domain/people";
import type { ChangeField } from "@worker/shared/notify-kinds";

/**
 * The change-log row of an RSVP's request or decision (kind `requests`, urgent), as a statement of the write's own batch:
 * it selects the RSVP with its person, so it is inserted only while `when` holds (its status, or SQLite's changes() of
 * the statement before it) and a write that lost its race logs nothing. `to`: the person the decision is about, or the
 * organisers (a request to join).
 */
export const rsvpLogged = (
  db: Db,
  { eventId, actorId, rsvpId }: { eventId: string; actorId: string; rsvpId: string },
  field: ChangeField,
  to: "person" | "organisers",
  when: SQL,
) =>
  db.insert(changeLog).select(
    db
      .select(
        changeLogColumns(eventId, actorId, {
          kind: "requests",
          subjectType: "rsvp",
          subjectId: rsvpId,
          field,
          label: personName,
          oldValue: null,
          newValue: null,
          recipientId: to === "person" ? sql<string | null>`${rsvps.userId}` : null,
          urgent: true,
        }),
      )
      .from(rsvps)
      .innerJoin(users, eq(users.id, rsvps.userId))
      .where(and(eq(rsvps.id, rsvpId), when)),
  );
