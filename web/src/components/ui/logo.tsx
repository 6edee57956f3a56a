export function Logo({ tone = "dark" }: { tone?: "dark" | "light" }) {
  return (
    <span className="inline-flex items-center gap-2">
      <svg viewBox="0 0 64 64" className="size-8" aria-hidden>
        <rect width="64" height="64" rx="14" fill="#4f46e5" />
        <path d="M18 44V20h28v6H25v4h17v6H25v2h21v6z" fill="#fff" />
      </svg>
      <span className={`text-lg font-bold tracking-tight ${tone === "light" ? "text-white" : "text-slate-900"}`}>Experiences</span>
    </span>
  );
}
