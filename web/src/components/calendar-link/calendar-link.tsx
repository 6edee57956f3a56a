import type { ReactNode } from "react";

/**
 * 'Add to calendar': a plain link to a calendar file, without a `download` attribute, so a phone hands it to its
 * calendar app rather than saving it.
 */
export function CalendarLink({ href, className, children = "Add to calendar" }: { href: string; className: string; children?: ReactNode }) {
  return (
    <a href={href} className={className}>
      <svg viewBox="0 0 20 20" className="size-4 shrink-0 text-slate-500" fill="currentColor" aria-hidden>
        <path
          fillRule="evenodd"
          d="M5.75 2a.75.75 0 0 1 .75.75V4h7V2.75a.75.75 0 0 1 1.5 0V4h.25A2.75 2.75 0 0 1 18 6.75v8.5A2.75 2.75 0 0 1 15.25 18H4.75A2.75 2.75 0 0 1 2 15.25v-8.5A2.75 2.75 0 0 1 4.75 4H5V2.75A.75.75 0 0 1 5.75 2Zm-1 5.5c-.69 0-1.25.56-1.25 1.25v6.5c0 .69.56 1.25 1.25 1.25h10.5c.69 0 1.25-.56 1.25-1.25v-6.5c0-.69-.56-1.25-1.25-1.25H4.75Z"
          clipRule="evenodd"
        />
      </svg>
      {children}
    </a>
  );
}
