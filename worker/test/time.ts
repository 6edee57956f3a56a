export const MINUTE = 60 * 1000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const iso = (ms: number) => new Date(ms).toISOString();
/** The UTC date of an instant, as a day's `date` (YYYY-MM-DD). */
export const dateOf = (ms: number) => iso(ms).slice(0, 10);
/** 00:00 UTC of today. */
export const todayUtc = () => Math.floor(Date.now() / DAY) * DAY;
