import { Button } from "@web/components/ui/button";
import { TitledSection } from "@web/components/ui/titled-section";
import { useI18n } from "@web/lib/i18n";
import { VERDICT_TITLE } from "@worker/shared/checkin-words";
import { formatTimeInZone } from "@worker/shared/time-zone";
import type { GateScan } from "../scanning/use-gate";

interface RecentScansProps {
  scans: GateScan[];
  timeZone: string;
  onUndo: (scan: GateScan) => void;
}

/** This gate's last scans, newest first, each admission with its Undo. */
export function RecentScans({ scans, timeZone, onUndo }: RecentScansProps) {
  const i18n = useI18n();
  if (scans.length === 0) return null;
  return (
    <TitledSection title={i18n._("Recent scans")} headingClassName="text-sm font-semibold text-slate-900">
      <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {scans.map((scan) => (
          <li key={scan.nonce} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
            <span className="min-w-0">
              <span className="font-medium text-slate-900">{i18n._(VERDICT_TITLE[scan.verdict])}</span>
              {scan.attendee && <span className="text-slate-700"> · {scan.attendee.name}</span>}
              <span className="text-slate-500"> · {formatTimeInZone(Date.parse(scan.scannedAt), timeZone)}</span>
              {scan.queued && <span className="text-amber-700"> · {i18n._("waiting to be sent")}</span>}
            </span>
            {(scan.checkinId || scan.queued) && (
              <Button
                variant="ghost"
                onClick={() => onUndo(scan)}
                aria-label={scan.attendee ? i18n._("Undo {name} check-in", { name: scan.attendee.name }) : i18n._("Undo this check-in")}
              >
                {i18n._("Undo")}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
