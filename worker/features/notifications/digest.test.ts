import { env } from "cloudflare:workers";
import { eq, like } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  events,
  mailCounts,
  mailOutbox,
  notificationMutes,
  notificationPrefs,
  pushOutbox,
  pushSubscriptions,
  rsvps,
  users,
} from "@worker/db/schema";
import { chunkedInserts } from "@worker/lib/batch";
import { utcDay } from "@worker/lib/mail/mail-counts";
import { readNotificationToken } from "@worker/lib/mail/notification-links";
import { consumeNotify, holdQueues, makeDigest, type LoggedRow } from "@worker/test/digest";
import { addGuest, addHost, db, makeEvent, makeUser } from "@worker/test/helpers";
import { RECIPIENTS_PER_PAGE } from "./digest.service";
import { NOTIFICATIONS_PER_DAY } from "./notify-queue";

// The digest consumer (docs/notifications.md, 'What: the digest consumer'): who gets which mail, in which words.

let queues: ReturnType<typeof holdQueues>;
beforeEach(() => {
  queues = holdQueues();
});
afterEach(() => vi.restoreAllMocks());

const LISBON = "Europe/Lisbon";
const at = (iso: string) => ({ at: new Date(iso).toISOString(), timeZone: LISBON });

/** Lisbon Offsite: its owner, two hosts, guests who said yes, maybe and no, one asking to join, and a stranger. */
async function offsite() {
  const [owner, host, otherHost, yes, maybe, no, asking, stranger] = await Promise.all(
    ["Olga", "Hana", "Hugo", "Yara", "Mia", "Noah", "Ari", "Sam"].map((firstName) => makeUser({ firstName })),
  );
  const event = await makeEvent(owner!.id, { name: "Lisbon Offsite", timeZone: LISBON });
  await Promise.all([
    addHost(event.id, host!.id),
    addHost(event.id, otherHost!.id),
    addGuest(event.id, yes!, "YES"),
    addGuest(event.id, maybe!, "MAYBE"),
    addGuest(event.id, no!, "NO"),
    addGuest(event.id, asking!, "HOST_APPROVAL_REQUESTED"),
  ]);
  return {
    event,
    owner: owner!,
    host: host!,
    otherHost: otherHost!,
    yes: yes!,
    maybe: maybe!,
    no: no!,
    asking: asking!,
    stranger: stranger!,
  };
}

const moved = (actorId: string, label: string, from: string, to: string, subjectId = crypto.randomUUID()): LoggedRow => ({
  actorId,
  kind: "itinerary",
  subjectType: "activity",
  subjectId,
  field: "start",
  label,
  oldValue: at(from),
  newValue: at(to),
  recipientId: null,
  urgent: true,
});

const mailsOf = (digestId: string) =>
  db()
    .select()
    .from(mailOutbox)
    .where(like(mailOutbox.id, `${digestId}:%`));

const recipients = async (digestId: string) => (await mailsOf(digestId)).map((mail) => mail.to).sort();
const emails = (...people: { email: string }[]) => people.map((person) => person.email).sort();

