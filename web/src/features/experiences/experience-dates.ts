import { DAY_MS } from "@worker/features/events/events.schema";

/** A YYYY-MM-DD date at 00:00 UTC: the instant the routes read as an experience's first day. */
export const startOfDay = (isoDate: string) => `${isoDate}T00:00:00.000Z`;

/** The day after a YYYY-MM-DD date, at 00:00 UTC: experiences end at the exclusive midnight after their last day. */
export const exclusiveEnd = (isoDate: string) => new Date(Date.parse(`${isoDate}T00:00:00Z`) + DAY_MS).toISOString();

/** The first day of an experience, as a date input shows it. */
export const firstDay = (startIso: string) => startIso.slice(0, 10);

/** The last day of an experience (its end is the exclusive midnight after it), as a date input shows it. */
export const lastDay = (startIso: string, endIso: string) =>
  new Date(Math.max(Date.parse(startIso), Date.parse(endIso) - DAY_MS)).toISOString().slice(0, 10);

/** `date` moved by as many days as lie from `from` to `to` (all YYYY-MM-DD). */
export const shiftDate = (date: string, from: string, to: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)).toISOString().slice(0, 10);
