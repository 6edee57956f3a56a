// Finds the URLs and phone numbers in an activity's free text (spec 2 §5: both become links that ask first).

// A URL runs to the next space or invisible character (a bidi control, a zero-width space: format and control characters
// end it, so none is ever inside a link); trailing punctuation and an unbalanced ")" belong to the sentence around it.
const URL_PATTERN = String.raw`https?:\/\/[^\s<>"\p{Cf}\p{Cc}]+`;
// Digits, optionally "(…)" groups, joined by at most one space, dot or hyphen: "1200 - 1400" never forms one candidate.
const PHONE_CANDIDATE = String.raw`(?<![\w+.\-])\+?(?:\(\d+\)|\d)(?:[ .\-]?(?:\(\d+\)|\d))*(?![\w])`;
const TOKEN = new RegExp(`${URL_PATTERN}|${PHONE_CANDIDATE}`, "gu");

/** The link part of a URL found in text, without trailing punctuation or an unbalanced closing parenthesis. */
export function trimUrl(candidate: string): string {
  let url = candidate;
  for (;;) {
    const last = url.at(-1);
    if (last && ".,;:!?'\"".includes(last)) url = url.slice(0, -1);
    else if (last === ")" && url.split("(").length < url.split(")").length) url = url.slice(0, -1);
    else return url;
  }
}

const isYear = (group: string) => /^(19|20)\d\d$/.test(group);
const isClockTime = (group: string) => /^([01]\d|2[0-3])[0-5]\d$/.test(group);

/**
 * Whether a run of digits reads as a phone number ("+351 21 123 4567", "(415) 555-0100", "020 7946 0958")
 * rather than a date ("2027-03-12"), a time range ("1200-1400"), a list of years or a decimal.
 */
export function isPhoneNumber(candidate: string): boolean {
  const digits = candidate.replace(/\D/g, "");
  if (digits.length < 8 || digits.length > 15) return false;
  const phoneShaped = candidate.startsWith("+") || candidate.includes("(");
  const groups = candidate.split(/[^\d]+/).filter(Boolean);
  // A bare run of digits is a reference number or a compact date unless written in international form.
  if (groups.length === 1) return candidate.startsWith("+");
  if (/^\d{4}([-.])\d{1,2}\1\d{1,2}$|^\d{1,2}([-.])\d{1,2}\2\d{4}$/.test(candidate)) return false;
  if (!phoneShaped && groups.every((g) => g.length === 4) && (groups.every(isYear) || groups.every(isClockTime))) return false;
  if (!phoneShaped && groups.length < 3 && !/[ -]/.test(candidate)) return false;
  return true;
}

/**
 * A part of the text. A URL's `href` is what `new URL(...)` makes of it (host in ASCII, the rest percent-encoded): the link
 * goes there and shows it, so what a link shows is always where it goes, whatever characters the raw text held.
 */
export type TextPart = { kind: "text" | "phone"; text: string } | { kind: "url"; text: string; href: string };

/**
 * The parsed address of a URL found in text, or null when it does not parse as an http(s) URL. A user name and password
 * are dropped: `https://your-bank.com@evil.example` would otherwise show a host it does not go to.
 */
function parsedHref(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return null;
    parsed.username = "";
    parsed.password = "";
    return parsed.href;
  } catch {
    return null;
  }
}

/** The text cut into plain runs, URLs and phone numbers, in order; joined, the parts give the text back. */
export function linkifyParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  const push = (kind: "text" | "phone", value: string) => {
    if (!value) return;
    const last = parts.at(-1);
    if (kind === "text" && last?.kind === "text") last.text += value;
    else parts.push({ kind, text: value });
  };
  let at = 0;
  for (const match of text.matchAll(TOKEN)) {
    push("text", text.slice(at, match.index));
    const token = match[0];
    if (/^https?:\/\//.test(token)) {
      const url = trimUrl(token);
      const href = url.length > "https://".length ? parsedHref(url) : null;
      if (href) parts.push({ kind: "url", text: url, href });
      else push("text", url);
      push("text", token.slice(url.length));
    } else push(isPhoneNumber(token) ? "phone" : "text", token);
    at = match.index + token.length;
  }
  push("text", text.slice(at));
  return parts;
}

/** The `tel:` address of a phone number as written: its digits and a leading "+". */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;
