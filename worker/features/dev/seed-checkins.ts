import type { Db } from "@worker/db/client";
import { checkinLists, checkins, passes } from "@worker/db/schema";
import { toHex } from "@worker/lib/crypto";
import { DEFAULT_LIST_NAME } from "@worker/shared/checkin-words";

interface Admission {
  rsvpId: string;
  by: { id: string; name: string };
  device: string;
  /** Epoch milliseconds. */
  at: number;
}

/** 16 hex digits, as NEW_SERIAL (features/checkin/passes.ts) makes them in D1. */
const serial = () => toHex(crypto.getRandomValues(new Uint8Array(8)));

/**
 * The demo experience's whole-experience list with a few guests already admitted, so its Check-in screen opens with
 * counts and history; every other attending guest gets a pass when the sheet is first read. Statements for the seed's batch.
 */
export function demoCheckinInserts(db: Db, eventId: string, admissions: Admission[]) {
  const issued = admissions.map((admission) => ({ ...admission, serial: serial() }));
  return [
    db.insert(checkinLists).values({ id: eventId, eventId, name: DEFAULT_LIST_NAME }).onConflictDoNothing(),
    db
      .insert(passes)
      .values(issued.map(({ rsvpId, serial: s, at }) => ({ serial: s, eventId, rsvpId, issuedAt: new Date(at - 86_400_000) }))),
    db.insert(checkins).values(
      issued.map(({ rsvpId, serial: s, by, device, at }, i) => ({
        id: crypto.randomUUID(),
        eventId,
        listId: eventId,
        passSerial: s,
        rsvpId,
        nonce: `demo-${i}-${s}`,
        scannedAt: new Date(at),
        device,
        byUserId: by.id,
        byName: by.name,
      })),
    ),
  ] as const;
}
