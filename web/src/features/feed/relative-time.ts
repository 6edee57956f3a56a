import { i18n } from "@web/lib/i18n";
import { intlTag } from "@worker/shared/time-zone";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface Formats {
  relative: Intl.RelativeTimeFormat;
  sameYear: Intl.DateTimeFormat;
  otherYear: Intl.DateTimeFormat;
}
const byLocale = new Map<string, Formats>();
/** The page's locale's formats, made once each. */
function formatsOf(tag: string): Formats {
  let formats = byLocale.get(tag);
  if (!formats) {
    formats = {
      relative: new Intl.RelativeTimeFormat(tag, { numeric: "auto", style: "short" }),
      sameYear: new Intl.DateTimeFormat(tag, { day: "numeric", month: "short" }),
      otherYear: new Intl.DateTimeFormat(tag, { day: "numeric", month: "short", year: "numeric" }),
    };
    byLocale.set(tag, formats);
  }
  return formats;
}

/** "just now", "5 min. ago", "3 hr. ago", "yesterday", then the date: how long ago a post or comment was made, in the page's language. */
export function timeAgo(iso: string, now = Date.now()): string {
  const { relative, sameYear, otherYear } = formatsOf(intlTag(i18n.locale));
  const then = new Date(iso);
  const elapsed = Math.max(0, now - then.getTime());
  if (elapsed < MINUTE) return i18n._("just now");
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), "minute");
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), "hour");
  if (elapsed < 7 * DAY) return relative.format(-Math.floor(elapsed / DAY), "day");
  return (then.getFullYear() === new Date(now).getFullYear() ? sameYear : otherYear).format(then);
}
