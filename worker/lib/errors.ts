import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Words } from "@worker/shared/words";

/** A value worded in the reader's language and formats when the message is (a date, a time: `formatDate(date, i18n)`). */
export type WordedValue = (i18n: Words) => string;

/** What a message's placeholders are filled with ('{max}' → 40), a date or a time as the reader's formats write it. */
export type MessageValues = Record<string, string | number | WordedValue>;

/** The values of a message for one reader: each worded value in their language. */
export function valuesIn(values: MessageValues | undefined, i18n: Words): Record<string, string | number> | undefined {
  if (!values) return undefined;
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === "function" ? value(i18n) : value]));
}

/**
 * Every failure the API reports: the spec's clients read the `error` field. `message` is the English source of a
 * catalog message (mark it `/*i18n*\/` where it is written); the error handler words it in the caller's language.
 */
export class AppError extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    message: string,
    readonly values?: MessageValues,
  ) {
    super(status, { message });
  }
}

export const badRequest = (message: string, values?: MessageValues) => new AppError(400, message, values);
export const unauthorized = (message = /*i18n*/ "Unauthorized") => new AppError(401, message);
export const forbidden = (message = /*i18n*/ "You do not have permission to do this") => new AppError(403, message);
export const notFound = (message = /*i18n*/ "Not found") => new AppError(404, message);
export const conflict = (message: string, values?: MessageValues) => new AppError(409, message, values);
export const tooManyRequests = (message: string, values?: MessageValues) => new AppError(429, message, values);

/** Whether the error, or any error it was caused by, says `text`: D1 wraps SQLite's messages (a constraint, a trigger's RAISE) in its own errors. */
export function causedBy(error: unknown, text: string): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) if (e.message.includes(text)) return true;
  return false;
}
