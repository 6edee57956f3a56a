import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { toast } from "@web/components/ui/toast";
import { useLiveMessages } from "@web/hooks/use-live";
import { errorMessage, isNetworkError } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { checkinKeys } from "@web/lib/queries/query-keys";
import { displayName, session } from "@web/lib/session";
import type { CheckinSheet, Scan } from "@worker/features/checkin/checkin.schema";
import type { Checkin } from "@worker/shared/checkin-view.schema";
import { passNumberOf } from "@worker/shared/pass-number";
import { sheetQueryOptions } from "../api/get-sheet";
import { postScans } from "../api/post-scans";
import { localVerdict, serverVerdict, type ScanInput, type Verdict } from "./local-verdict";
import { newNonce } from "./nonce";
import { dropScans, queuedScans, queueScan, type QueuedScan } from "./offline-store";
import { learned } from "./sheet-journal";
import { withCheckins, withoutScan } from "./sheet-updates";

/** A scan as the gate lists it: its verdict, and the check-in it made (to undo), if any. */
export interface GateScan extends Verdict {
  nonce: string;
  scannedAt: string;
  checkinId: string | null;
  /** Admitted offline and not sent yet. */
  queued: boolean;
}

/** How often an offline gate tries the network again, beside the browser's `online` event. */
const RETRY_MS = 10_000;
/** An upload after an offline spell carries many scans: it may take longer than one scan's answer. */
const UPLOAD_WAIT_MS = 15_000;
const RECENT = 10;
const NOT_PREPARED = /*i18n*/ "Prepare for offline to check guests in without a network";

/**
 * One gate: scans go to the server, with the cached sheet's own verdict shown at once; without an answer in 3 s
 * (or with the browser offline) the gate carries on offline by itself, admitting from the sheet, queueing what it
 * admits, and sending the queue when the network returns.
 */
