import { useId } from "react";
import { differsFromViewer, setTimeView, useTimeView, useTimeViewEvent, type TimeView } from "@web/hooks/use-time-view";
import { useI18n } from "@web/lib/i18n";
import { viewerTimeZone } from "@web/lib/viewer-time-zone";
import { cityOf } from "@worker/shared/time-zone";

/**
 * 'Lisbon time / Your time (Los Angeles)': two radios, for a reader whose own zone is another one than the
 * experience's. It relabels times only (the days stay the experience's), and this browser remembers the choice for
 * that experience.
 * Known from the first render (the browser's zone needs no request), so it never appears late and moves nothing.
 */
export function TimeZoneToggle({ timeZone }: { timeZone: string }) {
  const i18n = useI18n();
  const name = useId();
  const view = useTimeView();
  const eventId = useTimeViewEvent();
  const viewer = viewerTimeZone();
  if (!differsFromViewer(timeZone, viewer)) return null;
  const option = (value: TimeView, label: string) => (
    <label className="flex min-h-11 cursor-pointer items-center rounded-md px-3 text-sm font-medium whitespace-nowrap text-slate-600 transition hover:text-slate-900 has-[:checked]:bg-white has-[:checked]:text-slate-900 has-[:checked]:shadow-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 md:min-h-9">
      <input
        type="radio"
        name={name}
        value={value}
        checked={view === value}
        onChange={() => setTimeView(value, eventId)}
        className="sr-only"
      />
      {label}
    </label>
  );
  return (
    <fieldset className="inline-flex max-w-full gap-1 rounded-lg bg-slate-100 p-1">
      <legend className="sr-only">{i18n._("Show times in")}</legend>
      {option("venue", i18n._("{city} time", { city: cityOf(timeZone) }))}
      {option("viewer", i18n._("Your time ({city})", { city: cityOf(viewer) }))}
    </fieldset>
  );
}
