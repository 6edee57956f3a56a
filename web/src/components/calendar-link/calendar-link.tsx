import type { ReactNode } from "react";
import { CalendarIcon } from "@web/components/ui/icons";

/**
 * 'Add to calendar': a plain link to a calendar file, without a `download` attribute, so a phone hands it to its
 * calendar app rather than saving it.
 */
export function CalendarLink({ href, className, children = "Add to calendar" }: { href: string; className: string; children?: ReactNode }) {
  return (
    <a href={href} className={className}>
      <CalendarIcon className="size-4 shrink-0 text-slate-500" />
      {children}
    </a>
  );
}
