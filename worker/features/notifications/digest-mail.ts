import { describeChange } from "@worker/domain/change-text";
import type { Bindings } from "@worker/env";
import { buttons, layout, paragraph, oneLine } from "@worker/lib/mail/mail-layout";
import type { Mail } from "@worker/lib/mail/mailer";
import { notificationLinks, oneClickHeaders } from "@worker/lib/mail/notification-links";
import { escapeHtml } from "@worker/shared/html";
import type { NotifyKind, PushPayload } from "@worker/shared/notify-kinds";
import type { DigestChange, DigestEvent, Telling } from "./digest.service";
import { NOTIFY_KIND_LABELS } from "./notifications.schema";

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

/** A header line: a name may hold line breaks, a subject may not. */
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

interface Bulletin {
  title: string;
  text: string;
}

const takingPart = (name: string) => `You receive this because you take part in ${name}.`;

/** A decision about the person: the last one names the mail ('You're in: Lisbon Offsite'). */
function decisionWords(name: string, last: DigestChange): Pick<Words, "subject" | "actions" | "reason"> {
  switch (last.field) {
    case "approved":
    case "promoted":
      return { subject: `You're in: ${name}`, actions: [{ label: "Open the itinerary", tab: "itinerary" }], reason: takingPart(name) };
    case "rejected":
      return {
        subject: `Your request to join ${name} was declined`,
        actions: [],
        reason: `You receive this because you asked to join ${name}.`,
      };
    case "waitlisted":
      return {
        subject: `You're on the waitlist for ${name}`,
        actions: [],
        reason: `You receive this because you asked to join ${name}.`,
      };
    case "removedGuest":
      return {
        subject: `You were removed from ${name}`,
        actions: [],
        reason: `You receive this because you were a guest of ${name}.`,
      };
    default:
      return {
        subject: `You're now a host of ${name}`,
        actions: [{ label: "Open the guest list", tab: "attendees" }],
        reason: takingPart(name),
      };
  }
}

function wordsOf(event: DigestEvent, kind: NotifyKind, changes: DigestChange[]): Words {
  const name = oneLine(event.name);
  const lines = changes.map(describeChange);
  const count = changes.length;
  switch (kind) {
    case "itinerary":
      return {
        subject: `${name}: ${plural(count, "itinerary change", "itinerary changes")}`,
        lines,
        actions: [{ label: "Open the itinerary", tab: "itinerary" }],
        reason: takingPart(name),
      };
    case "bulletins": {
      const bulletins = changes.map((change) => change.newValue as Bulletin);
      return {
        subject: count === 1 ? `${name}: ${oneLine(bulletins[0]!.title)}` : `${name}: ${count} new bulletins`,
        lines: bulletins.map((bulletin) => `${bulletin.title}\n${bulletin.text}`),
        actions: [{ label: "Open the bulletin board", tab: "bulletin" }],
        reason: takingPart(name),
      };
    }
    case "requests": {
      const reports = changes.filter((change) => change.field === "reported").length;
      if (reports === count) {
        const what = changes[0]!.subjectType === "comment" ? "a comment" : "a post";
        return {
          subject: count === 1 ? `${oneLine(changes[0]!.label)} reported ${what} in ${name}` : `${name}: ${count} new reports in the feed`,
          lines,
          actions: [{ label: "Review the reports", tab: "social" }],
          reason: `You receive this because you organise ${name}.`,
        };
      }
      if (reports > 0 && changes.every((change) => change.field === "requested" || change.field === "reported")) {
        return {
          subject: `${name}: ${plural(count - reports, "join request", "join requests")} and ${plural(reports, "report", "reports")}`,
          lines,
          actions: [
            { label: "Open the guest list", tab: "attendees" },
            { label: "Review the reports", tab: "social" },
          ],
          reason: `You receive this because you organise ${name}.`,
        };
      }
      if (changes.every((change) => change.field === "requested")) {
        const who = count === 1 ? oneLine(changes[0]!.label) : `${count} people`;
        return {
          subject: `${who} asked to join ${name}`,
          lines,
          // A link never acts: both open the guest list, where the organiser decides.
          actions: [
            { label: "Approve", tab: "attendees" },
            { label: "Reject", tab: "attendees" },
          ],
          reason: `You receive this because you organise ${name}.`,
        };
      }
      const decisions = changes.filter((change) => change.field !== "requested" && change.field !== "reported");
      return { lines, ...decisionWords(name, decisions.at(-1) ?? changes.at(-1)!) };
    }
    case "comments":
      return {
        subject:
          count === 1 ? `${oneLine(changes[0]!.label)} commented on your post in ${name}` : `${name}: ${count} new comments on your posts`,
        lines,
        actions: [{ label: "Open the feed", tab: "social" }],
        reason: `You receive this because you posted in ${name}.`,
      };
  }
}

