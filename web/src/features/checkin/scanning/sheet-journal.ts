import { replaceEqualDeep } from "@tanstack/react-query";
import type { CheckinSheet } from "@worker/features/checkin/checkin.schema";
import type { Checkin } from "@worker/shared/checkin-view.schema";
import { withCheckins } from "./sheet-updates";

// What this page learned of an experience's check-ins (its own answers, undo, live messages, its offline admissions),
// so that a sheet read never takes it back. A read sent before an upload landed can answer after it: its older
// check-ins (and counts) would replace the newer ones until a reload. Each read notes what the page had learned when
// it was sent; when its answer is stored, everything learned since is applied over it again (the same rows, matched
// by id or nonce, so twice is once), and the offline admissions not sent yet too (the server has not seen them).

interface Journal {
  /** How many things were learned so far: the order of what was learned. */
  learnedCount: number;
  entries: { seq: number; checkins: Checkin[] }[];
  /** The reads under way: what had been learned when each was sent, and when. */
  reads: { seq: number; at: number }[];
  /** Offline admissions queued on this device and not sent yet, by nonce. */
  unsent: Map<string, Checkin>;
}

const journals = new Map<string, Journal>();
/** A read unanswered for this long (the API client gives up after 30 s) will never be stored: it holds nothing back. */
const READ_GIVEN_UP_MS = 60_000;
/** What had been learned when each sheet answer's read was sent. */
const sentAt = new WeakMap<object, { eventId: string; seq: number }>();

function journal(eventId: string): Journal {
  let found = journals.get(eventId);
  if (!found) journals.set(eventId, (found = { learnedCount: 0, entries: [], reads: [], unsent: new Map() }));
  const givenUp = Date.now() - READ_GIVEN_UP_MS;
  found.reads = found.reads.filter((read) => read.at > givenUp);
  return found;
}

/** Forgets what a read held back; then keeps only what a read still under way may have missed. */
function readDone(log: Journal, seq: number) {
  const index = log.reads.findIndex((read) => read.seq === seq);
  if (index >= 0) log.reads.splice(index, 1);
  const oldest = Math.min(...log.reads.map((read) => read.seq));
  log.entries = log.entries.filter((entry) => entry.seq > oldest);
}

/** Check-ins the page learned (a scan's answer, an undo, a live message); `unsent` for offline admissions queued here. */
export function learned(eventId: string, checkins: Checkin[], { unsent = false } = {}) {
  if (checkins.length === 0) return;
  const log = journal(eventId);
  if (unsent) for (const checkin of checkins) log.unsent.set(checkin.nonce, checkin);
  // With no read under way, nothing can miss it: a read sent later finds it on the server.
  else if (log.reads.length > 0) log.entries.push({ seq: ++log.learnedCount, checkins });
}

/** Offline admissions sent (their answers learned) or dropped before sending (offline-store.ts): no longer kept over reads. */
export function settled(nonces: string[]) {
  for (const log of journals.values()) for (const nonce of nonces) log.unsent.delete(nonce);
}

/** Reads the sheet, noting what the page had learned when the read was sent. */
export async function readingSheet(eventId: string, read: () => Promise<CheckinSheet>): Promise<CheckinSheet> {
  const log = journal(eventId);
  const seq = log.learnedCount;
  log.reads.push({ seq, at: Date.now() });
  try {
    const sheet = await read();
    sentAt.set(sheet, { eventId, seq });
    return sheet;
  } catch (error) {
    readDone(log, seq);
    throw error;
  }
}

/**
 * The sheet query's structural sharing: a sheet read is stored with everything learned since it was sent applied
 * over it, and the unsent offline admissions; anything else (the page's own updates) as TanStack would store it.
 */
export function sheetAnswered(old: unknown, fresh: unknown): unknown {
  const read = typeof fresh === "object" && fresh !== null ? sentAt.get(fresh) : undefined;
  if (!read) return replaceEqualDeep(old, fresh);
  sentAt.delete(fresh as object);
  const log = journal(read.eventId);
  let sheet = fresh as CheckinSheet;
  for (const entry of log.entries) if (entry.seq > read.seq) sheet = withCheckins(sheet, entry.checkins);
  // An unsent admission the server already has (another tab sent the queue) is the server's row.
  const known = new Set(sheet.checkins.map((checkin) => checkin.nonce));
  sheet = withCheckins(
    sheet,
    [...log.unsent.values()].filter((checkin) => !known.has(checkin.nonce)),
  );
  // What no read under way can have missed is in the stored sheet now, or in the server's answers to come.
  readDone(log, read.seq);
  return replaceEqualDeep(old, sheet);
}
