import { and, asc, eq, inArray, isNull, or, sql, type SQLWrapper } from "drizzle-orm";
import { getDb, type Db } from "@worker/db/client";
import { activities, activitySignups, checkinLists, checkins, eventHosts, events, passes, rsvps, users } from "@worker/db/schema";
import { seesActivity } from "@worker/domain/activity-audience";
import { personName } from "@worker/domain/people";
import type { Bindings } from "@worker/env";
import { chunkedInserts } from "@worker/lib/batch";
import { i18nFor } from "@worker/lib/i18n";
import type { LiveMessage } from "@worker/live/protocol";
import type { Checkin, ScanResult } from "@worker/shared/checkin-view.schema";
import { alreadyCheckedIn, DEFAULT_LIST_NAME, invalidReason, listClosed, listNotOpen, revokedReason } from "@worker/shared/checkin-words";
import { LOCALES, type RunLocale } from "@worker/shared/locales";
import { passNumberOf } from "@worker/shared/pass-number";
import { passReader, type PassClaims, type PassReader } from "@worker/shared/pass-token";
import { passPublicKey } from "./pass-keys";

// The check-in desk of an experience's EventRoom: every scan of the experience is judged and recorded here, one upload
// after another, so two gates scanning one pass at once cannot both admit it (docs/checkin.md). Each upload costs one
// D1 batch of reads and one of writes, whatever its size. The check-in sheet (checkin-sheet.service.ts) reads the rows
// the desk writes with the helpers below.

/** Makes the experience's default list if it has none yet (its id is the experience's): a statement for a batch. */
export const ensureDefaultList = (db: Db, eventId: string) =>
  db
    .insert(checkinLists)
    .values({ id: eventId, eventId, name: defaultListName(eventId) })
    .onConflictDoNothing();

/** The whole-experience list's name in the experience's language (events.language), chosen where the row is made. */
const defaultListName = (eventId: string) =>
  sql<string>`case (select ${events.language} from ${events} where ${events.id} = ${eventId})
    ${sql.join(
      LOCALES.map((locale) => sql`when ${locale} then ${i18nFor(locale)._(DEFAULT_LIST_NAME)}`),
      sql` `,
    )} else ${DEFAULT_LIST_NAME} end`;

/** The guest's name as the attendee list shows it: their account's, else the invitation's, else their e-mail (selected as `name`). */
export const attendeeName = sql<string>`coalesce(nullif(${personName}, ''),
  nullif(trim(${rsvps.firstName} || ' ' || ${rsvps.lastName}), ''), ${rsvps.email}, '')`.as("name");

/** A stored check-in as the API and the live message carry it. */
export const checkinView = (row: typeof checkins.$inferSelect): Checkin => ({
  id: row.id,
  listId: row.listId,
  rsvpId: row.rsvpId,
  serial: row.passSerial,
  nonce: row.nonce,
  scannedAt: row.scannedAt.toISOString(),
  device: row.device,
  byUserId: row.byUserId,
  byName: row.byName,
  offline: row.offline,
  doubleAdmission: row.doubleAdmission,
  undoneAt: row.undoneAt?.toISOString() ?? null,
});

/** One scan as the API validated it (features/checkin/checkin.schema.ts). */
interface DeskScan {
  token?: string;
  serial?: string;
  nonce: string;
  scannedAt: string;
  device: string;
  offline?: boolean;
}

export interface ScanRequest {
  eventId: string;
  listId: string;
  /** The organiser scanning. */
  userId: string;
  scans: DeskScan[];
  /** The scanner's language (its request's): the reasons are worded in it. */
  locale: RunLocale;
}

/** A live message for some people (user ids): what the room delivers once the desk's work is done. */
export interface Told {
  message: LiveMessage;
  recipients: string[];
}

/** The desk's answer, and what the room tells. */
export interface DeskOutcome<T> {
  answer: T;
  told: Told[];
}

/** The rows go to the organisers' scanners, and `pass.changed` to the guests whose pass card changed. */
function toldOf(eventId: string, recorded: Checkin[], organiserIds: string[], guestIds: string[]): Told[] {
  if (recorded.length === 0) return [];
  const rows: Told = { message: { type: "checkin.scanned", eventId, checkins: recorded }, recipients: organiserIds };
  return guestIds.length > 0 ? [rows, { message: { type: "pass.changed", eventId }, recipients: guestIds }] : [rows];
}