const tabPath = (eventId: string, tab: Action["tab"]) => `/experiences/${encodeURIComponent(eventId)}${tab ? `/${tab}` : ""}`;

/** Lines as they read in the mail: each its own paragraph, its line breaks kept. */
const lineList = (lines: string[]) =>
  `<ul style="margin:0 0 20px;padding-left:20px">${lines
    .map((line) => `<li style="margin:0 0 8px;font-size:15px;line-height:1.6;white-space:pre-line">${escapeHtml(line)}</li>`)
    .join("")}</ul>`;

/** A push shows this much of the news; the app has the rest (the payload must stay under 4 KB encrypted). */
const PUSH_BODY_MAX = 1000;

/** What a push of this news shows, and the tab its click opens (one notification per experience and kind: the tag). */
export function digestPush(event: DigestEvent, kind: NotifyKind, changes: DigestChange[]): PushPayload {
  const words = wordsOf(event, kind, changes);
  const body = words.lines.join("\n");
  return {
    title: words.subject,
    body: body.length > PUSH_BODY_MAX ? `${body.slice(0, PUSH_BODY_MAX - 1)}…` : body,
    url: tabPath(event.id, words.actions[0]?.tab ?? ""),
    tag: `${event.id}:${kind}`,
  };
}

/**
 * The e-mail of one kind of news for one person: its id is the digest's, the person's and the kind's, so a digest
 * handled twice mails once; its headers and footer stop this kind with one click, and link every switch.
 */
export async function digestMail(
  env: Pick<Bindings, "APP_ORIGIN" | "JWT_SECRET">,
  digestId: string,
  event: DigestEvent,
  telling: Telling,
): Promise<Mail> {
  const { recipient, kind, changes } = telling;
  const words = wordsOf(event, kind, changes);
  const links = await notificationLinks(env, { userId: recipient.id, kind });
  const actions = (words.actions.length > 0 ? words.actions : [{ label: "Open the experience", tab: "" as const }]).map((action) => ({
    label: action.label,
    href: `${env.APP_ORIGIN}${tabPath(event.id, action.tab)}`,
  }));
  const stopLabel = `Stop e-mails about ${NOTIFY_KIND_LABELS[kind].toLowerCase()}`;
  const greeting = recipient.firstName.trim() ? `Hi ${oneLine(recipient.firstName)},` : "Hi,";
  const text = [
    greeting,
    "",
    ...words.lines.map((line) => `- ${line}`),
    "",
    ...actions.map((action) => `${action.label}: ${action.href}`),
    "",
    "--",
    words.reason,
    `${stopLabel}: ${links.stop}`,
    `Notification settings: ${links.preferences}`,
  ].join("\n");
  return {
    id: `${digestId}:${recipient.id}:${kind}`,
    to: recipient.email,
    subject: words.subject,
    text,
    html: layout(
      words.subject,
      `${paragraph(greeting)}${lineList(words.lines)}${buttons(actions)}`,
      { href: links.stop, label: stopLabel },
      { href: links.preferences, label: "Notification settings" },
      words.reason,
    ),
    headers: oneClickHeaders(links.oneClick),
  };
}
