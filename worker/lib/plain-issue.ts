import type { z } from "zod";

/**
 * A validation rule's failure in plain words, for every rule its schema gives no message of its own: 'listId is
 * required', 'scans must be a list', 'name must be at most 80 characters' — never zod's 'Invalid input: expected
 * string, received undefined'. The field is named as the API names it (its path in the input).
 */
export function plainIssue(issue: z.core.$ZodRawIssue): string {
  const field = fieldName(issue.path ?? []);
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return `${field} is required`;
      return `${field} must be ${TYPE_WORDS[issue.expected] ?? issue.expected}`;
    case "too_big":
      return `${field} must be ${issue.exact ? "exactly" : issue.inclusive === false ? "less than" : "at most"} ${bound(issue.maximum, issue.origin)}`;
    case "too_small":
      if (issue.origin === "string" && Number(issue.minimum) === 1 && !issue.exact) return `${field} is required`;
      return `${field} must be ${issue.exact ? "exactly" : issue.inclusive === false ? "more than" : "at least"} ${bound(issue.minimum, issue.origin)}`;
    case "invalid_value":
      return issue.values.length === 1
        ? `${field} must be ${shown(issue.values[0])}`
        : `${field} must be one of ${issue.values.map(shown).join(", ")}`;
    case "invalid_format":
      return `${field} must be ${FORMAT_WORDS[issue.format] ?? "in the expected format"}`;
    case "not_multiple_of":
      return `${field} must be a multiple of ${String(issue.divisor)}`;
    case "unrecognized_keys":
      return `${issue.keys.length > 1 ? "These fields are" : "This field is"} not known: ${issue.keys.join(", ")}`;
    case "invalid_union":
      return `${field} is not one of the accepted forms`;
    case "invalid_key":
    case "invalid_element":
      return `${field} holds a value that is not accepted`;
    default:
      return `${field} is not valid`;
  }
}

/** `scans[2].code`, or 'The body' for the input itself (a JSON array where an object was expected). */
function fieldName(path: PropertyKey[]): string {
  if (path.length === 0) return "The body";
  return path
    .map((segment, index) => (typeof segment === "number" ? `[${segment}]` : `${index === 0 ? "" : "."}${String(segment)}`))
    .join("");
}

const TYPE_WORDS: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  bigint: "a whole number",
  boolean: "true or false",
  array: "a list",
  object: "an object",
  date: "a date",
  null: "null",
  file: "a file",
  record: "an object",
  map: "an object",
  set: "a list",
  tuple: "a list",
};

const UNITS: Record<string, [one: string, many: string]> = {
  string: ["character", "characters"],
  array: ["item", "items"],
  set: ["item", "items"],
  file: ["byte", "bytes"],
  map: ["entry", "entries"],
};

function bound(limit: number | bigint, origin: string): string {
  const unit = UNITS[origin];
  return unit ? `${String(limit)} ${Number(limit) === 1 ? unit[0] : unit[1]}` : String(limit);
}

const shown = (value: unknown) => (typeof value === "string" ? `'${value}'` : String(value));

const FORMAT_WORDS: Record<string, string> = {
  email: "an e-mail address",
  url: "a URL",
  uuid: "an id",
  guid: "an id",
  datetime: "a date and time (ISO 8601, e.g. 2026-05-01T09:30:00Z)",
  date: "a date (YYYY-MM-DD)",
  time: "a time (HH:MM)",
  duration: "a duration (ISO 8601)",
  ipv4: "an IPv4 address",
  ipv6: "an IPv6 address",
  base64: "base64 text",
  base64url: "base64url text",
  jwt: "a token",
  starts_with: "in the expected format",
  regex: "in the expected format",
};
