// Shared with the web (no imports): a catalog message's English words, filled without Lingui.

type Values = Record<string, string | number>;

/** Who words a sentence: the page's or the reader's Lingui `i18n`, or English (`ENGLISH`) where none is given. */
export type Say = { _: (id: string, values?: Values) => string };

const PLURAL = /\{(\w+), plural, one \{([^{}]*)\} other \{([^{}]*)\}\}/g;

/**
 * The English text of a catalog message (docs/languages.md) with its values: what a message table's function answers
 * (a test or a caller that reads English), while an error throws the message itself with its values, worded in the
 * reader's language by the error handler. Knows `{name}`, `{name, number}` (1,000) and a plural of `one` and `other`.
 */
export function fillMessage(message: string, values: Values): string {
  const english = (value: string | number | undefined) => (typeof value === "number" ? value.toLocaleString("en-US") : String(value));
  return message
    .replace(PLURAL, (_, name: string, one: string, other: string) =>
      (Number(values[name]) === 1 ? one : other).replaceAll("#", english(values[name])),
    )
    .replace(/\{(\w+), number\}/g, (_, name: string) => english(values[name]))
    .replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The English words of a catalog message, for a caller that has no reader's `i18n`. */
export const ENGLISH: Say = { _: (id, values) => fillMessage(id, values ?? {}) };
