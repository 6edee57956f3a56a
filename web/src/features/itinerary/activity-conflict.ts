import type { ConflictingField } from "@web/components/edit-conflict-dialog/edit-conflict-dialog";
import { i18n } from "@web/lib/i18n";
import type { ActivityConflict } from "@worker/features/experiences/activities.schema";
import { locationText } from "@worker/shared/places";
import { formatDateTimeInZone, instantAtOrAfterGap } from "@worker/shared/time-zone";
import type { ActivityChange } from "./api/update-activity";

export type ActivityCurrent = NonNullable<ActivityConflict["current"]>;

const LABELS: Record<keyof ActivityCurrent, string> = {
  name: /*i18n*/ "Name",
  subtitle: /*i18n*/ "Subtitle",
  description: /*i18n*/ "Description",
  location: /*i18n*/ "Location",
  startIsoTime: /*i18n*/ "Starts",
  endIsoTime: /*i18n*/ "Ends",
};

/** A time as the change sent it (the activity's wall clock, or an instant), shown in the activity's zone. */
const timeText = (sent: string, zone: string) =>
  formatDateTimeInZone(
    /[zZ]|[+-]\d\d:\d\d$/.test(sent) ? Date.parse(sent) : instantAtOrAfterGap(sent.slice(0, 10), sent.slice(11, 16), zone),
    zone,
  );

/** The fields of a refused activity edit, theirs (stored now) next to the editor's, as the page shows them. */
export function activityConflictFields(current: ActivityCurrent, change: ActivityChange, zone: string): ConflictingField[] {
  return (Object.keys(LABELS) as (keyof ActivityCurrent)[]).flatMap((field) => {
    const theirs = current[field];
    if (theirs === undefined) return [];
    const mine = change[field];
    if (field === "startIsoTime" || field === "endIsoTime")
      return [
        {
          label: i18n._(LABELS[field]),
          theirs: timeText(theirs as string, zone),
          mine: typeof mine === "string" ? timeText(mine, zone) : "",
        },
      ];
    if (field === "location")
      return [
        {
          label: i18n._(LABELS[field]),
          theirs: locationText(current.location ?? null),
          mine: locationText((change.location as ActivityCurrent["location"]) ?? null),
        },
      ];
    return [{ label: i18n._(LABELS[field]), theirs: String(theirs), mine: typeof mine === "string" ? mine : "" }];
  });
}

/** The change again, over the values stored now: 'Use mine'. */
export const overCurrent = (change: ActivityChange, current: ActivityCurrent): ActivityChange => ({
  ...change,
  base: { ...change.base, ...current },
});