type CheckinRow = typeof checkins.$inferSelect;
type Verdict = ScanResult["verdict"];

/** `column` is one of `values`, bound as one JSON parameter: a 500-scan upload stays one statement, under D1's 100 parameters. */
const oneOf = (column: SQLWrapper, values: string[]) => sql`${column} in (select value from json_each(${JSON.stringify(values)}))`;

/** Statements reading the experience's zone and its organisers (owner, hosts): who hears of the desk's work. */
const organiserReads = (db: Db, eventId: string) =>
  [
    db.select({ timeZone: events.timeZone, ownerId: events.ownerId }).from(events).where(eq(events.id, eventId)),
    db.select({ userId: eventHosts.userId }).from(eventHosts).where(eq(eventHosts.eventId, eventId)),
  ] as const;

const answer = (nonce: string, verdict: Verdict, fields: Partial<ScanResult> = {}): ScanResult => ({
  nonce,
  verdict,
  attendee: null,
  previous: null,
  doubleAdmission: false,
  reason: null,
  checkin: null,
  ...fields,
});

/** A scanner's clock may run this far ahead of the server's. */
const CLOCK_SKEW_MS = 2 * 60_000;
/** How long an offline scanner's queue may wait before it is sent: an older scan time is not believed. */
const OFFLINE_PAST_MS = 48 * 3_600_000;

/**
 * When a scan happened, as the desk judges and records it: online, now by the server's clock (a scanner's own time
 * could back-date a scan into a closed list's window); offline, the scanner's time if it is believable (at most 48
 * hours old, at most 2 minutes ahead), else now.
 */
function scanTime(scan: DeskScan, now: number): number {
  if (!scan.offline) return now;
  const at = Date.parse(scan.scannedAt);
  return at > now + CLOCK_SKEW_MS || at < now - OFFLINE_PAST_MS ? now : at;
}

/** A token that is the pass number the e-mail prints (typed into a scanner's input) is a scan by that serial. */
function byPassNumber(scan: DeskScan): DeskScan {
  const serial = scan.token === undefined ? null : passNumberOf(scan.token);
  if (serial === null) return scan;
  const { token: _typed, ...rest } = scan;
  return { ...rest, serial };
}

/** Who a check-in admitted: the guest (their RSVP), whatever pass they held; the pass alone when the RSVP is gone. */
const guestOf = (row: Pick<CheckinRow, "rsvpId" | "passSerial">) => row.rsvpId ?? `pass:${row.passSerial}`;

const previousOf = (row: CheckinRow) => ({ byName: row.byName, at: row.scannedAt.toISOString(), device: row.device });

export class CheckinDesk {
  /** The desk's work under way, one piece after another. Only work in flight: nothing to rebuild after hibernation. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Reads the experience's passes: its public key read and imported once per wake (keys never change). */
  private reader: PassReader | null = null;

  constructor(private readonly env: Bindings) {}

  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Judges and records an upload of scans on one list; null when the list is not the experience's. */
  scan(request: ScanRequest): Promise<DeskOutcome<ScanResult[]> | null> {
    return this.inTurn(() => this.applyScans(request));
  }

  /** Undoes a check-in (again: the same answer); null when it is not the experience's. */
  undo(eventId: string, checkinId: string, userId: string): Promise<DeskOutcome<Checkin> | null> {
    return this.inTurn(() => this.applyUndo(eventId, checkinId, userId));
  }

  private async passes(db: Db, eventId: string): Promise<PassReader> {
    this.reader ??= await passReader(await passPublicKey(db, this.env, eventId));
    return this.reader;
  }

