import { i18n } from "@web/lib/i18n";
import type { Attendee } from "@worker/features/rsvp/rsvp.schema";
import { distinctTags, GROUPS, inGroup, type Group } from "@worker/shared/attendee-groups";
import { intlLocale } from "@worker/shared/locales";

/** Spec 2 §6: the groups whose rows an organiser may tick (never PENDING, never ALL). */
export const SELECTABLE_GROUPS: readonly Group[] = ["ATTENDING", "DECLINED", "HOST_APPROVAL_REQUESTED"];

/** The name a row shows: the person's name, else the address of an invitation still waiting for its account. */
export const attendeeName = ({ user }: Attendee) => `${user.firstName} ${user.lastName}`.trim() || user.emailId || i18n._("Invited guest");

/** Every tag on the list, each once whatever its case ('Speaker' and 'speaker'), as first written, in the page's language's alphabetical order. */
export const tagsOf = (attendees: Attendee[]) =>
  distinctTags(attendees.flatMap((a) => a.user.tags)).sort((a, b) => a.localeCompare(b, intlLocale(i18n.locale)));

export function countByGroup(attendees: Attendee[]): Record<Group, number> {
  const counts = Object.fromEntries(GROUPS.map((group) => [group, 0])) as Record<Group, number>;
  for (const attendee of attendees) for (const group of GROUPS) if (inGroup(group, attendee.status)) counts[group]++;
  return counts;
}

/** Spec 2 §6: checkboxes for owner or host only, in manage mode, never on their own row or the owner's, and only in some groups. */
export function canSelect(
  attendee: Attendee,
  { canEdit, selfGuid, group }: { canEdit: boolean; selfGuid: string | undefined; group: Group },
) {
  return (
    canEdit &&
    SELECTABLE_GROUPS.includes(group) &&
    !attendee.user.isOwner &&
    (attendee.user.guid === null || attendee.user.guid !== selfGuid)
  );
}
