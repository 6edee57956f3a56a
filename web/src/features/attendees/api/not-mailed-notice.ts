import { isolate } from "@web/lib/bidi";
import { i18n } from "@web/lib/i18n";
import type { Unreachable } from "@worker/features/rsvp/rsvp.schema";

/** How long a notice naming addresses stays: longer than a toast, as it is read name by name. */
export const NOTICE_MS = 6000;
const NAMED = 3;

/** 'a, b, c and 4 more': the first three of a list of worded items, then how many more. */
export function namedList(items: string[]): string {
  const rest = items.length - NAMED;
  const names = items.slice(0, NAMED).join(", ");
  return rest > 0 ? i18n._("{count, plural, one {{names} and # more} other {{names} and # more}}", { names, count: rest }) : names;
}

/**
 * 'Not e-mailed: a@x.com (Unsubscribed from all invitations) and 2 more': the invited addresses the server did not
 * mail, because they unsubscribed or already received today's invitation e-mails. Their invitation still stands.
 */
export const notMailedNotice = (unreachable: Unreachable[]) =>
  i18n._("Not e-mailed: {addresses}", {
    addresses: namedList(
      unreachable.map(({ email, reason }) => i18n._("{email} ({reason})", { email: isolate(email), reason: i18n._(reason) })),
    ),
  });
