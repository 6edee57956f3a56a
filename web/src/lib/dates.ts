// The experience's date range is worded once, for the app and the Worker's share page alike.
export { formatDateRange } from "@worker/shared/date-range";

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
