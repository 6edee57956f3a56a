import { setupI18n, type Messages } from "@lingui/core";
import { useSyncExternalStore } from "react";
import { directionOf, firstSupported, isRunLocale, SOURCE_LOCALE, type Locale, type RunLocale } from "@worker/shared/locales";

// The app's words in the reader's language (docs/languages.md). Code writes the English source as the message
// (`i18n._("Save")`, `i18n._("{count} guests", { count })`, `/*i18n*\/ "Save"` where a constant holds it); `npm run i18n`
// extracts them into web/src/locales/*.po and compiles those into the modules loaded here, one chunk per locale.

/** The one translator of the page. A message no catalog holds reads as written. */
export const i18n = setupI18n({ missing: (_locale, id) => id });

const catalogs = import.meta.glob<{ messages: Messages }>("../locales/*.ts");
const CHOSEN_KEY = "cp.language";

/** The language this browser was set to in the picker, if any (kept across sign-outs: it is the browser's). */
export function chosenLanguage(): RunLocale | null {
  try {
    const value = localStorage.getItem(CHOSEN_KEY);
    return isRunLocale(value) ? value : null;
  } catch {
    return null;
  }
}

export function rememberLanguage(locale: Locale | null) {
  try {
    if (locale) localStorage.setItem(CHOSEN_KEY, locale);
    else localStorage.removeItem(CHOSEN_KEY);
  } catch {
    // Storage disabled (private mode): the choice lasts this page's life.
  }
}

/** The browser's own preference among the supported languages, else English. */
export const browserLanguage = (): Locale => firstSupported(navigator.languages ?? [navigator.language]) ?? SOURCE_LOCALE;

/** What a page opens in: the language chosen here, else the browser's. A signed-in person's saved one follows. */
export const initialLanguage = (): RunLocale => chosenLanguage() ?? browserLanguage();

/** Loads a locale's catalog (its own chunk) and switches every screen to it, `lang` and `dir` included. */
export async function activateLanguage(locale: RunLocale): Promise<void> {
  if (i18n.locale === locale) return;
  const load = catalogs[`../locales/${locale}.ts`];
  const { messages } = load ? await load() : { messages: {} };
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
}

/** The language the page is in now. */
export const activeLanguage = (): RunLocale => (isRunLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE);

const subscribe = (onChange: () => void) => i18n.on("change", onChange);

/** The translator, in a component that re-renders when the language changes. */
export function useI18n() {
  useSyncExternalStore(subscribe, () => i18n.locale);
  return i18n;
}
