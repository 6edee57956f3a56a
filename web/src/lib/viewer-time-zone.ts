import { canonicalTimeZone, DEFAULT_TIME_ZONE } from "@worker/shared/time-zone";

/**
 * The zone of the person reading, as their browser knows it: the one place the app asks, so tests name it rather than
 * inherit the machine's. UTC when the browser names none the app can read.
 */
export function viewerTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (zone && canonicalTimeZone(zone)) || DEFAULT_TIME_ZONE;
}
