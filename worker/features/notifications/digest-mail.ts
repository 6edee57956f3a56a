import type { I18n } from "@lingui/core";
import { describeChangeIn } from "@worker/domain/change-text";
import type { Bindings } from "@worker/env";
import { buttons, layout, paragraph, oneLine, startSide } from "@worker/lib/mail/mail-layout";
import type { Mail } from "@worker/lib/mail/mailer";
import { notificationLinks, oneClickHeaders } from "@worker/lib/mail/notification-links";
import { recipientI18n } from "@worker/lib/mail/recipient-language";
import { escapeHtml } from "@worker/shared/html";
import { directionOf } from "@worker/shared/locales";
import type { NotifyKind, PushPayload } from "@worker/shared/notify-kinds";
import type { DigestChange, DigestEvent, Telling } from "./digest.service";

// One kind of news for one person, in words: the e-mail (subject, a line per change, a button to the right tab, the
// one-click stop of that kind) and the push (title, body, the tab its click opens). One mail is one kind, so its
// List-Unsubscribe stops exactly that kind.

interface Action {
  label: string;
  /** The event page's tab (web/src/app/router.tsx eventTabs); '' is the page as the person may see it. */
  tab: "" | "itinerary" | "bulletin" | "attendees" | "social";
}

/** What a kind of news says, before it is a mail or a push. */
interface Words {
  subject: string;
  /** One entry per change, oldest first. */
  lines: string[];
  actions: Action[];
  /** The footer's 'You receive this because …'. */
  reason: string;
}

interface Bulletin {
  title: string;
  text: string;
}

const takingPart = (i18n: I18n, name: string) => i18n._("You receive this because you take part in {name}.", { name });
const askedToJoin = (i18n: I18n, name: string) => i18n._("You receive this because you asked to join {name}.", { name });
const organising = (i18n: I18n, name: string) => i18n._("You receive this because you organise {name}.", { name });
const openItinerary = (i18n: I18n): Action => ({ label: i18n._("Open the itinerary"), tab: "itinerary" });
const openGuestList = (i18n: I18n): Action => ({ label: i18n._("Open the guest list"), tab: "attendees" });
const reviewReports = (i18n: I18n): Action => ({ label: i18n._("Review the reports"), tab: "social" });

/** A decision about the person: the last one names the mail ('You're in: Lisbon Offsite'). */
function decisionWords(i18n: I18n, name: string, last: DigestChange): Pick<Words, "subject" | "actions" | "reason"> {
  switch (last.field) {
    case "approved":
    case "promoted":
      if (last.subjectType === "activity")
        return {
          subject: i18n._("You have a place in {activity}: {name}", { activity: last.label, name }),
          actions: [openItinerary(i18n)],
          reason: takingPart(i18n, name),
        };
      return { subject: i18n._("You're in: {name}", { name }), actions: [openItinerary(i18n)], reason: takingPart(i18n, name) };
    case "rejected":
      return {
        subject: i18n._("Your request to join {name} was declined", { name }),
        actions: [],
        reason: askedToJoin(i18n, name),
      };
    case "waitlisted":
      return {
        subject: i18n._("You're on the waitlist for {name}", { name }),
        actions: [],
        reason: askedToJoin(i18n, name),
      };
    case "removedGuest":
      return {
        subject: i18n._("You were removed from {name}", { name }),
        actions: [],
        reason: i18n._("You receive this because you were a guest of {name}.", { name }),
      };
    default:
      return {
        subject: i18n._("You're now a host of {name}", { name }),
        actions: [openGuestList(i18n)],
        reason: takingPart(i18n, name),
      };
  }
}