describe("the digest consumer", () => {
  it("mails an itinerary change to the owner, hosts and guests who said yes or maybe, not to whoever made it, a guest who said no, one still asking, or a stranger", async () => {
    const p = await offsite();
    const digestId = await makeDigest(p.event.id, [moved(p.host.id, "Coach to Sintra", "2027-01-14T09:00:00Z", "2027-01-14T08:30:00Z")]);
    const result = await consumeNotify([{ type: "digest", digestId }]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(await recipients(digestId)).toEqual(emails(p.owner, p.otherHost, p.yes, p.maybe));
  });

  it("does not tell a guest who joined after the change: they saw the itinerary as it is", async () => {
    const p = await offsite();
    const digestId = await makeDigest(p.event.id, [moved(p.host.id, "Coach to Sintra", "2027-01-14T09:00:00Z", "2027-01-14T08:30:00Z")]);
    // Mia said maybe only after the coach moved (the digest is handled later still).
    await db()
      .update(rsvps)
      .set({ createdAt: new Date(Date.now() + 60_000) })
      .where(eq(rsvps.userId, p.maybe.id));
    await consumeNotify([{ type: "digest", digestId }]);
    expect(await recipients(digestId)).toEqual(emails(p.owner, p.otherHost, p.yes));
  });

  it("tells a person at most 24 digests of one kind a UTC day, whatever the experiences", async () => {
    const p = await offsite();
    await db()
      .insert(mailCounts)
      .values({ key: `notify:${p.yes.id}:itinerary`, day: utcDay(new Date()), count: NOTIFICATIONS_PER_DAY });
    const digestId = await makeDigest(p.event.id, [moved(p.host.id, "Coach to Sintra", "2027-01-14T09:00:00Z", "2027-01-14T08:30:00Z")]);
    await consumeNotify([{ type: "digest", digestId }]);
    expect(await recipients(digestId)).toEqual(emails(p.owner, p.otherHost, p.maybe));
  });

  it("lists three changes in one mail, each from its old to its new time on the experience's clock", async () => {
    const p = await offsite();
    const coach = crypto.randomUUID();
    const digestId = await makeDigest(p.event.id, [
      moved(p.owner.id, "Coach to Sintra", "2027-01-14T09:00:00Z", "2027-01-14T08:45:00Z", coach),
      moved(p.owner.id, "Walking tour", "2027-01-14T14:00:00Z", "2027-01-14T15:00:00Z"),
      moved(p.owner.id, "Coach to Sintra", "2027-01-14T08:45:00Z", "2027-01-14T08:30:00Z", coach),
      moved(p.owner.id, "Dinner", "2027-01-14T19:00:00Z", "2027-01-14T20:30:00Z"),
    ]);
    await consumeNotify([{ type: "digest", digestId }]);
    const [mail] = (await mailsOf(digestId)).filter((row) => row.to === p.yes.email);
    expect(mail!.subject).toBe("Lisbon Offsite: 3 itinerary changes");
    const lines = mail!.text.split("\n").filter((line) => line.startsWith("- "));
    expect(lines).toEqual([
      "- Coach to Sintra: 09:00 AM → 08:30 AM Lisbon time",
      "- Walking tour: 02:00 PM → 03:00 PM Lisbon time",
      "- Dinner: 07:00 PM → 08:30 PM Lisbon time",
    ]);
    expect(mail!.html).toContain("Coach to Sintra: 09:00 AM → 08:30 AM Lisbon time");
    expect(mail!.text).toContain(`Open the itinerary: ${env.APP_ORIGIN}/experiences/${p.event.id}/itinerary`);
  });

  it("tells an activity added and then moved within the window once, as new, where it starts now", async () => {
    const p = await offsite();
    const wine = crypto.randomUUID();
    const added: LoggedRow = {
      ...moved(p.owner.id, "Wine tasting", "2027-01-14T17:00:00Z", "2027-01-14T17:00:00Z", wine),
      field: "added",
      oldValue: null,
    };
    const digestId = await makeDigest(p.event.id, [
      added,
      moved(p.owner.id, "Wine tasting", "2027-01-14T17:00:00Z", "2027-01-14T18:00:00Z", wine),
    ]);
    await consumeNotify([{ type: "digest", digestId }]);
    const [mail] = (await mailsOf(digestId)).filter((row) => row.to === p.yes.email);
    expect(mail!.subject).toBe("Lisbon Offsite: 1 itinerary change");
    expect(mail!.text.split("\n").filter((line) => line.startsWith("- "))).toEqual([
      "- New: Wine tasting, Thu, Jan 14, 06:00 PM Lisbon time",
    ]);
  });

  it("sends nothing for a change reverted within the window", async () => {
    const p = await offsite();
    const coach = crypto.randomUUID();
    const digestId = await makeDigest(p.event.id, [
      moved(p.owner.id, "Coach to Sintra", "2027-01-14T09:00:00Z", "2027-01-14T08:30:00Z", coach),
      moved(p.host.id, "Coach to Sintra", "2027-01-14T08:30:00Z", "2027-01-14T09:00:00Z", coach),
    ]);
    await consumeNotify([{ type: "digest", digestId }]);
    // Each organiser hears of the other's edit alone; the guests, who saw neither, hear nothing.
    const mails = await mailsOf(digestId);
    expect(mails.map((mail) => mail.to).sort()).toEqual(emails(p.owner, p.host));
    expect(mails.find((mail) => mail.to === p.owner.email)!.text).toContain("Coach to Sintra: 08:30 AM → 09:00 AM Lisbon time");
  });

  it("tells a bulletin to participants, a join request to the owner and hosts, and a decision or a comment to the one person it is about", async () => {
    const p = await offsite();
    const digestId = await makeDigest(
      p.event.id,
      [
        {
          actorId: p.host.id,
          kind: "bulletins",
          subjectType: "bulletin",
          subjectId: crypto.randomUUID(),
          field: "posted",
          label: "Bring a jacket",
          oldValue: null,
          newValue: { title: "Bring a jacket", text: "Sintra is cold in the morning." },
          recipientId: null,
          urgent: true,
        },
        {
          actorId: p.asking.id,
          kind: "requests",
          subjectType: "rsvp",
          subjectId: crypto.randomUUID(),
          field: "requested",
          label: "Ari Test",
        },
        {
          actorId: p.owner.id,
          kind: "requests",
          subjectType: "rsvp",
          subjectId: crypto.randomUUID(),
          field: "approved",
          label: "Mia",
          recipientId: p.maybe.id,
        },
        {
          actorId: p.yes.id,
          kind: "comments",
          subjectType: "comment",
          subjectId: crypto.randomUUID(),
          field: "commented",
          label: "Yara Test",
          newValue: { text: "See you there!", postId: "p1" },
          recipientId: p.no.id,
        },
      ].map((row) => ({ oldValue: null, newValue: null, recipientId: null, urgent: true, ...row }) as LoggedRow),
    );
    // Comments are off for e-mail by default: Noah, whose post it is, switched them on.
    await db().insert(notificationPrefs).values({ userId: p.no.id, kind: "comments", channel: "email", enabled: true });
    await consumeNotify([{ type: "digest", digestId }]);
    const mails = await mailsOf(digestId);
    const to = (subject: string) =>
      mails
        .filter((mail) => mail.subject === subject)
        .map((mail) => mail.to)
        .sort();
    expect(to("Lisbon Offsite: Bring a jacket")).toEqual(emails(p.owner, p.otherHost, p.yes, p.maybe));
    expect(to("Ari Test asked to join Lisbon Offsite")).toEqual(emails(p.owner, p.host, p.otherHost));
    expect(to("You're in: Lisbon Offsite")).toEqual(emails(p.maybe));
    expect(to("Yara Test commented on your post in Lisbon Offsite")).toEqual(emails(p.no));
    expect(mails).toHaveLength(4 + 3 + 1 + 1);
    const bulletin = mails.find((mail) => mail.subject === "Lisbon Offsite: Bring a jacket" && mail.to === p.yes.email)!;
    expect(bulletin.text).toContain("Sintra is cold in the morning.");
    expect(bulletin.text).toContain(`${env.APP_ORIGIN}/experiences/${p.event.id}/bulletin`);
    const request = mails.find((mail) => mail.subject === "Ari Test asked to join Lisbon Offsite")!;
    const attendees = `${env.APP_ORIGIN}/experiences/${p.event.id}/attendees`;
    expect(request.text).toContain(`Approve: ${attendees}`);
    expect(request.text).toContain(`Reject: ${attendees}`);
    // A link never acts: both buttons open the guest list.
    expect([...request.html.matchAll(/<a href="([^"]+)"[^>]*>(Approve|Reject)<\/a>/g)].map(([, href, label]) => [label, href])).toEqual([
      ["Approve", attendees],
      ["Reject", attendees],
    ]);
    expect(request.html).toContain("You receive this because you organise Lisbon Offsite.");
  });

  it("leaves out a kind its reader switched off, and everything about an experience they muted", async () => {
    const p = await offsite();
    await db().batch([
      db().insert(notificationPrefs).values({ userId: p.yes.id, kind: "itinerary", channel: "email", enabled: false }),
      db().insert(notificationMutes).values({ userId: p.maybe.id, eventId: p.event.id }),
    ]);
    const digestId = await makeDigest(p.event.id, [
      moved(p.owner.id, "Coach to Sintra", "2027-01-14T09:00:00Z", "2027-01-14T08:30:00Z"),
      {
        actorId: p.owner.id,
        kind: "bulletins",
        subjectType: "bulletin",
        subjectId: crypto.randomUUID(),
        field: "posted",
        label: "Hi",
        oldValue: null,
        newValue: { title: "Hi", text: "Welcome" },
        recipientId: null,
        urgent: true,
      },
    ]);
    await consumeNotify([{ type: "digest", digestId }]);
    const mails = await mailsOf(digestId);
    expect(mails.filter((mail) => mail.to === p.yes.email).map((mail) => mail.subject)).toEqual(["Lisbon Offsite: Hi"]);
    expect(mails.filter((mail) => mail.to === p.maybe.email)).toEqual([]);
    expect(mails.filter((mail) => mail.to === p.host.email)).toHaveLength(2);
  });

  it("gives every mail one-click List-Unsubscribe headers whose token names its reader and kind, and a footer saying why it came", async () => {
    const p = await offsite();
    const digestId = await makeDigest(p.event.id, [moved(p.owner.id, "Coach to Sintra", "2027-01-14T09:00:00Z", "2027-01-14T08:30:00Z")]);
    await consumeNotify([{ type: "digest", digestId }]);
    const [mail] = (await mailsOf(digestId)).filter((row) => row.to === p.yes.email);
    expect(mail!.id).toBe(`${digestId}:${p.yes.id}:itinerary`);
    expect(mail!.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const oneClick = new URL(/^<(.+)>$/.exec(mail!.headers!["List-Unsubscribe"]!)![1]!);
    expect(`${oneClick.origin}${oneClick.pathname}`).toBe(`${env.APP_ORIGIN}/oapi/notifications/one-click`);
    expect(await readNotificationToken(env, oneClick.searchParams.get("token")!)).toEqual({ userId: p.yes.id, kind: "itinerary" });
    expect(mail!.html).toContain("You receive this because you take part in Lisbon Offsite.");
    expect(mail!.html).toContain("Stop e-mails about itinerary changes");
    expect(mail!.text).toContain(`Notification settings: ${env.APP_ORIGIN}/profile/notifications`);
    expect(mail!.text).toMatch(new RegExp(`Stop e-mails about itinerary changes: ${env.APP_ORIGIN}/notifications\\?token=`));
  });

  it("mails and pushes once when the queue delivers a digest twice", async () => {
    const p = await offsite();
    await db()
      .insert(pushSubscriptions)
      .values({
        id: crypto.randomUUID(),
        userId: p.yes.id,
        endpoint: `https://push.test/s/${crypto.randomUUID()}`,
        p256dh: "k",
        auth: "a",
      });
    const digestId = await makeDigest(p.event.id, [moved(p.owner.id, "Coach to Sintra", "2027-01-14T09:00:00Z", "2027-01-14T08:30:00Z")]);
    await consumeNotify([{ type: "digest", digestId }]);
    // The first delivery's mail went out before the second arrived.
    await db()
      .update(mailOutbox)
      .set({ status: "SENT" })
      .where(like(mailOutbox.id, `${digestId}:%`));
    await consumeNotify([{ type: "digest", digestId }]);
    const mails = await mailsOf(digestId);
    expect(mails).toHaveLength(4);
    expect(new Set(mails.map((mail) => mail.status))).toEqual(new Set(["SENT"]));
    expect(
      await db()
        .select()
        .from(pushOutbox)
        .where(like(pushOutbox.id, `${digestId}:%`)),
    ).toHaveLength(1);
  });

  it("tells nothing about an experience deleted before its digest was handled", async () => {
    const p = await offsite();
    const digestId = await makeDigest(p.event.id, [moved(p.owner.id, "Coach to Sintra", "2027-01-14T09:00:00Z", "2027-01-14T08:30:00Z")]);
    await db().delete(events).where(eq(events.id, p.event.id));
    const result = await consumeNotify([{ type: "digest", digestId }]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(await mailsOf(digestId)).toEqual([]);
  });

  it("pages 2,000 guests 500 to a message, and each guest gets exactly one mail", async () => {
    const owner = await makeUser({ firstName: "Olga" });
    const event = await makeEvent(owner.id, { name: "Big Offsite", timeZone: LISBON });
    const label = crypto.randomUUID().slice(0, 8);
    const guests = Array.from({ length: 2000 }, (_, i) => ({
      id: crypto.randomUUID(),
      email: `g${i}-${label}@example.com`,
      firstName: `G${i}`,
    }));
    const inserts = [
      ...chunkedInserts(db(), users, guests),
      ...chunkedInserts(
        db(),
        rsvps,
        guests.map((guest) => ({
          id: crypto.randomUUID(),
          eventId: event.id,
          userId: guest.id,
          email: guest.email,
          status: "YES" as const,
        })),
      ),
    ];
    for (let i = 0; i < inserts.length; i += 100) {
      const [first, ...rest] = inserts.slice(i, i + 100);
      await db().batch([first!, ...rest]);
    }
    const digestId = await makeDigest(event.id, [moved(owner.id, "Coach to Sintra", "2027-01-14T09:00:00Z", "2027-01-14T08:30:00Z")]);
    await consumeNotify([{ type: "digest", digestId }]);
    const pages = queues.notifyMessages();
    expect(pages).toEqual([1, 2, 3].map((page) => ({ type: "digest", digestId, page })));
    expect(RECIPIENTS_PER_PAGE).toBe(500);
    await consumeNotify(pages);
    // The owner made the change: 2,000 guests, one mail each.
    const mails = await mailsOf(digestId);
    expect(mails).toHaveLength(2000);
    expect(new Set(mails.map((mail) => mail.to))).toEqual(new Set(guests.map((guest) => guest.email)));
  });
});
