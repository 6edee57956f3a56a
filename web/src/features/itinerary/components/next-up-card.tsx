import { useId } from "react";
import { Link } from "react-router-dom";
import { UserText } from "@web/components/ui/user-text";
import { useNow } from "@web/hooks/use-now";
import { useSeenFrom } from "@web/hooks/use-time-view";
import { useI18n } from "@web/lib/i18n";
import { Trans } from "@web/lib/trans";
import type { PublicItinerary } from "@worker/shared/itinerary.schema";
import { locationText } from "@worker/shared/places";
import { dayLabel, timesText } from "../itinerary-format";
import { nextUp } from "../next-up";
import { OPEN_ACTIVITY_PARAM } from "../use-open-activity";

interface NextUpCardProps {
  itinerary: Pick<PublicItinerary, "programs" | "endTime" | "timeZone">;
  /** The itinerary's path on this page; the card's link opens the activity there. */
  itineraryPath: string;
}

/**
 * A guest's first screen: the activity under way or the next one, with its day, its times (with their zone, on the clock
 * the reader chose) and its place, and a link that opens it in the itinerary. After the end, one line says so.
 */
export function NextUpCard({ itinerary, itineraryPath }: NextUpCardProps) {
  const i18n = useI18n();
  const headingId = useId();
  const seenFrom = useSeenFrom(itinerary.timeZone);
  const up = nextUp(itinerary, useNow());
  if (!up) return null;
  if (up.when === "ended") return <p className="mb-4 text-sm text-slate-600">{i18n._("This experience has ended")}</p>;
  const { activity, day } = up;
  const place = locationText(activity.location);
  return (
    <section
      aria-labelledby={headingId}
      className="mb-4 flex items-center justify-between gap-3 rounded-2xl border border-brand-200 bg-brand-50 px-4 py-3"
    >
      <div className="min-w-0">
        <h2 id={headingId} className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
          {up.when === "now" ? i18n._("Happening now") : i18n._("Next up")}
        </h2>
        <UserText as="p" className="font-semibold break-words text-slate-900">
          {activity.name}
        </UserText>
        <p className="text-sm text-slate-700">
          {dayLabel(day)} · {timesText(activity, seenFrom)}
        </p>
        {place && (
          <p className="text-sm break-words text-slate-600">
            <UserText>{place}</UserText>
          </p>
        )}
      </div>
      <Link
        to={`${itineraryPath}?${OPEN_ACTIVITY_PARAM}=${encodeURIComponent(activity.id)}`}
        className="inline-flex min-h-11 shrink-0 items-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 md:min-h-9"
      >
        <Trans id="Open <0>in the itinerary</0>" components={{ 0: <span className="sr-only" /> }} />
      </Link>
    </section>
  );
}
