import { useI18n } from "@web/lib/i18n";
/** Offline, the gate says so, and how many admissions wait to be sent; then, once sent, any double admissions. */
export function OfflineBanner({ offline, queued }: { offline: boolean; queued: number }) {
  const i18n = useI18n();
  if (!offline && queued === 0) return null;
  return (
    <div role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
      {offline && <p className="font-medium">{i18n._("Offline — scans are kept on this device and sent when the network returns")}</p>}
      <p>{i18n._("{count, plural, one {# scan waiting to be sent} other {# scans waiting to be sent}}", { count: queued })}</p>
    </div>
  );
}
