import { isolate } from "@web/lib/bidi";
import type { Unreachable } from "@worker/features/rsvp/rsvp.schema";

/** How long a notice naming addresses stays: longer than a toast, as it is read name by name. */
export const NOTICE_MS = 6000;
const NAMED = 3;

/** 'a, b, c and 4 more': the first three of a list of worded items, then how many more. */
export function namedList(items: string[]): string {
  const rest = items.length - NAMED;
  return `${items.slice(0, NAMED).join(", ")}${rest > 0 ? ` and ${rest} more` : ""}`;
}

/**
 * 'Not e-mailed: a@x.com (Unsubscribed from all invitations) and 2 more': the invited addresses the server did not
 * mail, because they unsubscribed or already received today's invitation e-mails. Their invitation still stands.
 */
export const notMailedNotice = (unreachable: Unreachable[]) =>
  `Not e-mailed: ${namedList(unreachable.map(({ email, reason }) => `${isolate(email)} (${reason})`))}`;
