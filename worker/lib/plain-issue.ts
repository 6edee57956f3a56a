import type { z } from "zod";
import type { MessageValues } from "./errors";

/**
 * A validation rule's failure in plain words, for every rule its schema gives no message of its own: 'listId is
 * required', 'scans must be a list', 'name must be at most 80 characters' — never zod's 'Invalid input: expected
 * string, received undefined'. The field is named as the API names it (its path in the input). The answer is a catalog
 * message (docs/languages.md): its `{field}`, `{maximum}`, … are filled from the issue by `issueValues`.
 */
export function plainIssue(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return /*i18n*/ "{field} is required";
      return TYPE_MESSAGES[issue.expected] ?? /*i18n*/ "{field} must be {expected}";
    case "too_big":
      return BOUND_MESSAGES[`${issue.exact ? "exactly" : issue.inclusive === false ? "less" : "atMost"}:${unitOf(issue.origin)}`]!;
    case "too_small":
      if (issue.origin === "string" && Number(issue.minimum) === 1 && !issue.exact) return /*i18n*/ "{field} is required";
      return BOUND_MESSAGES[`${issue.exact ? "exactlyMin" : issue.inclusive === false ? "more" : "atLeast"}:${unitOf(issue.origin)}`]!;
    case "invalid_value":
      return issue.values.length === 1 ? /*i18n*/ "{field} must be {value}" : /*i18n*/ "{field} must be one of {values}";
    case "invalid_format":
      return FORMAT_MESSAGES[issue.format] ?? /*i18n*/ "{field} must be in the expected format";
    case "not_multiple_of":
      return /*i18n*/ "{field} must be a multiple of {divisor}";
    case "unrecognized_keys":
      return issue.keys.length > 1 ? /*i18n*/ "These fields are not known: {keys}" : /*i18n*/ "This field is not known: {keys}";
    case "invalid_union":
      return /*i18n*/ "{field} is not one of the accepted forms";
    case "invalid_key":
    case "invalid_element":
      return /*i18n*/ "{field} holds a value that is not accepted";
    default:
      return /*i18n*/ "{field} is not valid";
  }
}

/**
 * What a failed rule's message is filled with: the field's name, the rule's bound (`{minimum}`, `{maximum}`: a schema's
 * own message may say 'at most {maximum} characters' too), the accepted values, the unknown keys.
 */
export function issueValues(issue: Record<string, unknown>): MessageValues {
  const values: MessageValues = { field: fieldName(Array.isArray(issue.path) ? (issue.path as PropertyKey[]) : []) };
  for (const key of ["minimum", "maximum", "divisor"] as const) {
    const bound = issue[key];
    if (typeof bound === "number" || typeof bound === "bigint") values[key] = Number(bound);
  }
  if (typeof issue.expected === "string") values.expected = issue.expected;
  if (Array.isArray(issue.values)) {
    values.value = shown(issue.values[0]);
    values.values = issue.values.map(shown).join(", ");
  }
  if (Array.isArray(issue.keys)) values.keys = issue.keys.join(", ");
  return values;
}

/** `scans[2].code`, or 'The body' for the input itself (a JSON array where an object was expected), in the reader's words. */
function fieldName(path: PropertyKey[]): MessageValues[string] {
  if (path.length === 0) return (i18n) => i18n._(/*i18n*/ "The body");
  return path
    .map((segment, index) => (typeof segment === "number" ? `[${segment}]` : `${index === 0 ? "" : "."}${String(segment)}`))
    .join("");
}

const TYPE_MESSAGES: Record<string, string> = {
  string: /*i18n*/ "{field} must be text",
  number: /*i18n*/ "{field} must be a number",
  int: /*i18n*/ "{field} must be a whole number",
  bigint: /*i18n*/ "{field} must be a whole number",
  boolean: /*i18n*/ "{field} must be true or false",
  array: /*i18n*/ "{field} must be a list",
  object: /*i18n*/ "{field} must be an object",
  date: /*i18n*/ "{field} must be a date",
  null: /*i18n*/ "{field} must be null",
  file: /*i18n*/ "{field} must be a file",
  record: /*i18n*/ "{field} must be an object",
  map: /*i18n*/ "{field} must be an object",
  set: /*i18n*/ "{field} must be a list",
  tuple: /*i18n*/ "{field} must be a list",
};

type Unit = "character" | "item" | "byte" | "entry" | "none";
const UNITS: Record<string, Unit> = { string: "character", array: "item", set: "item", file: "byte", map: "entry" };
const unitOf = (origin: string): Unit => UNITS[origin] ?? "none";

