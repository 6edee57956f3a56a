import type { ReactNode } from "react";

/** The dots and the arrow keys move from one section to the next: each registers its node. */
export type SectionRef = (node: HTMLElement | null) => void;

const SECTION_BOX = "relative flex min-h-[calc(100svh-4rem)] scroll-mt-16 flex-col";

/**
 * One of the landing page's full-screen sections, named by its title (the element with id `landing-{id}-title`);
 * `className` gives its background, `backdrop` what is drawn behind its content (a glow; not read out).
 */
export function LandingSection({
  id,
  sectionRef,
  className,
  backdrop,
  children,
}: {
  id: string;
  sectionRef: SectionRef;
  className: string;
  backdrop?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      ref={sectionRef}
      id={id}
      data-testid={`landing-section-${id}`}
      aria-labelledby={`landing-${id}-title`}
      className={`${SECTION_BOX} ${className}`}
    >
      {backdrop && (
        <div aria-hidden className="pointer-events-none absolute inset-0">
          {backdrop}
        </div>
      )}
      {children}
    </section>
  );
}
