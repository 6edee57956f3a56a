import type { ReactNode } from "react";
import { CalendarIcon } from "@web/components/ui/icons";
import { useI18n } from "@web/lib/i18n";

/**
 * 'Add to calendar': a plain link to a calendar file, without a `download` attribute, so a phone hands it to its
 * calendar app rather than saving it.
 */
export function CalendarLink({ href, className, children }: { href: string; className: string; children?: ReactNode }) {
  const i18n = useI18n();
  return (
    <a href={href} className={className}>
      <CalendarIcon className="size-4 shrink-0 text-slate-500" />
      {children ?? i18n._("Add to calendar")}
    </a>
  );
}