// The bound is written as given ('2000', never '2,000'): `{maximum}` is the number, the plural only picks its unit.
const BOUND_MESSAGES: Record<string, string> = {
  "atMost:character": /*i18n*/ "{field} must be at most {maximum} {maximum, plural, one {character} other {characters}}",
  "atMost:item": /*i18n*/ "{field} must be at most {maximum} {maximum, plural, one {item} other {items}}",
  "atMost:byte": /*i18n*/ "{field} must be at most {maximum} {maximum, plural, one {byte} other {bytes}}",
  "atMost:entry": /*i18n*/ "{field} must be at most {maximum} {maximum, plural, one {entry} other {entries}}",
  "atMost:none": /*i18n*/ "{field} must be at most {maximum}",
  "less:character": /*i18n*/ "{field} must be less than {maximum} {maximum, plural, one {character} other {characters}}",
  "less:item": /*i18n*/ "{field} must be less than {maximum} {maximum, plural, one {item} other {items}}",
  "less:byte": /*i18n*/ "{field} must be less than {maximum} {maximum, plural, one {byte} other {bytes}}",
  "less:entry": /*i18n*/ "{field} must be less than {maximum} {maximum, plural, one {entry} other {entries}}",
  "less:none": /*i18n*/ "{field} must be less than {maximum}",
  "exactly:character": /*i18n*/ "{field} must be exactly {maximum} {maximum, plural, one {character} other {characters}}",
  "exactly:item": /*i18n*/ "{field} must be exactly {maximum} {maximum, plural, one {item} other {items}}",
  "exactly:byte": /*i18n*/ "{field} must be exactly {maximum} {maximum, plural, one {byte} other {bytes}}",
  "exactly:entry": /*i18n*/ "{field} must be exactly {maximum} {maximum, plural, one {entry} other {entries}}",
  "exactly:none": /*i18n*/ "{field} must be exactly {maximum}",
  "atLeast:character": /*i18n*/ "{field} must be at least {minimum} {minimum, plural, one {character} other {characters}}",
  "atLeast:item": /*i18n*/ "{field} must be at least {minimum} {minimum, plural, one {item} other {items}}",
  "atLeast:byte": /*i18n*/ "{field} must be at least {minimum} {minimum, plural, one {byte} other {bytes}}",
  "atLeast:entry": /*i18n*/ "{field} must be at least {minimum} {minimum, plural, one {entry} other {entries}}",
  "atLeast:none": /*i18n*/ "{field} must be at least {minimum}",
  "exactlyMin:character": /*i18n*/ "{field} must be exactly {minimum} {minimum, plural, one {character} other {characters}}",
  "exactlyMin:item": /*i18n*/ "{field} must be exactly {minimum} {minimum, plural, one {item} other {items}}",
  "exactlyMin:byte": /*i18n*/ "{field} must be exactly {minimum} {minimum, plural, one {byte} other {bytes}}",
  "exactlyMin:entry": /*i18n*/ "{field} must be exactly {minimum} {minimum, plural, one {entry} other {entries}}",
  "exactlyMin:none": /*i18n*/ "{field} must be exactly {minimum}",
  "more:character": /*i18n*/ "{field} must be more than {minimum} {minimum, plural, one {character} other {characters}}",
  "more:item": /*i18n*/ "{field} must be more than {minimum} {minimum, plural, one {item} other {items}}",
  "more:byte": /*i18n*/ "{field} must be more than {minimum} {minimum, plural, one {byte} other {bytes}}",
  "more:entry": /*i18n*/ "{field} must be more than {minimum} {minimum, plural, one {entry} other {entries}}",
  "more:none": /*i18n*/ "{field} must be more than {minimum}",
};

const shown = (value: unknown) => (typeof value === "string" ? `'${value}'` : String(value));

const FORMAT_MESSAGES: Record<string, string> = {
  email: /*i18n*/ "{field} must be an e-mail address",
  url: /*i18n*/ "{field} must be a URL",
  uuid: /*i18n*/ "{field} must be an id",
  guid: /*i18n*/ "{field} must be an id",
  datetime: /*i18n*/ "{field} must be a date and time (ISO 8601, e.g. 2026-05-01T09:30:00Z)",
  date: /*i18n*/ "{field} must be a date (YYYY-MM-DD)",
  time: /*i18n*/ "{field} must be a time (HH:MM)",
  duration: /*i18n*/ "{field} must be a duration (ISO 8601)",
  ipv4: /*i18n*/ "{field} must be an IPv4 address",
  ipv6: /*i18n*/ "{field} must be an IPv6 address",
  base64: /*i18n*/ "{field} must be base64 text",
  base64url: /*i18n*/ "{field} must be base64url text",
  jwt: /*i18n*/ "{field} must be a token",
};
