import type { I18n } from "@lingui/core";
import type { DateSpan, ZonedInstant } from "@worker/domain/change-log";
import { attendanceText, describeChangeIn, settingText, type LoggedChange, type SignupTold } from "@worker/domain/change-text";
import { i18nFor } from "@worker/lib/i18n";
import { SOURCE_LOCALE } from "@worker/shared/locales";
import { formatDate, formatDateTimeInZone, formatDay, zoneName } from "@worker/shared/time-zone";

// How the History panel tells a change to the organisers: the digests' wording (worker/domain/change-text.ts) for what
// changed on the itinerary, and the organiser's side of a decision about a person ('Removed Ana Lima from the guest list',
// where the person themselves is told 'You were removed from the guest list'), in the organiser's language (`i18n`: the
// request's, c.var.i18n; English when none is passed), its dates and times in that language's formats too.

const moment = (i18n: I18n, value: ZonedInstant) => formatDateTimeInZone(Date.parse(value.at), value.timeZone, i18n);
const span = (i18n: I18n, value: DateSpan) =>
  value.start === value.end
    ? formatDate(value.start, i18n)
    : i18n._("{start} – {end}", { start: formatDate(value.start, i18n), end: formatDate(value.end, i18n) });

/** The line of a change, as an organiser reads it. */
export function historyText(row: LoggedChange, i18n: I18n = i18nFor(SOURCE_LOCALE)): string {
  const { label } = row;
  switch (row.field) {
    case "approved":
      return i18n._("Approved {label}'s request to join", { label });
    case "rejected":
      return i18n._("Declined {label}'s request to join", { label });
    case "removedGuest":
      return i18n._("Removed {label} from the guest list", { label });
    case "madeHost":
      return i18n._("Made {label} a host", { label });
    case "signedUp": {
      const told = row.newValue as SignupTold;
      return told.status === "WAITING"
        ? i18n._("{guest} joined the waitlist for {label} (#{position})", { label, ...told })
        : i18n._("{guest} signed up for {label}", { label, ...told });
    }
    case "leftActivity": {
      const told = row.oldValue as SignupTold;
      return told.status === "WAITING"
        ? i18n._("{guest} left the waitlist for {label}", { label, ...told })
        : i18n._("{guest} left {label}", { label, ...told });
    }
    case "promoted":
      if (row.subjectType !== "activity") return describeChangeIn(i18n, row);
      return row.newValue
        ? i18n._("{guest} was given a place in {label}", { label, ...(row.newValue as SignupTold) })
        : i18n._("Someone waiting was given a place in {label}", { label });
    default:
      return describeChangeIn(i18n, row);
  }
}

/** One side of a change in words (null: none), with the zone of every time and the year of every date. */
function valueText(row: LoggedChange, value: unknown, i18n: I18n): string | null {
  if (row.field === "capacity") return settingText("capacity", value, i18n);
  if (value == null) return null;
  switch (row.field) {
    case "start":
    case "end":
      return moment(i18n, value as ZonedInstant);
    case "location":
    case "name":
    case "subtitle":
    case "description":
      return value as string;
    case "privacy":
    case "rsvpType":
      return settingText(row.field, value, i18n);
    case "attendance":
      return attendanceText(i18n, value);
    case "groups":
      return value as string;
    case "signupOpens":
    case "signupCloses":
      return moment(i18n, value as ZonedInstant);
    case "timeZone":
      return zoneName(row.createdAt.getTime(), value as string, i18n);
    case "dates":
      return span(i18n, value as DateSpan);
    case "added":
    case "removed":
      return row.subjectType === "day" ? formatDay(value as string, i18n) : moment(i18n, value as ZonedInstant);
    default:
      return null;
  }
}

/** The old and the new value of a change, in words. */
export const historyValues = (row: LoggedChange, i18n: I18n = i18nFor(SOURCE_LOCALE)) => ({
  from: valueText(row, row.oldValue, i18n),
  to: valueText(row, row.newValue, i18n),
});
