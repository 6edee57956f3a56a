import { useMemo, type MouseEvent } from "react";
import { MapsLink } from "@web/components/maps-link/maps-link";
import { TitleAndSubtitle } from "@web/components/ui/title-and-subtitle";
import { UserText } from "@web/components/ui/user-text";
import { useSeenFrom } from "@web/hooks/use-time-view";
import { useI18n } from "@web/lib/i18n";
import type { ActivityView as Activity, DayView as Day } from "@worker/shared/itinerary.schema";
import { byStart, dayLabel, EMPTY_DAY_TEXT, startText } from "../itinerary-format";
import { ActivityDescription } from "./activity-description";
import { ActivityTimes } from "./activity-details";
import { DayNotes } from "./day-notes";
import { LazyPicture } from "./lazy-picture";

/**
 * The whole trip in one scroll, as a guide reads: every day with all of its activities and their details, and a
 * row of day links to jump ahead (each lands clear of the top with its heading focused).
 */
export function WholeTripView({ days: unsorted, timeZone }: { days: Day[]; timeZone: string }) {
  const i18n = useI18n();
  const days = useMemo(() => [...unsorted].sort((a, b) => a.dayIndex - b.dayIndex), [unsorted]);
  const seenFrom = useSeenFrom(timeZone);
  const dayId = (day: Day) => `trip-day-${day.dayIndex + 1}`;

  const jump = (event: MouseEvent<HTMLAnchorElement>, day: Day) => {
    const heading = document.getElementById(dayId(day));
    if (!heading) return;
    event.preventDefault();
    heading.scrollIntoView?.({ block: "start" });
    heading.focus({ preventScroll: true });
  };

  if (days.length === 0)
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">
        {i18n._("This experience has no days yet.")}
      </p>
    );
  return (
    <div>
      {days.length > 1 && (
        <nav aria-label={i18n._("Jump to a day")} className="-mx-4 mb-4 overflow-x-auto px-4">
          <ul className="flex gap-2">
            {days.map((day) => (
              <li key={day.id}>
                <a
                  href={`#${dayId(day)}`}
                  onClick={(event) => jump(event, day)}
                  className="inline-flex min-h-11 items-center rounded-full border border-slate-200 bg-white px-4 text-sm font-medium whitespace-nowrap text-slate-700 hover:border-brand-500 hover:text-brand-700"
                >
                  {i18n._("Day {number}", { number: day.dayIndex + 1 })}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <ol className="space-y-8">
        {days.map((day) => (
          <li key={day.id}>
            <section aria-labelledby={dayId(day)}>
              <LazyPicture src={day.image?.original} name={day.name} className="mb-3 aspect-[16/5] w-full rounded-xl object-cover" />
              <h2 id={dayId(day)} tabIndex={-1} className="scroll-mt-20 focus:outline-none">
                <span className="block text-xs font-semibold tracking-wide text-brand-600 uppercase">{dayLabel(day)}</span>
                <UserText className="mt-0.5 block text-lg font-semibold text-slate-900">{day.name}</UserText>
              </h2>
              <DayNotes day={day} />
              {day.activities.length === 0 ? (
                <p className="mt-3 rounded-xl border border-dashed border-slate-300 bg-white p-5 text-center text-sm text-slate-600">
                  {i18n._(EMPTY_DAY_TEXT)}
                </p>
              ) : (
                <ol className="mt-3 space-y-3">
                  {[...day.activities].sort(byStart).map((activity) => (
                    <li key={activity.id}>
                      <TripActivity activity={activity} seenFrom={seenFrom} />
                    </li>
                  ))}
                </ol>
              )}
            </section>
          </li>
        ))}
      </ol>
    </div>
  );
}

function TripActivity({ activity, seenFrom }: { activity: Activity; seenFrom: string | null }) {
  return (
    <article className="flex gap-3 rounded-xl border border-slate-200 bg-white p-3">
      <p className="w-20 shrink-0 pt-0.5 text-xs font-semibold text-slate-500">{startText(activity, seenFrom)}</p>
      <div className="min-w-0 flex-1 space-y-1">
        <TitleAndSubtitle as="h3" size="item" name={activity.name} subtitle={activity.subtitle} />
        <p className="text-xs text-slate-600">
          <ActivityTimes activity={activity} seenFrom={seenFrom} />
        </p>
        {activity.location && (
          <p className="text-sm">
            <MapsLink location={activity.location} />
          </p>
        )}
        <ActivityDescription text={activity.description} />
      </div>
      <LazyPicture src={activity.image?.thumbnail} name={activity.name} className="size-16 shrink-0 rounded-lg object-cover" />
    </article>
  );
}
