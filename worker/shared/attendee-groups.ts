import type { RSVP_STATUS_VALUES } from "@worker/shared/views.schema";

// The Attendees tab's groups, search and tag filter (spec 2 §4, §5), shared by the web's list and the server's export so
// that a file holds exactly the rows the tab shows. Only constants and pure functions here: the web imports it.

export type RsvpStatus = (typeof RSVP_STATUS_VALUES)[number];

export const GROUPS = ["ALL", "ATTENDING", "PENDING", "DECLINED", "HOST_APPROVAL_REQUESTED", "WAITLIST"] as const;
export type Group = (typeof GROUPS)[number];

/** Spec 2 §4: which statuses each group holds (ALL holds every one). */
const GROUP_STATUSES: Record<Exclude<Group, "ALL">, readonly RsvpStatus[]> = {
  ATTENDING: ["YES"],
  PENDING: ["REQUESTED", "ONBOARD_REQUESTED"],
  DECLINED: ["NO", "HOST_REMOVED", "HOST_APPROVAL_DENIED"],
  HOST_APPROVAL_REQUESTED: ["HOST_APPROVAL_REQUESTED"],
  // docs/waitlist.md: shown only when the experience has a capacity or someone waits.
  WAITLIST: ["WAITLISTED"],
};

export const GROUP_LABEL: Record<Group, string> = {
  ALL: /*i18n*/ "All",
  ATTENDING: /*i18n*/ "Attending",
  PENDING: /*i18n*/ "Pending",
  DECLINED: /*i18n*/ "Declined",
  HOST_APPROVAL_REQUESTED: /*i18n*/ "Approval Requests",
  WAITLIST: /*i18n*/ "Waitlist",
};

/** A status as the badges of the RSVP header and the Attendees tab name it (spec 2 §4), and the export writes it. */
export const RSVP_STATUS_LABEL: Record<RsvpStatus, string> = {
  YES: /*i18n*/ "Attending",
  HOST_APPROVAL_REQUESTED: /*i18n*/ "Approval Pending",
  NO: /*i18n*/ "Declined",
  HOST_REMOVED: /*i18n*/ "Host Declined",
  HOST_APPROVAL_DENIED: /*i18n*/ "Host Declined",
  REQUESTED: /*i18n*/ "Invited",
  ONBOARD_REQUESTED: /*i18n*/ "Invited",
  MAYBE: /*i18n*/ "Maybe",
  EXPIRED: /*i18n*/ "Expired",
  WAITLISTED: /*i18n*/ "Waitlisted",
};

export const inGroup = (group: Group, status: RsvpStatus) => group === "ALL" || GROUP_STATUSES[group].includes(status);

/** What the search and the tag filter read of a person on the list. */
interface Searchable {
  user: { firstName: string; lastName: string; emailId?: string; organisation: string; tags: string[] };
}

/** Spec 2 §5: first name, last name, e-mail and organisation, case-insensitively. */
export function matchesSearch({ user }: Searchable, query: string) {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [user.firstName, user.lastName, user.emailId ?? "", user.organisation].some((field) => field.toLowerCase().includes(needle));
}

/** Tags are one tag whatever their case: 'Speaker' and 'speaker' (distinctTags keeps the one first written). */
export const tagKey = (tag: string) => tag.trim().toLocaleLowerCase();

/** Tags each once whatever their case, as first written: ['VIP', 'Speaker', 'speaker'] → ['VIP', 'Speaker']. */
export function distinctTags(tags: Iterable<string>): string[] {
  const first = new Map<string, string>();
  for (const tag of tags) if (!first.has(tagKey(tag))) first.set(tagKey(tag), tag);
  return [...first.values()];
}

/** A row passes the tag filter when it carries any of the chosen tags, in any case (none chosen: every row). */
export function matchesTags({ user }: Searchable, tags: ReadonlySet<string>) {
  if (tags.size === 0) return true;
  const keys = new Set([...tags].map(tagKey));
  return user.tags.some((tag) => keys.has(tagKey(tag)));
}

/** The group (other than All) a status is listed under; none for MAYBE, which no group holds. */
export const groupOf = (status: RsvpStatus) => GROUPS.find((group) => group !== "ALL" && inGroup(group, status));
