import type { I18n } from "@lingui/core";
import { button, factBox, layout, paragraph, oneLine } from "@worker/lib/mail/mail-layout";
import type { Mail } from "@worker/lib/mail/mailer";
import { oneClickHeaders } from "@worker/lib/mail/notification-links";
import { recipientI18n } from "@worker/lib/mail/recipient-language";
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
  /** Who invites, as their account names them; '' without a name (the mail says "A host"). */
  inviterName: string;
  appOrigin: string;
  /** The experience's cover, an absolute address, shown across the top of the mail; null without one. */
  coverUrl: string | null;
  /** Where it happens, on one line ('LX Factory, Rua Rodrigues de Faria 103, Lisboa'); '' when not said. */
  venue: string;
  /** The experience's language (events.language): what an address without an account, or without a saved language, reads. */
  language?: string;
}

/** One person invited: the name the organiser or the account gave, and whether the address already has an account. */
export interface Recipient {
  email: string;
  firstName: string;
  hasAccount: boolean;
  /** Their account's saved language (users.language), if any. Never the inviting organiser's. */
  language?: string | null;
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
const subjectOf = (i18n: I18n, inviter: string, name: string, kind: InvitationKind) => {
  const values = { inviter: oneLine(inviter), name: cut(name, SUBJECT_NAME_MAX) };
  return kind === "reminder"
    ? i18n._("Reminder: {inviter} invited you to “{name}”", values)
    : i18n._("{inviter} invited you to “{name}”", values);
};

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
 * The invitation e-mail, or the reminder of one still unanswered; user text is escaped in the HTML. Written in
 * `i18n`'s language: an address without an account reads the experience's (worker/lib/mail/recipient-language.ts). It carries a
 * one-click way to stop them: List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) headers and a link in the body.
 */
export function invitationMail(
  invitation: Invitation,
  to: Recipient,
  kind: InvitationKind,
  { open: link, unsubscribe }: InvitationLinks,
  i18n: I18n = recipientI18n({ account: to.language, experience: invitation.language }),
): Mail {
  const name = oneLine(invitation.eventName);
  const greeting = to.firstName ? i18n._("Hi {firstName},", { firstName: oneLine(to.firstName) }) : i18n._("Hi,");
  const inviter = invitation.inviterName || i18n._("A host");
  const intro =
    kind === "invitation"
      ? i18n._("{inviter} invited you to {name}.", { inviter, name })
      : i18n._("{inviter} is waiting for your answer to the invitation to {name}.", { inviter, name });
  const { firstActivityStart: first, timeZone: zone } = invitation;
  const dates = itinerarySummary(invitation.startTime, invitation.endTime, zone, i18n);
  // "… starts Fri, Mar 12 at 09:00 AM WET": the reader's own clock may differ, so the time says whose it is.
  const firstLine =
    first &&
    i18n._("The first activity starts {day} at {time}.", {
      day: formatDay(localDate(first.getTime(), zone), i18n),
      time: formatTimeInZone(first.getTime(), zone, i18n),
    });
  const where = invitation.venue && i18n._("At {venue}.", { venue: oneLine(invitation.venue) });
  const when = [firstLine ? `${dates}. ${firstLine}` : dates, where].filter(Boolean).join(" ");
  const next = to.hasAccount
    ? i18n._("Open the invitation to see the itinerary and join or decline.")
    : i18n._("Open the invitation to see the itinerary and join or decline: your name and a code we e-mail you are all it takes.");
  const label = i18n._("Open the invitation");
  const stopLabel = i18n._("Unsubscribe from these invitations");
  return {
    to: to.email,
    subject: subjectOf(i18n, inviter, name, kind),
    text: `${greeting}\n\n${intro}\n${when}\n\n${next}\n\n${link}\n\n${i18n._("{label}: {address}", { label: stopLabel, address: unsubscribe.page })}`,
    html: layout(
      i18n,
      kind === "invitation" ? i18n._("You're invited to {name}", { name }) : i18n._("Reminder: {name}", { name }),
      `${paragraph(greeting)}${paragraph(intro)}${factBox([dates, firstLine, where].filter((line): line is string => !!line))}${paragraph(next)}${button(i18n, link, label)}`,
      { href: unsubscribe.page, label: stopLabel },
      undefined,
      undefined,
      invitation.coverUrl ? { src: invitation.coverUrl, alt: name } : undefined,
    ),
    headers: oneClickHeaders(unsubscribe.oneClick),
  };
}
