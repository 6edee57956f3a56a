import { button, factBox, layout, paragraph, oneLine } from "@worker/lib/mail/mail-layout";
import type { Mail } from "@worker/lib/mail/mailer";
import { oneClickHeaders } from "@worker/lib/mail/notification-links";
import { itinerarySummary } from "@worker/shared/date-range";
import { formatDay, formatTimeInZone, localDate } from "@worker/shared/time-zone";

/** What every invitation of one send shares: the experience and who is inviting. */
export interface Invitation {
  eventId: string;
  eventName: string;
  startTime: Date;
  endTime: Date;
  /** The experience's zone: its dates and times are worded on its clock, with the clock's name. */
  timeZone: string;
  /** When its first activity starts, if it has any. */
  firstActivityStart: Date | null;
  inviterName: string;
  appOrigin: string;
  /** The experience's cover, an absolute address, shown across the top of the mail; null without one. */
  coverUrl: string | null;
  /** Where it happens, on one line ('LX Factory, Rua Rodrigues de Faria 103, Lisboa'); '' when not said. */
  venue: string;
}

/** One person invited: the name the organiser or the account gave, and whether the address already has an account. */
export interface Recipient {
  email: string;
  firstName: string;
  hasAccount: boolean;
}

export type InvitationKind = "invitation" | "reminder";

/** A line of text for a header: an experience's name may hold line breaks, a subject may not. */

/** Subjects quote at most this many characters of an experience's name, so the inviter stays readable in a list. */
const SUBJECT_NAME_MAX = 80;

/** The name cut to `max` characters (never half an emoji) with an ellipsis when it was longer. */
function cut(value: string, max: number): string {
  const characters = Array.from(value);
  return characters.length > max ? `${characters.slice(0, max).join("").trimEnd()}…` : value;
}

/** 'Dana Demo invited you to “Lisbon Leadership Retreat”': who asks, and what, quoted so the name cannot pose as words of ours. */
const subjectOf = (invitation: Invitation, name: string, kind: InvitationKind) =>
  `${kind === "reminder" ? "Reminder: " : ""}${oneLine(invitation.inviterName)} invited you to “${cut(name, SUBJECT_NAME_MAX)}”`;

const STOP_LABEL = "Unsubscribe from these invitations";

/** Where this recipient stops invitations to this experience: the page (body) and the one-click URL (headers). */
interface UnsubscribeLinks {
  page: string;
  oneClick: string;
}

/** A recipient's links: the invitation (the share page carrying it, invitation-link.ts) and the way to stop them. */
export interface InvitationLinks {
  open: string;
  unsubscribe: UnsubscribeLinks;
}

/**
 * The invitation e-mail, or the reminder of one still unanswered; user text is escaped in the HTML. It carries a
 * one-click way to stop them: List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) headers and a link in the body.
 */
export function invitationMail(
  invitation: Invitation,
  to: Recipient,
  kind: InvitationKind,
  { open: link, unsubscribe }: InvitationLinks,
): Mail {
  const name = oneLine(invitation.eventName);
  const greeting = to.firstName ? `Hi ${oneLine(to.firstName)},` : "Hi,";
  const intro =
    kind === "invitation"
      ? `${invitation.inviterName} invited you to ${name}.`
      : `${invitation.inviterName} is waiting for your answer to the invitation to ${name}.`;
  const { firstActivityStart: first, timeZone: zone } = invitation;
  const dates = itinerarySummary(invitation.startTime, invitation.endTime, zone);
  // "… starts Fri, Mar 12 at 09:00 AM WET": the reader's own clock may differ, so the time says whose it is.
  const firstLine =
    first && `The first activity starts ${formatDay(localDate(first.getTime(), zone))} at ${formatTimeInZone(first.getTime(), zone)}.`;
  const where = invitation.venue && `At ${oneLine(invitation.venue)}.`;
  const when = [firstLine ? `${dates}. ${firstLine}` : dates, where].filter(Boolean).join(" ");
  const next = to.hasAccount
    ? "Open the invitation to see the itinerary and join or decline."
    : "Open the invitation to see the itinerary and join or decline: your name and a code we e-mail you are all it takes.";
  const label = "Open the invitation";
  return {
    to: to.email,
    subject: subjectOf(invitation, name, kind),
    text: `${greeting}\n\n${intro}\n${when}\n\n${next}\n\n${link}\n\n${STOP_LABEL}: ${unsubscribe.page}`,
    html: layout(
      kind === "invitation" ? `You're invited to ${name}` : `Reminder: ${name}`,
      `${paragraph(greeting)}${paragraph(intro)}${factBox([dates, firstLine, where].filter((line): line is string => !!line))}${paragraph(next)}${button(link, label)}`,
      { href: unsubscribe.page, label: STOP_LABEL },
      undefined,
      undefined,
      invitation.coverUrl ? { src: invitation.coverUrl, alt: name } : undefined,
    ),
    headers: oneClickHeaders(unsubscribe.oneClick),
  };
}
