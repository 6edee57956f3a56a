import type { ReactNode } from "react";
import { i18n } from "@web/lib/i18n";

const EXTERNAL_LINK_QUESTION = /*i18n*/ "This link will take you to an external website. Do you want to continue?";

/** A link that leaves the app, in a new tab, after asking first (spec 2 §5). */
/** `children` may be left to a `<Trans>` that puts its words inside. */
export function ExternalLink({ href, className, children }: { href: string; className?: string; children?: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={className}
      onClick={(e) => !window.confirm(i18n._(EXTERNAL_LINK_QUESTION)) && e.preventDefault()}
    >
      {children}
    </a>
  );
}
