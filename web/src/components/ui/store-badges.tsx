// App store badges drawn in HTML and inline SVG, so the landing page loads no external images.
const APP_STORE_URL = "https://apps.apple.com/app/experiences/id6450000000";
const PLAY_STORE_URL = "https://play.google.com/store/apps/details?id=app.experiences";

type Size = "md" | "sm";

const BADGE =
  "inline-flex items-center gap-2.5 rounded-xl bg-black text-white ring-1 ring-inset ring-white/25 transition hover:bg-slate-800 focus-visible:outline-offset-2";
const SIZE: Record<Size, { box: string; icon: string; small: string; big: string }> = {
  md: { box: "h-14 px-4", icon: "size-7", small: "text-[11px]", big: "text-lg" },
  sm: { box: "h-11 px-3", icon: "size-5", small: "text-[9px]", big: "text-sm" },
};

export function AppStoreBadge({ size = "md", className = "" }: { size?: Size; className?: string }) {
  const s = SIZE[size];
  return (
    <a href={APP_STORE_URL} target="_blank" rel="noopener noreferrer" className={`${BADGE} ${s.box} ${className}`}>
      <svg viewBox="0 0 24 24" className={`${s.icon} shrink-0`} fill="currentColor" aria-hidden>
        <path d="M12.152 6.896c-.948 0-2.415-1.078-3.96-1.04-2.04.027-3.91 1.183-4.961 3.014-2.117 3.675-.546 9.103 1.519 12.09 1.013 1.454 2.208 3.09 3.792 3.039 1.52-.065 2.09-.987 3.935-.987 1.831 0 2.35.987 3.96.948 1.637-.026 2.676-1.48 3.676-2.948 1.156-1.688 1.636-3.325 1.662-3.415-.039-.013-3.182-1.221-3.22-4.857-.026-3.04 2.48-4.494 2.597-4.559-1.429-2.09-3.623-2.324-4.39-2.376-2-.156-3.675 1.09-4.61 1.09zM15.53 3.83c.843-1.012 1.4-2.427 1.245-3.83-1.207.052-2.662.805-3.532 1.818-.78.896-1.454 2.338-1.273 3.714 1.338.104 2.715-.688 3.559-1.701" />
      </svg>
      <span className="flex flex-col items-start leading-none">
        <span className={`${s.small} font-medium`}>Download on the</span>
        <span className={`${s.big} mt-0.5 font-semibold tracking-tight`}>App Store</span>
      </span>
    </a>
  );
}

export function GooglePlayBadge({ size = "md", className = "" }: { size?: Size; className?: string }) {
  const s = SIZE[size];
  return (
    <a href={PLAY_STORE_URL} target="_blank" rel="noopener noreferrer" className={`${BADGE} ${s.box} ${className}`}>
      <svg viewBox="0 0 24 24" className={`${s.icon} shrink-0`} aria-hidden>
        <path d="M3.6 2.2 13.4 12l-9.8 9.8c-.4-.2-.6-.7-.6-1.2V3.4c0-.5.2-1 .6-1.2Z" fill="#22c55e" />
        <path d="m16.6 8.8-3.2 3.2-9.8-9.8c.3-.2.8-.2 1.2 0Z" fill="#38bdf8" />
        <path d="m16.6 15.2-11.8 6.6c-.4.2-.9.2-1.2 0l9.8-9.8Z" fill="#f43f5e" />
        <path d="m20.4 10.7-3.8-1.9-3.2 3.2 3.2 3.2 3.8-1.9c1-.6 1-2 0-2.6Z" fill="#facc15" />
      </svg>
      <span className="flex flex-col items-start leading-none">
        <span className={`${s.small} font-medium uppercase tracking-wide`}>Get it on</span>
        <span className={`${s.big} mt-0.5 font-semibold tracking-tight`}>Google Play</span>
      </span>
    </a>
  );
}
