import { i18n } from "@web/lib/i18n";
import { intlTag } from "@worker/shared/time-zone";

// The experience's date range is worded once, for the app and the Worker's share page alike
// (in the page's language: time-zone.ts's setPageLocale).
export { formatDateRange } from "@worker/shared/date-range";

const durations = new Map<string, { hours: Intl.NumberFormat; minutes: Intl.NumberFormat; list: Intl.ListFormat }>();
/** The page's locale's narrow units ('2h', '30m'; '2 Std.' in German) and how it lists them. */
function durationFormats(tag: string) {
  let formats = durations.get(tag);
  if (!formats) {
    formats = {
      hours: new Intl.NumberFormat(tag, { style: "unit", unit: "hour", unitDisplay: "narrow" }),
      minutes: new Intl.NumberFormat(tag, { style: "unit", unit: "minute", unitDisplay: "narrow" }),
      list: new Intl.ListFormat(tag, { type: "unit", style: "narrow" }),
    };
    durations.set(tag, formats);
  }
  return formats;
}

/** "2h 30m" between two instants, in the page's language. */
export function formatDuration(startIso: string, endIso: string): string {
  const minutes = Math.max(0, Math.round((new Date(endIso).getTime() - new Date(startIso).getTime()) / 60000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const formats = durationFormats(intlTag(i18n.locale));
  if (h && m) return formats.list.format([formats.hours.format(h), formats.minutes.format(m)]);
  return h ? formats.hours.format(h) : formats.minutes.format(m);
}

export type ScheduleStatus = "ongoing" | "upcoming" | "finished";
export const SCHEDULE_STATUSES: ScheduleStatus[] = ["ongoing", "upcoming", "finished"];

/** Spec 1 §4: upcoming if the start is in the future, finished if the end is in the past, else ongoing. */
export function scheduleStatus(startIso: string, endIso: string, now = Date.now()): ScheduleStatus {
  if (new Date(startIso).getTime() > now) return "upcoming";
  if (new Date(endIso).getTime() < now) return "finished";
  return "ongoing";
}
