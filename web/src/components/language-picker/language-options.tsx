import { LANGUAGE_NAMES, LOCALES } from "@worker/shared/locales";

/** The twelve languages as a select's options, each by its own name and marked as written in it (日本語 read as Japanese). */
export function LanguageOptions() {
  return LOCALES.map((locale) => (
    <option key={locale} value={locale} lang={locale}>
      {LANGUAGE_NAMES[locale]}
    </option>
  ));
}
