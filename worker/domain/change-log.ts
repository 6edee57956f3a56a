import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "@worker/db/client";
import { changeLog } from "@worker/db/schema";
import { chunkedInserts } from "@worker/lib/batch";
import type { ChangeField, ChangeSubject, NotifyKind } from "@worker/shared/notify-kinds";

// The change log (docs/notifications.md): one row per thing a guest would want to hear about, written as extra
// statements of the change's own batch (a writeExperience plan's `statements`, a writeTransition's `also`, a
// bulletin's batch), never as a second write afterwards. A refused, conflicting or no-op write logs nothing.

/** A moment with the zone it is told in: 'Coach to Sintra: 09:00 → 08:30 Lisbon time'. */
export interface ZonedInstant {
  /** ISO 8601, UTC. */
  at: string;
  /** IANA zone: the activity's own, else the experience's. */
  timeZone: string;
}

/** The experience's dates, as local dates in its zone. */
export interface DateSpan {
  /** YYYY-MM-DD */
  start: string;
  /** YYYY-MM-DD */
  end: string;
  timeZone: string;
}

/**
 * What old_value and new_value hold, per subject and field (null where the field says it all):
 * - activity start/end: ZonedInstant; location: the place as one line of text (null: none); timeZone: IANA zone
 * - activity added: new = its start (ZonedInstant); removed: old = its start
 * - day added: new = its date (YYYY-MM-DD); removed: old = its date
 * - experience dates: DateSpan old and new
 * - bulletin posted: new = { title, text } (text cut to 500 characters)
 * - rsvp requested / approved / rejected / removedGuest, host madeHost: null and null (label: the person's name)
 * - comment commented: new = { text, postId } (text cut to 500 characters; label: the commenter's name)
 */
export interface ChangeEntry {
  kind: NotifyKind;
  subjectType: ChangeSubject;
  subjectId: string;
  field: ChangeField;
  /** The subject's name at the time: an activity's or day's name, a bulletin's title, a person's name. */
  label: string;
  oldValue: unknown;
  newValue: unknown;
  /** The one person this is for (a decision about them, a comment on their post); null: the kind's audience. */
  recipientId: string | null;
  /** Told within 2 minutes (an activity or day within 48 hours, dates within 48 hours, a bulletin, a request or decision); else in the hourly digest. */
  urgent: boolean;
}

/** Changes to anything starting within this of now are urgent. */
export const URGENT_HORIZON_MS = 48 * 60 * 60 * 1000;

/** Whether any of these moments (epoch milliseconds) falls within 48 hours before or after `now`. */
export const isUrgent = (now: number, ...moments: (number | null | undefined)[]) =>
  moments.some((moment) => moment != null && Math.abs(moment - now) <= URGENT_HORIZON_MS);

/** Cuts free text for a change-log value. */
export const excerpt = (text: string, max = 500) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The insert statements of these entries, to add to the change's own batch (none for none). */
export function changeLogStatements(db: Db, eventId: string, actorId: string | null, entries: ChangeEntry[]): BatchItem<"sqlite">[] {
  return chunkedInserts(
    db,
    changeLog,
    entries.map((entry) => ({ eventId, actorId, ...entry })),
  );
}
