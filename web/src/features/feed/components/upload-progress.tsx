import { useI18n } from "@web/lib/i18n";

/** How much of the file has been sent, as a bar and a percentage. */
export function UploadProgress({ percent }: { percent: number }) {
  const i18n = useI18n();
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label={i18n._("Upload progress")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <span className="w-24 text-end text-sm text-slate-600 tabular-nums">{i18n._("Uploading {percent}%", { percent })}</span>
    </div>
  );
}
