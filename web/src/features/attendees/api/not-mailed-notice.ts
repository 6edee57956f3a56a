import type { Unreachable } from "@worker/features/rsvp/rsvp.schema";
import { isolate } from "@web/lib/bidi";

const NAMED = 3;

/**
 * 'Not e-mailed: a@x.com (Unsubscribed from all invitations) and 2 more': the invited addresses the server did not
 * mail, because they unsubscribed or already received today's invitation e-mails. Their invitation still stands.
 */
export function notMailedNotice(unreachable: Unreachable[]): string {
  const named = unreachable
    .slice(0, NAMED)
    .map(({ email, reason }) => `${isolate(email)} (${reason})`)
    .join(", ");
  const rest = unreachable.length - NAMED;
  return `Not e-mailed: ${named}${rest > 0 ? ` and ${rest} more` : ""}`;
}
