import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "@worker/db/client";
import {
  changeLog,
  eventHosts,
  events,
  notificationDigests,
  notificationMutes,
  notificationPrefs,
  pushSubscriptions,
  rsvps,
  users,
} from "@worker/db/schema";
import { seesActivity } from "@worker/domain/activity-audience";
import { concernsReader, signupAudiences } from "@worker/domain/activity-signups";
import { foldChanges, type LoggedChange } from "@worker/domain/change-text";
import { GUEST_STATUSES } from "@worker/domain/permissions";
import { idChunks } from "@worker/lib/batch";
import { NOTIFY_DEFAULTS, NOTIFY_KINDS, type NotifyChannel, type NotifyKind } from "@worker/shared/notify-kinds";
import { PUSH_SUBSCRIPTIONS_MAX } from "./notifications.schema";

// What a digest tells whom (docs/notifications.md): its change-log rows, folded per recipient over the rows others
// made, grouped by kind, for the kind's audience as it is now (guests: of changes made since they joined), less what each person switched off or muted.

/** Recipients one queue message handles; page 0 queues the others (a 2,000-guest experience is 4 messages). */
export const RECIPIENTS_PER_PAGE = 500;

export interface DigestChange extends LoggedChange {
  urgent: boolean;
}

export interface DigestEvent {
  id: string;
  name: string;
  timeZone: string;
  /** What a recipient without a saved language reads it in (events.language). */
  language: string;
}

interface Recipient {
  id: string;
  email: string;
  firstName: string;
  /** Their account's language (users.language); null: the experience's. */
  language: string | null;
}

/** One kind of news for one person: a mail when their e-mail switch is on, a push to each of their browsers when push is. */
export interface Telling {
  recipient: Recipient;
  kind: NotifyKind;
  changes: DigestChange[];
  email: boolean;
  /** Their push subscriptions, when push is on for this kind (else none). */
  subscriptionIds: string[];
}

export interface DigestPage {
  event: DigestEvent;
  /** How many pages the digest's recipients fill. */
  pages: number;
  tellings: Telling[];
}

interface Audience {
  /** Owner and hosts: join requests. */
  organisers: Set<string>;
  /**
   * Organisers and guests who said yes or maybe, with when they joined (epoch ms; organisers 0): the itinerary and
   * bulletins, of changes made since then (someone who joined after a change saw the itinerary as it is).
   */
  participants: Map<string, number>;
  /** Each guest's attendee groups: an activity limited to groups is told to those in them (docs/programme.md). */
  groups: Map<string, string[]>;
  /** The sign-ups of the sign-up activities changed: a change to one is told to them alone (docs/programme.md). */
  signups: Map<string, Set<string>>;
}

/** Runs reads of one shape over id chunks in one D1 batch (IN lists under the bound-parameter limit). */
async function readChunks<Row>(db: Db, ids: string[], read: (chunk: string[]) => BatchItem<"sqlite"> & PromiseLike<Row[]>): Promise<Row[]> {
  const [first, ...rest] = idChunks(ids).map(read);
  return first ? ((await db.batch([first, ...rest])) as Row[][]).flat() : [];
}

async function loadDigest(db: Db, digestId: string) {
  const [found, changes] = await db.batch([
    db
      .select({ id: events.id, name: events.name, timeZone: events.timeZone, language: events.language, ownerId: events.ownerId })
      .from(notificationDigests)
      .innerJoin(events, eq(events.id, notificationDigests.eventId))
      .where(eq(notificationDigests.id, digestId)),
    db.select().from(changeLog).where(eq(changeLog.digestId, digestId)).orderBy(changeLog.seq),
  ]);
  return found[0] ? { event: found[0], changes: changes as DigestChange[] } : null;
}

async function loadAudience(db: Db, eventId: string, ownerId: string, changes: DigestChange[]): Promise<Audience> {
  const [hosts, guests] = await db.batch([
    db.select({ userId: eventHosts.userId }).from(eventHosts).where(eq(eventHosts.eventId, eventId)),
    db
      .select({ userId: rsvps.userId, joinedAt: rsvps.createdAt, tags: rsvps.tags })
      .from(rsvps)
      .where(and(eq(rsvps.eventId, eventId), inArray(rsvps.status, GUEST_STATUSES), isNotNull(rsvps.userId))),
  ]);
  const organisers = new Set([ownerId, ...hosts.map((row) => row.userId)]);
  const participants = new Map(guests.flatMap((row) => (row.userId ? [[row.userId, row.joinedAt.getTime()] as const] : [])));
  for (const organiser of organisers) participants.set(organiser, 0);
  const groups = new Map(guests.flatMap((row) => (row.userId ? [[row.userId, row.tags] as const] : [])));
  const changed = changes.filter((change) => change.subjectType === "activity").map((change) => change.subjectId);
  return { organisers, participants, groups, signups: await signupAudiences(db, changed) };
}

