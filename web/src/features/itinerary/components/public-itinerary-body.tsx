import { useState } from "react";
import { useI18n } from "@web/lib/i18n";
import type { DayView as Day } from "@worker/shared/itinerary.schema";
import { useOpenActivity } from "../use-open-activity";
import { ItineraryView } from "./itinerary-view";
import { TimeZoneToggle } from "./time-zone-toggle";
import { WholeTripView } from "./whole-trip-view";

type Layout = "trip" | "days";

// A phone reads a trip top to bottom; a wide screen has room for the days, a day and an activity side by side.
const defaultLayout = (): Layout => (window.matchMedia?.("(max-width: 767px)").matches ? "trip" : "days");

/**
 * The public page's itinerary: the whole trip in one scroll, or day by day in panes; the guest picks, and, in another
 * zone than the experience's, whose clock the times are on.
 */
export function PublicItineraryBody({ days, timeZone }: { days: Day[]; timeZone: string }) {
  const i18n = useI18n();
  const [openActivityId, opened] = useOpenActivity();
  const [layout, setLayout] = useState<Layout>(defaultLayout);
  // The 'Next up' card opens its activity day by day, where an activity has its details pane.
  const shown = openActivityId ? "days" : layout;
  if (shown !== layout) setLayout(shown);
  const option = (value: Layout, label: string) => (
    <button
      type="button"
      aria-pressed={layout === value}
      onClick={() => setLayout(value)}
      className={`min-h-11 rounded-md px-4 text-sm font-medium transition md:min-h-9 ${layout === value ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900"}`}
    >
      {label}
    </button>
  );
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <div role="group" aria-label={i18n._("Itinerary layout")} className="inline-flex gap-1 rounded-lg bg-slate-100 p-1">
          {option("trip", i18n._("Whole trip"))}
          {option("days", i18n._("By day"))}
        </div>
        <TimeZoneToggle timeZone={timeZone} />
      </div>
      {shown === "trip" ? (
        <WholeTripView days={days} timeZone={timeZone} />
      ) : (
        <ItineraryView days={days} timeZone={timeZone} openActivityId={openActivityId} onActivityOpened={opened} />
      )}
    </>
  );
}
