import type { ReactNode } from "react";
import { UserText } from "./user-text";

const SIZES = {
  /** An experience's page, its share page and its manage header. */
  page: { heading: "text-2xl font-bold text-slate-900", subtitle: "text-base font-medium text-slate-700" },
  /** One activity, opened. */
  detail: { heading: "text-lg font-semibold text-slate-900", subtitle: "text-slate-600" },
  /** One activity in a list. */
  item: { heading: "font-semibold text-slate-900", subtitle: "text-sm text-slate-600" },
} as const;

interface TitleAndSubtitleProps {
  as: "h1" | "h3";
  name: string;
  subtitle: string;
  size: keyof typeof SIZES;
  /** Stands in place of the heading (manage mode's name field, in its own `<h1>`). */
  heading?: ReactNode;
  subtitleClassName?: string;
}

/**
 * An experience's or an activity's name as its heading and, when it has one, its subtitle under it: both text someone
 * typed. The share page's first view (worker/shared/itinerary-first-view.ts) writes the `page` markup too.
 */
export function TitleAndSubtitle({ as, name, subtitle, size, heading, subtitleClassName = "" }: TitleAndSubtitleProps) {
  return (
    <>
      {heading ?? (
        <UserText as={as} className={SIZES[size].heading}>
          {name}
        </UserText>
      )}
      {subtitle && (
        <UserText as="p" className={`${subtitleClassName} ${SIZES[size].subtitle}`.trim()}>
          {subtitle}
        </UserText>
      )}
    </>
  );
}
