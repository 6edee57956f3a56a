export function Spinner({ label = "Loading", className = "size-8" }: { label?: string; className?: string }) {
  return (
    <span role="status" aria-label={label} className="inline-flex">
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
