import { queryOptions } from "@tanstack/react-query";
import { i18n } from "@web/lib/i18n";
import { attendeesQueryOptions } from "@web/lib/queries/attendees-query";
import type { Attendee } from "@worker/features/rsvp/rsvp.schema";
import { intlLocale } from "@worker/shared/locales";

// The organisers' list holds every RSVP, declines and requests too; documents are kept only for those attending
// (the server's GUEST_STATUSES).
const ATTENDING: ReadonlySet<Attendee["status"]> = new Set(["YES", "MAYBE"]);

export interface DocumentOwner {
  guid: string;
  name: string;
  profilePic: string | null;
  isHost: boolean;
}

/** Whom documents can be kept for: people attending (YES or MAYBE) who have an account, by name. */
function attendingGuests(attendees: Attendee[]): DocumentOwner[] {
  const byGuid = new Map<string, DocumentOwner>();
  for (const { status, user } of attendees) {
    if (!user.guid || !ATTENDING.has(status) || byGuid.has(user.guid)) continue;
    const name = `${user.firstName} ${user.lastName}`.trim() || user.emailId || i18n._("Guest");
    byGuid.set(user.guid, { guid: user.guid, name, profilePic: user.profilePic?.thumbnail ?? null, isHost: user.isHost });
  }
  return [...byGuid.values()].sort((a, b) => a.name.localeCompare(b.name, intlLocale(i18n.locale)));
}

// The attendee list's own cache, so a live `rsvp.changed` refreshes this list too.
export const attendingGuestsQueryOptions = (eventId: string) =>
  queryOptions({ ...attendeesQueryOptions(eventId), select: attendingGuests });