function wordsOf(i18n: I18n, event: DigestEvent, kind: NotifyKind, changes: DigestChange[]): Words {
  const name = oneLine(event.name);
  const lines = changes.map((change) => describeChangeIn(i18n, change));
  const count = changes.length;
  switch (kind) {
    case "itinerary":
      return {
        subject: i18n._("{name}: {count, plural, one {# itinerary change} other {# itinerary changes}}", { name, count }),
        lines,
        actions: [openItinerary(i18n)],
        reason: takingPart(i18n, name),
      };
    case "bulletins": {
      const bulletins = changes.map((change) => change.newValue as Bulletin);
      return {
        subject:
          count === 1
            ? i18n._("{name}: {title}", { name, title: oneLine(bulletins[0]!.title) })
            : i18n._("{name}: {count} new bulletins", { name, count }),
        lines: bulletins.map((bulletin) => `${bulletin.title}\n${bulletin.text}`),
        actions: [{ label: i18n._("Open the bulletin board"), tab: "bulletin" }],
        reason: takingPart(i18n, name),
      };
    }
    case "requests": {
      const reports = changes.filter((change) => change.field === "reported").length;
      if (reports === count) {
        const who = oneLine(changes[0]!.label);
        return {
          subject:
            count !== 1
              ? i18n._("{name}: {count} new reports in the feed", { name, count })
              : changes[0]!.subjectType === "comment"
                ? i18n._("{who} reported a comment in {name}", { who, name })
                : i18n._("{who} reported a post in {name}", { who, name }),
          lines,
          actions: [reviewReports(i18n)],
          reason: organising(i18n, name),
        };
      }
      if (reports > 0 && changes.every((change) => change.field === "requested" || change.field === "reported")) {
        return {
          subject: i18n._(
            "{name}: {requests, plural, one {# join request} other {# join requests}} and {reports, plural, one {# report} other {# reports}}",
            { name, requests: count - reports, reports },
          ),
          lines,
          actions: [openGuestList(i18n), reviewReports(i18n)],
          reason: organising(i18n, name),
        };
      }
      if (changes.every((change) => change.field === "requested")) {
        return {
          subject:
            count === 1
              ? i18n._("{who} asked to join {name}", { who: oneLine(changes[0]!.label), name })
              : i18n._("{count} people asked to join {name}", { count, name }),
          lines,
          // A link never acts: both open the guest list, where the organiser decides.
          actions: [
            { label: i18n._("Approve"), tab: "attendees" },
            { label: i18n._("Reject"), tab: "attendees" },
          ],
          reason: organising(i18n, name),
        };
      }
      const decisions = changes.filter((change) => change.field !== "requested" && change.field !== "reported");
      return { lines, ...decisionWords(i18n, name, decisions.at(-1) ?? changes.at(-1)!) };
    }
    case "comments":
      return {
        subject:
          count === 1
            ? i18n._("{who} commented on your post in {name}", { who: oneLine(changes[0]!.label), name })
            : i18n._("{name}: {count} new comments on your posts", { name, count }),
        lines,
        actions: [{ label: i18n._("Open the feed"), tab: "social" }],
        reason: i18n._("You receive this because you posted in {name}.", { name }),
      };
  }
}

/**
 * The words of a digest's news, written once per language, kind and set of changes however many read them: a digest
 * to 2,000 guests words its lines in each language its readers read, not once per guest.
 */
export function digestWords() {
  const written = new Map<string, Words>();
  return (i18n: I18n, event: DigestEvent, kind: NotifyKind, changes: DigestChange[]): Words => {
    const key = `${i18n.locale}|${kind}|${changes.map((change) => change.seq).join(",")}`;
    let words = written.get(key);
    if (!words) {
      words = wordsOf(i18n, event, kind, changes);
      written.set(key, words);
    }
    return words;
  };
}

type WordsOf = ReturnType<typeof digestWords>;

/** What a recipient of a digest reads it in: their account's language, else the experience's. */
export const digestI18n = (event: DigestEvent, telling: Telling) =>
  recipientI18n({ account: telling.recipient.language, experience: event.language });