export function useGate(eventId: string, listId: string, device: string) {
  const queryClient = useQueryClient();
  // Stable, so the retry timer and the `online` listener are not set up again on every render.
  const key = useMemo(() => checkinKeys.sheet(eventId), [eventId]);
  const [offline, setOffline] = useState(() => !navigator.onLine);
  const [current, setCurrent] = useState<GateScan | null>(null);
  const [recent, setRecent] = useState<GateScan[]>([]);
  const [queued, setQueued] = useState(0);
  const [doubles, setDoubles] = useState<string[]>([]);
  const offlineRef = useRef(offline);
  const uploading = useRef(false);
  const latest = useRef<string | null>(null);

  const sheet = () => queryClient.getQueryData<CheckinSheet>(key);
  const patch = useCallback(
    (change: (sheet: CheckinSheet) => CheckinSheet) => queryClient.setQueryData<CheckinSheet>(key, (old) => old && change(old)),
    [queryClient, key],
  );
  const goOffline = (value: boolean) => {
    offlineRef.current = value;
    setOffline(value);
  };
  const remember = (scan: GateScan) => {
    if (latest.current === scan.nonce) setCurrent(scan);
    setRecent((list) => [scan, ...list.filter((other) => other.nonce !== scan.nonce)].slice(0, RECENT));
  };

  /** Check-ins this gate learned: in the cached sheet now, and kept over any sheet read sent before (sheet-journal.ts). */
  const learn = useCallback(
    (checkins: Checkin[]) => {
      learned(eventId, checkins);
      patch((old) => withCheckins(old, checkins));
    },
    [eventId, patch],
  );

  useLiveMessages(eventId, (notice) => {
    if (notice.type === "checkin.scanned") learn(notice.checkins);
  });

  const refreshQueued = useCallback(async () => setQueued((await queuedScans(eventId)).length), [eventId]);

  const upload = useCallback(async () => {
    if (uploading.current) return;
    uploading.current = true;
    try {
      const waiting = await queuedScans(eventId);
      if (waiting.length === 0) {
        // Nothing to send: the network is back when the sheet can be read again.
        await queryClient.fetchQuery({ ...sheetQueryOptions(eventId), staleTime: 0 });
        goOffline(false);
        return;
      }
      const byList = new Map<string, QueuedScan[]>();
      for (const scan of waiting) byList.set(scan.listId, [...(byList.get(scan.listId) ?? []), scan]);
      const flagged: string[] = [];
      for (const [list, scans] of byList) {
        const { results } = await postScans(
          eventId,
          list,
          scans.map((scan) => scan.scan),
          UPLOAD_WAIT_MS,
        );
        // The server's rows first, then the queue emptied: a sheet read answering in between keeps one or the other.
        learn(results.flatMap((result) => (result.checkin ? [result.checkin] : [])));
        await dropScans(scans.map((scan) => scan.nonce));
        for (const result of results) if (result.doubleAdmission) flagged.push(result.attendee?.name ?? "A guest");
        const sent = new Map(results.map((result) => [result.nonce, result.checkin?.id ?? null]));
        setRecent((list) =>
          list.map((scan) => (sent.has(scan.nonce) ? { ...scan, queued: false, checkinId: sent.get(scan.nonce) ?? null } : scan)),
        );
      }
      goOffline(false);
      if (flagged.length > 0) setDoubles((old) => [...old, ...flagged]);
    } catch {
      // Still no network: the queue stays, and the next retry or `online` event tries again.
    } finally {
      uploading.current = false;
      await refreshQueued();
    }
  }, [eventId, learn, queryClient, refreshQueued]);

  useEffect(() => {
    // Scans left queued by an earlier visit go out as soon as the screen opens with a network.
    void queuedScans(eventId).then((waiting) => {
      setQueued(waiting.length);
      if (waiting.length > 0 && navigator.onLine) void upload();
    });
    const back = () => void upload();
    const lost = () => goOffline(true);
    window.addEventListener("online", back);
    window.addEventListener("offline", lost);
    return () => {
      window.removeEventListener("online", back);
      window.removeEventListener("offline", lost);
    };
  }, [eventId, refreshQueued, upload]);

  useEffect(() => {
    if (!offline) return;
    const timer = setInterval(() => navigator.onLine && void upload(), RETRY_MS);
    return () => clearInterval(timer);
  }, [offline, upload]);

  async function admitOffline(input: ScanInput, local: Verdict | null, base: Omit<GateScan, keyof Verdict>) {
    // No sheet to judge by: saying nothing of the pass is better than a red verdict the guest does not deserve.
    if (!local) return void toast.error(i18n._(NOT_PREPARED));
    if (local.verdict !== "CHECKED_IN" || !local.serial) return remember({ ...local, ...base });
    const me = session.user();
    const scan: Scan = { ...input, nonce: base.nonce, scannedAt: base.scannedAt, device, offline: true };
    const checkin: Checkin = {
      id: base.nonce,
      listId,
      rsvpId: local.attendee?.rsvpId ?? null,
      serial: local.serial,
      nonce: base.nonce,
      scannedAt: base.scannedAt,
      device,
      byUserId: me?.guid ?? null,
      byName: me ? displayName(me) : device,
      offline: true,
      doubleAdmission: false,
      undoneAt: null,
    };
    await queueScan({ nonce: base.nonce, eventId, listId, scan });
    learned(eventId, [checkin], { unsent: true });
    patch((old) => withCheckins(old, [checkin]));
    remember({ ...local, ...base, queued: true });
    await refreshQueued();
  }

  async function scan(read: ScanInput) {
    // The pass number the e-mail prints, typed in: the guest is checked in by it, as from the search.
    const number = "token" in read ? passNumberOf(read.token) : null;
    const input: ScanInput = number ? { serial: number } : read;
    const base = { nonce: newNonce(), scannedAt: new Date().toISOString(), checkinId: null, queued: false };
    latest.current = base.nonce;
    const cached = sheet();
    const local = cached ? await localVerdict(cached, listId, input) : null;
    if (local && latest.current === base.nonce) setCurrent({ ...local, ...base });
    if (offlineRef.current || !navigator.onLine) return admitOffline(input, local, base);
    try {
      const { results } = await postScans(eventId, listId, [{ ...input, nonce: base.nonce, scannedAt: base.scannedAt, device }]);
      const result = results[0];
      if (!result) return;
      if (result.checkin) learn([result.checkin]);
      const zone = sheet()?.timeZone ?? "UTC";
      remember({ ...serverVerdict(result, zone, local?.serial ?? null), ...base, checkinId: result.checkin?.id ?? null });
    } catch (error) {
      if (!isNetworkError(error)) {
        if (latest.current === base.nonce) setCurrent(null);
        return void toast.error(errorMessage(error, i18n._("The scan could not be checked")));
      }
      goOffline(true);
      await admitOffline(input, local, base);
    }
  }

  /** Forgets an offline admission that was not sent yet (the server's check-ins are undone through the API). */
  async function dropQueued(nonce: string) {
    await dropScans([nonce]);
    patch((old) => withoutScan(old, nonce));
    setRecent((list) => list.filter((scan) => scan.nonce !== nonce));
    if (latest.current === nonce) setCurrent(null);
    await refreshQueued();
  }

  /** An undone check-in: its line in the recent scans no longer offers Undo. */
  const undone = (checkinId: string) =>
    setRecent((list) => list.map((scan) => (scan.checkinId === checkinId ? { ...scan, checkinId: null } : scan)));

  return { offline, current, recent, queued, doubles, scan, dropQueued, undone, dismissDoubles: () => setDoubles([]) };
}
