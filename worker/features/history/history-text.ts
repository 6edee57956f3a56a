import type { DateSpan, ZonedInstant } from "@worker/domain/change-log";
import { describeChange, settingText, type LoggedChange } from "@worker/domain/change-text";
import { formatDate, formatDateTimeInZone, formatDay, zoneName } from "@worker/shared/time-zone";

// How the History panel tells a change to the organisers: the digests' wording (worker/domain/change-text.ts) for what
// changed on the itinerary, and the organiser's side of a decision about a person ('Removed Ana Lima from the guest list',
// where the person themselves is told 'You were removed from the guest list').

const moment = (value: ZonedInstant) => formatDateTimeInZone(Date.parse(value.at), value.timeZone);
const span = (value: DateSpan) =>
  value.start === value.end ? formatDate(value.start) : `${formatDate(value.start)} – ${formatDate(value.end)}`;

/** The line of a change, as an organiser reads it. */
export function historyText(row: LoggedChange): string {
  switch (row.field) {
    case "approved":
      return `Approved ${row.label}'s request to join`;
    case "rejected":
      return `Declined ${row.label}'s request to join`;
    case "removedGuest":
      return `Removed ${row.label} from the guest list`;
    case "madeHost":
      return `Made ${row.label} a host`;
    default:
      return describeChange(row);
  }
}

/** One side of a change in words (null: none), with the zone of every time and the year of every date. */
function valueText(row: LoggedChange, value: unknown): string | null {
  if (row.field === "capacity") return settingText("capacity", value);
  if (value == null) return null;
  switch (row.field) {
    case "start":
    case "end":
      return moment(value as ZonedInstant);
    case "location":
    case "name":
    case "subtitle":
    case "description":
      return value as string;
    case "privacy":
    case "rsvpType":
      return settingText(row.field, value);
    case "timeZone":
      return zoneName(row.createdAt.getTime(), value as string);
    case "dates":
      return span(value as DateSpan);
    case "added":
    case "removed":
      return row.subjectType === "day" ? formatDay(value as string) : moment(value as ZonedInstant);
    default:
      return null;
  }
}

/** The old and the new value of a change, in words. */
export const historyValues = (row: LoggedChange) => ({ from: valueText(row, row.oldValue), to: valueText(row, row.newValue) });
