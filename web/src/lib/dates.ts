// Dates of experiences are shown in UTC, as the spec groups and labels times in UTC.
const dayFormat = new Intl.DateTimeFormat("en-US", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const shortDay = new Intl.DateTimeFormat("en-US", { day: "numeric", month: "short", timeZone: "UTC" });

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * "Mar 12 – Mar 14, 2027"; "Dec 30, 2026 – Jan 2, 2027" across years; "Mar 12, 2027" for one day.
 * Spec 2 §9: the range shows the end date minus one day (the end is exclusive midnight).
 */
export function formatDateRange(startIso: string, endIso: string): string {
  const start = new Date(startIso);
  const rawEnd = new Date(endIso);
  const end = new Date(Math.max(start.getTime(), rawEnd.getTime() - DAY_MS));
  const sameDay = start.toISOString().slice(0, 10) === end.toISOString().slice(0, 10);
  if (sameDay) return dayFormat.format(start);
  const sameYear = start.getUTCFullYear() === end.getUTCFullYear();
  return `${sameYear ? shortDay.format(start) : dayFormat.format(start)} – ${dayFormat.format(end)}`;
}

/** "2h 30m" between two instants. */
export function formatDuration(startIso: string, endIso: string): string {
  const minutes = Math.max(0, Math.round((new Date(endIso).getTime() - new Date(startIso).getTime()) / 60000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h && m) return `${h}h ${m}m`;
  return h ? `${h}h` : `${m}m`;
}

export type ScheduleStatus = "ongoing" | "upcoming" | "finished";
export const SCHEDULE_STATUSES: ScheduleStatus[] = ["ongoing", "upcoming", "finished"];

/** Spec 1 §4: upcoming if the start is in the future, finished if the end is in the past, else ongoing. */
export function scheduleStatus(startIso: string, endIso: string, now = Date.now()): ScheduleStatus {
  if (new Date(startIso).getTime() > now) return "upcoming";
  if (new Date(endIso).getTime() < now) return "finished";
  return "ongoing";
}

/** Today's date in the person's own time zone, as YYYY-MM-DD (what a date input shows). */
export function localToday(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}
