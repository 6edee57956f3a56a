import { GENERATED_TEXT_MAX } from "../generator.schema";

// An agenda line's words (after its times) as an activity: 'Museum visit, National Tile Museum – guided tour'.

export interface ActivityText {
  name: string;
  location: string;
  description: string;
}

const DETAIL = /\s+[–—-]\s+|\s+\|\s+/;
const AT_SIGN = /\s+@\s+/;
// 'at' or 'chez' names a place only before a name ('Dinner at DOP', 'at the Ritz'), not 'at noon' or 'at the hotel'.
const AT_WORD = /\s+(?:at|chez)\s+(?=(?:the\s+)?[\p{Lu}\d])/u;
// After its only comma, a name's place ('Museum visit, National Tile Museum'); a list ('pricing, onboarding, AI
// features') or lower-case words ('Keynote, pricing') stay in the name.
const PLACE_AFTER_COMMA = /^[^,]+,\s*(?=[\p{Lu}\d])[^,]+$/u;

/** 'walking tour' → 'Walking tour'; 'iPhone workshop' and 'eBay' keep their case. */
const capitalized = (text: string) => (/^\p{Ll}(?!\p{Lu})/u.test(text) ? text.charAt(0).toUpperCase() + text.slice(1) : text);

/** Cuts text to `max` characters, at a word boundary when there is one, with an ellipsis when cut. */
export function clip(text: string, max: number) {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function splitOnce(text: string, separator: RegExp): [string, string] | null {
  const match = separator.exec(text);
  if (!match || match.index === 0) return null;
  const after = text.slice(match.index + match[0].length).trim();
  return after ? [text.slice(0, match.index).trim(), after] : null;
}

/**
 * The name is the words before a comma or ' @ ' (then the location) or before a spaced dash (then the
 * description); 'Dinner at Ramiro' keeps its whole name and is located at 'Ramiro'. The description is the
 * detail after the dash, else the whole text, so it is never empty. The name starts with a capital.
 */
export function activityFromText(text: string, fallbackName: string): ActivityText {
  const whole = text.replace(/\s+/g, " ").trim();
  const [head, detail] = splitOnce(whole, DETAIL) ?? [whole, ""];
  let name = head;
  let location = "";
  const atSign = splitOnce(head, AT_SIGN);
  const comma = PLACE_AFTER_COMMA.test(head) ? splitOnce(head, /,\s*/) : null;
  const atWord = splitOnce(head, AT_WORD);
  if (atSign) [name, location] = atSign;
  else if (comma) [name, location] = comma;
  else if (atWord) location = atWord[1];
  name = capitalized(name) || fallbackName;
  const description = detail || whole || name;
  return { name: clip(name, GENERATED_TEXT_MAX.activityName), location: clip(location, GENERATED_TEXT_MAX.location), description };
}
