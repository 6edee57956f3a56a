import { useI18n } from "@web/lib/i18n";

export function Spinner({ label, className = "size-8" }: { label?: string; className?: string }) {
  const i18n = useI18n();
  return (
    <span role="status" aria-label={label ?? i18n._("Loading")} className="inline-flex">
      <span className={`animate-spin rounded-full border-2 border-brand-600 border-t-transparent ${className}`} />
    </span>
  );
}

export function FullPageSpinner() {
  return (
    <div className="grid min-h-[60vh] place-items-center">
      <Spinner className="size-10" />
    </div>
  );
}
