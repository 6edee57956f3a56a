// The words of the shared formatters (time-zone.ts, date-range.ts) in the reader's language, and the page's language
// they default to. Apart from the formatters, so that setting the page's language (web/src/lib/i18n.ts) does not bring
// them into a page that words no time, such as the landing.

/** What words this file's sentences in one locale: a translator (Lingui's I18n is one), its messages the catalog's. */
export interface Words {
  readonly locale: string;
  _(id: string, values?: Record<string, unknown>): string;
}

/** The reader's language: its translator (the Worker's `c.var.i18n`), or a locale alone ('de': formats in it; the sentences are the page's words when it is the page's, else English). */
export type Lang = string | Words;

/** The end of the `{…}` that opens at `open`, its nested braces included. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "{") depth++;
    else if (text[i] === "}" && --depth === 0) return i;
  }
  return text.length;
}

/** The branch of a plural's `one {…} other {…}` that `key` selects, else its `other`. */
function branchOf(branches: string, key: string): string {
  const found: Record<string, string> = {};
  for (let i = 0, open = branches.indexOf("{"); open >= 0; open = branches.indexOf("{", i)) {
    const close = closing(branches, open);
    found[branches.slice(i, open).trim()] = branches.slice(open + 1, close);
    i = close + 1;
  }
  return found[key] ?? found.other ?? "";
}

/** This file's messages in English, with no catalog: '{city} time' filled in, '{days, plural, one {…} other {…}}' counted. */
function english(message: string, values: Record<string, unknown> = {}): string {
  let out = "";
  let i = 0;
  for (let open = message.indexOf("{"); open >= 0; open = message.indexOf("{", i)) {
    const close = closing(message, open);
    const [name = "", kind, ...branches] = message.slice(open + 1, close).split(",");
    const value = values[name.trim()];
    out += message.slice(i, open);
    if (kind?.trim() === "plural") {
      const n = Number(value);
      out += english(branchOf(branches.join(","), n === 1 ? "one" : "other").replace(/#/g, String(n)), values);
    } else out += String(value ?? "");
    i = close + 1;
  }
  return out + message.slice(i);
}

let page: Words | null = null;

/**
 * The page's language (the web's activateLanguage calls it with its translator): every word function called without
 * `lang` words in it. The Worker never sets it; it passes each reader's own.
 */
export function setPageLocale(words: Words | null): void {
  page = words;
}

/** The translator `lang` names, its locale never empty; a message its catalog lacks (read back as its id) reads in English. */
export function wordsOf(lang?: Lang): Words {
  const words = typeof lang === "object" ? lang : page && (lang === undefined || lang === page.locale) ? page : null;
  if (!words) return { locale: (typeof lang === "string" && lang) || "en", _: english };
  return {
    locale: words.locale || "en",
    _: (id, values) => {
      const said = words._(id, values);
      return said === id ? english(id, values) : said;
    },
  };
}
