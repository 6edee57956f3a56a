// Shared with the web (no imports): which languages the product speaks, how a person's own is found, and which way
// each one writes. docs/languages.md says why these twelve and how a new one is added.

/** The source language: the code's messages are written in it (the spec's exact words). */
export const SOURCE_LOCALE = "en";

/** Every language a person can choose, in the order the picker lists them. */
export const LOCALES = ["en", "es", "fr", "de", "it", "pt-BR", "nl", "ja", "zh-Hans", "ko", "ar", "he"] as const;

/** Accented and a third longer, for the e2e suite: any text a page shows outside ⟦…⟧ was never translated. */
export const PSEUDO_LOCALE = "en-XA";

export type Locale = (typeof LOCALES)[number];
/** A locale the app may run in: a person's language, or the pseudo-locale under test. */
export type RunLocale = Locale | typeof PSEUDO_LOCALE;

/** Each language by its own name, as a picker shows it to someone who reads only that one. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: "English",
  es: "Español",
  fr: "Français",
  de: "Deutsch",
  it: "Italiano",
  "pt-BR": "Português (Brasil)",
  nl: "Nederlands",
  ja: "日本語",
  "zh-Hans": "简体中文",
  ko: "한국어",
  ar: "العربية",
  he: "עברית",
};

const RIGHT_TO_LEFT = new Set<string>(["ar", "he"]);

/** 'rtl' for Arabic and Hebrew, 'ltr' for the rest. */
export const directionOf = (locale: string): "rtl" | "ltr" => (RIGHT_TO_LEFT.has(locale) ? "rtl" : "ltr");

export const isLocale = (value: unknown): value is Locale => typeof value === "string" && (LOCALES as readonly string[]).includes(value);

/** A stored or asked-for language as one of the twelve: English when it is none of them. */
export const asLocale = (value: unknown): Locale => (isLocale(value) ? value : SOURCE_LOCALE);

/** A locale the app may run in: a supported one, or the pseudo-locale. */
export const isRunLocale = (value: unknown): value is RunLocale => isLocale(value) || value === PSEUDO_LOCALE;

/** Tags that name a supported language differently ('zh-CN' is written in simplified characters). */
const SCRIPT_OF: Record<string, Locale> = { "zh-cn": "zh-Hans", "zh-sg": "zh-Hans", zh: "zh-Hans", "zh-hans": "zh-Hans", iw: "he" };

/** The supported locale a language tag means ('pt' → 'pt-BR', 'de-AT' → 'de', 'zh-CN' → 'zh-Hans'), or null. */
function matchLocale(tag: string): Locale | null {
  const lower = tag.trim().toLowerCase();
  if (!lower) return null;
  const exact = LOCALES.find((locale) => locale.toLowerCase() === lower);
  if (exact) return exact;
  if (SCRIPT_OF[lower]) return SCRIPT_OF[lower];
  // 'zh-Hans-CN', 'zh-TW' (traditional: not offered, so not matched to simplified)
  if (lower.startsWith("zh-hans")) return "zh-Hans";
  const language = lower.split("-")[0]!;
  if (language === "zh") return null;
  return LOCALES.find((locale) => locale.toLowerCase().split("-")[0] === language) ?? SCRIPT_OF[language] ?? null;
}

/** The first of a person's languages (most preferred first) that the product speaks, or null. */
export const firstSupported = (tags: readonly string[]): Locale | null => {
  for (const tag of tags) {
    const locale = matchLocale(tag);
    if (locale) return locale;
  }
  return null;
};

/** An Accept-Language header ('de-CH, de;q=0.9, en;q=0.8') in its order of preference. */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .slice(0, 500)
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== "*" && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The tag Intl formats with: the pseudo-locale formats as English. */
export const intlLocale = (locale: string) => (locale === PSEUDO_LOCALE ? SOURCE_LOCALE : locale);
