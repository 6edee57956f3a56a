import { client, data } from "@web/lib/api-client";
import type { Scan } from "@worker/features/checkin/checkin.schema";

/** How long a gate waits for the server before it carries on offline by itself. */
const SCAN_ANSWER_MS = 3000;

/** Sends scans to the server (one at the gate, or a batch after an offline spell); gives up after `waitMs`. */
export function postScans(eventId: string, listId: string, scans: Scan[], waitMs = SCAN_ANSWER_MS) {
  return data(
    client.api.events[":eventId"].checkins.$post(
      { param: { eventId }, json: { listId, scans } },
      { init: { signal: AbortSignal.timeout(waitMs) } },
    ),
  );
}
