import type { ZodType } from "zod";
import { i18n } from "./i18n";

/**
 * The message the route's own schema gives for a field's value (its first problem), in the page's language, or
 * undefined when it passes. The schemas' messages are catalog messages (the web's catalog holds them); a limit the
 * problem names fills their `{minimum}` and `{maximum}`.
 */
export const fieldError = (schema: ZodType, value: unknown): string | undefined => {
  const issue = schema.safeParse(value).error?.issues[0];
  if (!issue) return undefined;
  const values: Record<string, unknown> = {};
  if ("minimum" in issue && issue.minimum !== undefined) values.minimum = issue.minimum;
  if ("maximum" in issue && issue.maximum !== undefined) values.maximum = issue.maximum;
  return i18n._(issue.message, values);
};
