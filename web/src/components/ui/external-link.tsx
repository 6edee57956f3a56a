import type { ReactNode } from "react";

const EXTERNAL_LINK_QUESTION = "This link will take you to an external website. Do you want to continue?";

/** A link that leaves the app, in a new tab, after asking first (spec 2 §5). */
export function ExternalLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={className}
      onClick={(e) => !window.confirm(EXTERNAL_LINK_QUESTION) && e.preventDefault()}
    >
      {children}
    </a>
  );
}