/** Whether a change is told to this person: never their own; a decision or comment to the one it is for; else the kind's audience. */
function isFor(change: DigestChange, userId: string, audience: Audience): boolean {
  if (change.actorId === userId) return false;
  if (change.recipientId) return change.recipientId === userId;
  const organiser = audience.organisers.has(userId);
  if (!seesActivity({ organiser, groups: audience.groups.get(userId) ?? [] }, change)) return false;
  if (!concernsReader(audience.signups, change, { userId, organiser })) return false;
  if (change.kind === "requests") return audience.organisers.has(userId);
  return change.kind !== "comments" && (audience.participants.get(userId) ?? Infinity) <= change.createdAt.getTime();
}

/** The person's switches: their rows, else the defaults; a muted experience switches everything off. */
async function loadSwitches(db: Db, eventId: string, userIds: string[]) {
  const [prefs, mutes, subscriptions] = await Promise.all([
    readChunks(db, userIds, (chunk) => db.select().from(notificationPrefs).where(inArray(notificationPrefs.userId, chunk))),
    readChunks(db, userIds, (chunk) =>
      db
        .select({ userId: notificationMutes.userId })
        .from(notificationMutes)
        .where(and(eq(notificationMutes.eventId, eventId), inArray(notificationMutes.userId, chunk))),
    ),
    readChunks(db, userIds, (chunk) =>
      db
        .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.userId, chunk))
        .orderBy(desc(pushSubscriptions.createdAt), desc(sql`rowid`)),
    ),
  ]);
  const switches = new Map(prefs.map((row) => [`${row.userId}:${row.kind}:${row.channel}`, row.enabled]));
  const muted = new Set(mutes.map((row) => row.userId));
  const browsers = new Map<string, string[]>();
  // A person's newest browsers only, however many were saved before the cap.
  for (const row of subscriptions) {
    const theirs = browsers.get(row.userId) ?? [];
    if (theirs.length < PUSH_SUBSCRIPTIONS_MAX) browsers.set(row.userId, [...theirs, row.id]);
  }
  return {
    enabled: (userId: string, kind: NotifyKind, channel: NotifyChannel) =>
      !muted.has(userId) && (switches.get(`${userId}:${kind}:${channel}`) ?? NOTIFY_DEFAULTS[channel][kind]),
    subscriptionIds: (userId: string) => browsers.get(userId) ?? [],
  };
}

/**
 * One page of a digest's recipients and what each is told, by kind; null when the digest or its experience is gone
 * (a deleted experience tells nothing). Recipients are ordered by id, so each page is its own slice of them.
 */
export async function digestPage(db: Db, digestId: string, page: number): Promise<DigestPage | null> {
  const digest = await loadDigest(db, digestId);
  if (!digest) return null;
  const { event, changes } = digest;
  const audience = await loadAudience(db, event.id, event.ownerId, changes);
  const everyone = [
    ...new Set([...audience.participants.keys(), ...changes.flatMap((change) => (change.recipientId ? [change.recipientId] : []))]),
  ]
    .filter((userId) => changes.some((change) => isFor(change, userId, audience)))
    .sort();
  const pageIds = everyone.slice(page * RECIPIENTS_PER_PAGE, (page + 1) * RECIPIENTS_PER_PAGE);
  const [people, switches] = await Promise.all([
    readChunks(db, pageIds, (chunk) =>
      db
        .select({ id: users.id, email: users.email, firstName: users.firstName, language: users.language })
        .from(users)
        .where(inArray(users.id, chunk)),
    ),
    loadSwitches(db, event.id, pageIds),
  ]);
  // Most recipients see the same rows (all but their own): each distinct set is folded once.
  const folds = new Map<string, DigestChange[]>();
  const foldFor = (userId: string) => {
    const theirs = changes.filter((change) => isFor(change, userId, audience));
    const key = theirs.map((change) => change.seq).join(",");
    const folded = folds.get(key) ?? foldChanges(theirs);
    folds.set(key, folded);
    return folded;
  };
  const tellings = people.flatMap((recipient) => {
    const folded = foldFor(recipient.id);
    return NOTIFY_KINDS.flatMap((kind): Telling[] => {
      const told = folded.filter((change) => change.kind === kind);
      if (told.length === 0) return [];
      const email = switches.enabled(recipient.id, kind, "email");
      const subscriptionIds = switches.enabled(recipient.id, kind, "push") ? switches.subscriptionIds(recipient.id) : [];
      return email || subscriptionIds.length > 0 ? [{ recipient, kind, changes: told, email, subscriptionIds }] : [];
    });
  });
  return {
    event: { id: event.id, name: event.name, timeZone: event.timeZone, language: event.language },
    pages: Math.max(1, Math.ceil(everyone.length / RECIPIENTS_PER_PAGE)),
    tellings,
  };
}
