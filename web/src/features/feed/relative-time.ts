const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "auto", style: "short" });
const sameYear = new Intl.DateTimeFormat("en-US", { day: "numeric", month: "short" });
const otherYear = new Intl.DateTimeFormat("en-US", { day: "numeric", month: "short", year: "numeric" });

/** "just now", "5 min. ago", "3 hr. ago", "yesterday", then the date: how long ago a post or comment was made. */
export function timeAgo(iso: string, now = Date.now()): string {
  const then = new Date(iso);
  const elapsed = Math.max(0, now - then.getTime());
  if (elapsed < MINUTE) return "just now";
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), "minute");
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), "hour");
  if (elapsed < 7 * DAY) return relative.format(-Math.floor(elapsed / DAY), "day");
  return (then.getFullYear() === new Date(now).getFullYear() ? sameYear : otherYear).format(then);
}
