import { useI18n } from "@web/lib/i18n";
import { VERDICT_TITLE } from "@worker/shared/checkin-words";
import type { GateScan } from "../scanning/use-gate";

const TONE = {
  CHECKED_IN: "bg-emerald-700 text-white",
  ALREADY_CHECKED_IN: "bg-amber-400 text-slate-950",
  REVOKED: "bg-rose-700 text-white",
  NOT_ATTENDING: "bg-rose-700 text-white",
  INVALID: "bg-rose-700 text-white",
} as const;

/**
 * The last scan's verdict, big and coloured, read out by screen readers as soon as it changes. Its space is kept
 * while empty, so nothing under it moves when a verdict appears.
 */
export function VerdictPanel({ scan }: { scan: GateScan | null }) {
  const i18n = useI18n();
  return (
    <div aria-live="assertive" aria-atomic="true" className="min-h-32">
      {scan ? (
        <div data-verdict={scan.verdict} className={`rounded-2xl px-5 py-4 ${TONE[scan.verdict]}`}>
          <p className="text-3xl font-bold">{i18n._(VERDICT_TITLE[scan.verdict])}</p>
          {scan.attendee && <p className="mt-1 text-xl font-semibold">{scan.attendee.name}</p>}
          {scan.reason && <p className="mt-1 text-base">{scan.reason}</p>}
        </div>
      ) : (
        <div className="flex min-h-32 items-center justify-center rounded-2xl border-2 border-dashed border-slate-300 px-5 text-center text-slate-500">
          {i18n._("Scan a pass, or search for a guest")}
        </div>
      )}
    </div>
  );
}
