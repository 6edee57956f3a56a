import { useId, type ReactNode } from "react";

const HEADING = "text-lg font-semibold text-slate-900";

/** A section named by its own heading (a region a screen reader can list); `headingClassName` restyles the heading. */
export function TitledSection({
  title,
  className,
  headingClassName = HEADING,
  children,
}: {
  title: ReactNode;
  className?: string;
  headingClassName?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={headingClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
