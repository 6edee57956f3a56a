import type { Attendee } from "@worker/features/rsvp/rsvp.schema";
import type { RsvpStatus } from "@web/components/ui/rsvp-badge";

export const GROUPS = ["ALL", "ATTENDING", "PENDING", "DECLINED", "HOST_APPROVAL_REQUESTED"] as const;
export type Group = (typeof GROUPS)[number];

export const GROUP_LABEL: Record<Group, string> = {
  ALL: "All",
  ATTENDING: "Attending",
  PENDING: "Pending",
  DECLINED: "Declined",
  HOST_APPROVAL_REQUESTED: "Approval Requests",
};

/** Spec 2 §4: which statuses each group holds (ALL holds every one). */
const GROUP_STATUSES: Record<Exclude<Group, "ALL">, readonly RsvpStatus[]> = {
  ATTENDING: ["YES"],
  PENDING: ["REQUESTED", "ONBOARD_REQUESTED"],
  DECLINED: ["NO", "HOST_REMOVED", "HOST_APPROVAL_DENIED"],
  HOST_APPROVAL_REQUESTED: ["HOST_APPROVAL_REQUESTED"],
};

export const inGroup = (group: Group, status: RsvpStatus) => group === "ALL" || GROUP_STATUSES[group].includes(status);

/** Spec 2 §6: the groups whose rows an organiser may tick (never PENDING, never ALL). */
export const SELECTABLE_GROUPS: readonly Group[] = ["ATTENDING", "DECLINED", "HOST_APPROVAL_REQUESTED"];

/** The name a row shows: the person's name, else the address of an invitation still waiting for its account. */
export const attendeeName = ({ user }: Attendee) => `${user.firstName} ${user.lastName}`.trim() || user.emailId || "Invited guest";

/** Spec 2 §5: first name, last name, e-mail and organisation, case-insensitively. */
export function matchesSearch({ user }: Attendee, query: string) {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [user.firstName, user.lastName, user.emailId ?? "", user.organisation].some((field) => field.toLowerCase().includes(needle));
}

/** A row passes the tag filter when it carries any of the chosen tags (none chosen: every row). */
export const matchesTags = ({ user }: Attendee, tags: ReadonlySet<string>) => tags.size === 0 || user.tags.some((tag) => tags.has(tag));

/** Every tag on the list, each once, in alphabetical order. */
export const tagsOf = (attendees: Attendee[]) => [...new Set(attendees.flatMap((a) => a.user.tags))].sort((a, b) => a.localeCompare(b));

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