/** 'Stop e-mails about itinerary changes': a whole sentence per kind, so each language words its own. */
const STOP_LABELS: Record<NotifyKind, string> = {
  itinerary: /*i18n*/ "Stop e-mails about itinerary changes",
  bulletins: /*i18n*/ "Stop e-mails about bulletins",
  requests: /*i18n*/ "Stop e-mails about requests and approvals",
  comments: /*i18n*/ "Stop e-mails about comments on your posts",
};

const tabPath = (eventId: string, tab: Action["tab"]) => `/experiences/${encodeURIComponent(eventId)}${tab ? `/${tab}` : ""}`;

/** Lines as they read in the mail: each its own paragraph, its line breaks kept. */
const lineList = (i18n: I18n, lines: string[]) =>
  `<ul style="margin:0 0 20px;padding-${startSide(directionOf(i18n.locale))}:20px">${lines
    .map((line) => `<li style="margin:0 0 8px;font-size:15px;line-height:1.6;white-space:pre-line">${escapeHtml(line)}</li>`)
    .join("")}</ul>`;

/** A push shows this much of the news; the app has the rest (the payload must stay under 4 KB encrypted). */
const PUSH_BODY_MAX = 1000;

/** What a push of this news shows, and the tab its click opens (one notification per experience and kind: the tag). */
export function digestPush(
  event: DigestEvent,
  kind: NotifyKind,
  changes: DigestChange[],
  i18n: I18n = recipientI18n({ experience: event.language }),
  words: WordsOf = digestWords(),
): PushPayload {
  const { lines, subject, actions } = words(i18n, event, kind, changes);
  const body = lines.join("\n");
  return {
    title: subject,
    body: body.length > PUSH_BODY_MAX ? `${body.slice(0, PUSH_BODY_MAX - 1)}…` : body,
    url: tabPath(event.id, actions[0]?.tab ?? ""),
    tag: `${event.id}:${kind}`,
  };
}

/**
 * The e-mail of one kind of news for one person: its id is the digest's, the person's and the kind's, so a digest
 * handled twice mails once; its headers and footer stop this kind with one click, and link every switch. Written in
 * the recipient's language (digestI18n); `words` shares the wording of the news among a page of recipients.
 */
export async function digestMail(
  env: Pick<Bindings, "APP_ORIGIN" | "JWT_SECRET">,
  digestId: string,
  event: DigestEvent,
  telling: Telling,
  words: WordsOf = digestWords(),
): Promise<Mail> {
  const { recipient, kind, changes } = telling;
  const i18n = digestI18n(event, telling);
  const { subject, lines, reason, ...said } = words(i18n, event, kind, changes);
  const links = await notificationLinks(env, { userId: recipient.id, kind });
  const actions = (said.actions.length > 0 ? said.actions : [{ label: i18n._("Open the experience"), tab: "" as const }]).map((action) => ({
    label: action.label,
    href: `${env.APP_ORIGIN}${tabPath(event.id, action.tab)}`,
  }));
  const stopLabel = i18n._(STOP_LABELS[kind]);
  const settings = i18n._("Notification settings");
  const greeting = recipient.firstName.trim() ? i18n._("Hi {firstName},", { firstName: oneLine(recipient.firstName) }) : i18n._("Hi,");
  const labelled = (label: string, address: string) => i18n._("{label}: {address}", { label, address });
  const text = [
    greeting,
    "",
    ...lines.map((line) => `- ${line}`),
    "",
    ...actions.map((action) => labelled(action.label, action.href)),
    "",
    "--",
    reason,
    labelled(stopLabel, links.stop),
    labelled(settings, links.preferences),
  ].join("\n");
  return {
    id: `${digestId}:${recipient.id}:${kind}`,
    to: recipient.email,
    subject,
    text,
    html: layout(
      i18n,
      subject,
      `${paragraph(greeting)}${lineList(i18n, lines)}${buttons(i18n, actions)}`,
      { href: links.stop, label: stopLabel },
      { href: links.preferences, label: settings },
      reason,
    ),
    headers: oneClickHeaders(links.oneClick),
  };
}
