import type { ActivityView as Activity, DayView as Day, PublicItinerary } from "@worker/shared/itinerary.schema";
import { byStart } from "./itinerary-format";

/** What a guest's first screen points at: the activity under way ('now'), else the next one to start, or the end of it all. */
export type NextUp = { when: "now" | "next"; activity: Activity; day: Day } | { when: "ended" } | null;

/**
 * Before the experience, its first activity; during it, the activity under way (the one that started last, when several
 * overlap: a lunch inside a day-long tour), else the next one to start; after its end, 'ended'. Null when nothing is ahead.
 */
export function nextUp(itinerary: Pick<PublicItinerary, "programs" | "endTime">, now: number): NextUp {
  if (now >= Date.parse(itinerary.endTime)) return { when: "ended" };
  const all = itinerary.programs.flatMap((day) => day.activities.map((activity) => ({ activity, day })));
  all.sort((a, b) => byStart(a.activity, b.activity));
  const started = all.filter(({ activity }) => Date.parse(activity.startDateTime) <= now && now < Date.parse(activity.endDateTime));
  const current = started[started.length - 1];
  if (current) return { when: "now", ...current };
  const next = all.find(({ activity }) => Date.parse(activity.startDateTime) > now);
  return next ? { when: "next", ...next } : null;
}