  private async applyScans({ eventId, listId, userId, scans: sent, locale }: ScanRequest): Promise<DeskOutcome<ScanResult[]> | null> {
    const db = getDb(this.env.DB);
    const scans = sent.map(byPassNumber);
    const read = await this.passes(db, eventId);
    const claims = await Promise.all(scans.map((scan) => (scan.token === undefined ? null : read(scan.token, eventId))));
    const serials = [...new Set(scans.flatMap((scan, i) => claims[i]?.serial ?? scan.serial ?? []))];
    const [, [list], [event], hosts, [by], known, passRows, admitted, [activity], signedUp] = await db.batch([
      // The whole-experience list is made on its first use; another list must exist already.
      listId === eventId ? ensureDefaultList(db, eventId) : db.select({ id: checkinLists.id }).from(checkinLists).limit(0),
      db
        .select()
        .from(checkinLists)
        .where(and(eq(checkinLists.id, listId), eq(checkinLists.eventId, eventId))),
      ...organiserReads(db, eventId),
      db.select({ name: personName }).from(users).where(eq(users.id, userId)),
      db
        .select()
        .from(checkins)
        .where(and(eq(checkins.eventId, eventId), oneOf(checkins.nonce, [...new Set(scans.map((scan) => scan.nonce))]))),
      db
        .select({
          serial: passes.serial,
          rsvpId: passes.rsvpId,
          revokedAt: passes.revokedAt,
          revokedReason: passes.revokedReason,
          status: rsvps.status,
          userId: rsvps.userId,
          tags: rsvps.tags,
          name: attendeeName,
        })
        .from(passes)
        .leftJoin(rsvps, eq(rsvps.id, passes.rsvpId))
        .leftJoin(users, eq(users.id, rsvps.userId))
        .where(and(eq(passes.eventId, eventId), oneOf(passes.serial, serials))),
      db
        .select()
        .from(checkins)
        .where(
          and(
            eq(checkins.listId, listId),
            isNull(checkins.undoneAt),
            // The guest's admissions whatever pass they held: a reissued pass, or one issued when they attended again.
            or(
              oneOf(checkins.passSerial, serials),
              inArray(
                checkins.rsvpId,
                db
                  .select({ rsvpId: passes.rsvpId })
                  .from(passes)
                  .where(and(eq(passes.eventId, eventId), oneOf(passes.serial, serials))),
              ),
            ),
          ),
        )
        .orderBy(asc(checkins.scannedAt), asc(checkins.createdAt)),
      // A list for an activity admits only those it is for (docs/programme.md): its groups, and its sign-ups holding a place.
      db
        .select({ attendance: activities.attendance, groups: activities.groups })
        .from(checkinLists)
        .innerJoin(activities, eq(activities.id, checkinLists.activityId))
        .where(eq(checkinLists.id, listId)),
      db
        .select({ userId: activitySignups.userId })
        .from(activitySignups)
        .innerJoin(checkinLists, eq(checkinLists.activityId, activitySignups.activityId))
        .where(and(eq(checkinLists.id, listId), eq(activitySignups.status, "IN"))),
    ]);
    if (!list || !event) return null;
    const holding = new Set(signedUp.map((row) => row.userId));
    /** Why the list's activity is not for this guest, if it is not. */
    const notFor = (pass: { userId: string | null; tags: string[] | null }) =>
      !activity
        ? null
        : !seesActivity({ organiser: false, groups: pass.tags ?? [] }, activity)
          ? invalidReason("notInvited", words)
          : activity.attendance === "SIGNUP" && !(pass.userId && holding.has(pass.userId))
            ? invalidReason("notSignedUp", words)
            : null;

    const zone = event.timeZone;
    const words = i18nFor(locale);
    const passOf = new Map(passRows.map((row) => [row.serial, row]));
    const storedOf = new Map(known.map((row) => [row.nonce, row]));
    /** Each guest's first admission on this list that stands (not undone): what 'already checked in' points at. */
    const firstIn = new Map<string, CheckinRow>();
    for (const row of admitted) if (!firstIn.has(guestOf(row))) firstIn.set(guestOf(row), row);
    const recorded: CheckinRow[] = [];
    const answered = new Map<string, ScanResult>();

    const now = Date.now();
    const judge = (scan: DeskScan, claim: PassClaims | null): ScanResult => {
      const stored = storedOf.get(scan.nonce);
      const pass = passOf.get(stored?.passSerial ?? claim?.serial ?? scan.serial ?? "");
      const attendee = pass?.rsvpId ? { rsvpId: pass.rsvpId, name: pass.name } : null;
      if (stored) {
        // Uploaded before: its first answer again, nothing written.
        const first = firstIn.get(guestOf(stored));
        return answer(scan.nonce, stored.doubleAdmission ? "ALREADY_CHECKED_IN" : "CHECKED_IN", {
          attendee,
          previous: stored.doubleAdmission && first && first.id !== stored.id ? previousOf(first) : null,
          doubleAdmission: stored.doubleAdmission,
          checkin: checkinView(stored),
        });
      }
      if (scan.token !== undefined && !claim) return answer(scan.nonce, "INVALID", { reason: invalidReason("notAPass", words) });
      if (!pass) return answer(scan.nonce, "INVALID", { reason: invalidReason("unknown", words) });
      if (pass.revokedAt) return answer(scan.nonce, "REVOKED", { attendee, reason: revokedReason(pass.revokedReason ?? "LEFT", words) });
      if (pass.status !== "YES") return answer(scan.nonce, "NOT_ATTENDING", { attendee });
      const refused = notFor(pass);
      if (refused) return answer(scan.nonce, "INVALID", { attendee, reason: refused });
      const at = scanTime(scan, now);
      if (list.opensAt && at < list.opensAt.getTime())
        return answer(scan.nonce, "INVALID", { attendee, reason: listNotOpen(list.opensAt.getTime(), zone, words) });
      if (list.closesAt && at > list.closesAt.getTime())
        return answer(scan.nonce, "INVALID", { attendee, reason: listClosed(list.closesAt.getTime(), zone, words) });

      const guest = guestOf({ rsvpId: pass.rsvpId, passSerial: pass.serial });
      const first = list.reentry ? undefined : firstIn.get(guest);
      const previous = first ? previousOf(first) : null;
      const already = first ? alreadyCheckedIn({ ...previous!, at: first.scannedAt.getTime() }, zone, words) : null;
      // Refused online; admitted already by an offline scanner, so kept and flagged.
      if (first && !scan.offline) return answer(scan.nonce, "ALREADY_CHECKED_IN", { attendee, previous, reason: already });
      const row: CheckinRow = {
        id: crypto.randomUUID(),
        eventId,
        listId,
        passSerial: pass.serial,
        rsvpId: pass.rsvpId,
        nonce: scan.nonce,
        scannedAt: new Date(at),
        device: scan.device,
        byUserId: userId,
        byName: by?.name ?? "",
        offline: scan.offline ?? false,
        doubleAdmission: first !== undefined,
        undoneAt: null,
        undoneById: null,
        createdAt: new Date(),
      };
      recorded.push(row);
      if (!firstIn.has(guest)) firstIn.set(guest, row);
      return answer(scan.nonce, first ? "ALREADY_CHECKED_IN" : "CHECKED_IN", {
        attendee,
        previous,
        reason: already,
        doubleAdmission: first !== undefined,
        checkin: checkinView(row),
      });
    };

    const results = scans.map((scan, i) => {
      // The same nonce twice in one upload: the first answer again.
      const result = answered.get(scan.nonce) ?? judge(scan, claims[i] ?? null);
      answered.set(scan.nonce, result);
      return result;
    });
    const inserts = chunkedInserts(db, checkins, recorded);
    if (inserts.length > 0) await db.batch(inserts as [(typeof inserts)[number], ...typeof inserts]);
    const guestIds = recorded.flatMap((row) => passOf.get(row.passSerial)?.userId ?? []);
    return {
      answer: results,
      told: toldOf(eventId, recorded.map(checkinView), [event.ownerId, ...hosts.map((host) => host.userId)], [...new Set(guestIds)]),
    };
  }

  private async applyUndo(eventId: string, checkinId: string, userId: string): Promise<DeskOutcome<Checkin> | null> {
    const db = getDb(this.env.DB);
    const ofEvent = and(eq(checkins.id, checkinId), eq(checkins.eventId, eventId));
    const [, [row], [event], hosts, guests] = await db.batch([
      db
        .update(checkins)
        .set({ undoneAt: new Date(), undoneById: userId })
        .where(and(ofEvent, isNull(checkins.undoneAt))),
      db.select().from(checkins).where(ofEvent),
      ...organiserReads(db, eventId),
      db
        .select({ userId: rsvps.userId })
        .from(rsvps)
        .where(inArray(rsvps.id, db.select({ id: checkins.rsvpId }).from(checkins).where(ofEvent))),
    ]);
    if (!row || !event) return null;
    const undone = checkinView(row);
    return {
      answer: undone,
      told: toldOf(
        eventId,
        [undone],
        [event.ownerId, ...hosts.map((host) => host.userId)],
        guests.flatMap((guest) => guest.userId ?? []),
      ),
    };
  }
}
