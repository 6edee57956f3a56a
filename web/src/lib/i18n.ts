import { setupI18n, type Messages } from "@lingui/core";
import { useSyncExternalStore } from "react";
import { directionOf, firstSupported, isRunLocale, SOURCE_LOCALE, type Locale, type RunLocale } from "@worker/shared/locales";
import { setPageLocale } from "@worker/shared/words";

// The app's words in the reader's language (docs/languages.md). Code writes the English source as the message
// (`i18n._("Save")`, `i18n._("{count} guests", { count })`, `/*i18n*\/ "Save"` where a constant holds it); `npm run i18n`
// extracts them into .po catalogs and compiles those into the modules loaded here: the shared words
// (web/src/locales/<locale>) at the start, a feature's (web/src/features/<name>/locales/<locale>) with its code.

/** The one translator of the page. A message no catalog holds reads as written. */
export const i18n = setupI18n({ missing: (_locale, id) => id });
// Every date and time the page words (worker/shared/time-zone.ts) follows its language.
setPageLocale(i18n);

type Catalog = () => Promise<{ messages: Messages }>;
/** The switch of language under way, if any: a feature loading meanwhile waits for it, then reads the new language. */
let switching = Promise.resolve();
const sharedCatalogs = import.meta.glob<{ messages: Messages }>("../locales/*.ts");
const schemaCatalogs = import.meta.glob<{ messages: Messages }>("../locales/schemas/*.ts");
/** The catalogs of each feature whose code has loaded: a change of language loads their words in the new one too. */
const featuresLoaded = new Map<string, Record<string, Catalog>>();
const loading = new Map<string, Promise<Messages>>();

/** One catalog's messages, fetched once (a missing one, like a feature without words yet, is empty). */
function catalog(key: string, load: Catalog | undefined): Promise<Messages> {
  let messages = loading.get(key);
  if (!messages) {
    messages = load ? load().then((module) => module.messages) : Promise.resolve({});
    loading.set(key, messages);
    messages.catch(() => loading.delete(key));
  }
  return messages;
}

const sharedWords = (locale: RunLocale) => catalog(`${locale}`, sharedCatalogs[`../locales/${locale}.ts`]);
const schemaWords = (locale: RunLocale) => catalog(`schemas/${locale}`, schemaCatalogs[`../locales/schemas/${locale}.ts`]);
const featureWords = (feature: string, locale: RunLocale) =>
  catalog(`${feature}/${locale}`, featuresLoaded.get(feature)?.[`/src/features/${feature}/locales/${locale}.ts`]);

/** The features' words being fetched for modules just loaded: `withWords` waits for them. */
const pending = new Set<Promise<void>>();

/**
 * A feature's words in the page's language, fetched as its code loads: the build puts `registerWords("<feature>",
 * catalogs)` at the top of each feature module that writes text, `catalogs` being the feature's compiled catalogs by
 * path, and wraps each of the app's dynamic imports in `withWords` (vite.config.ts's featureWords). The app's own
 * modules register before its first language is set, which loads their words.
 */
export function registerWords(feature: string, catalogs: Record<string, Catalog>): void {
  featuresLoaded.set(feature, catalogs);
  // Read once the module's chunk has run: a switch of language it started (the app's first) is under way by then.
  const words = Promise.resolve()
    .then(() => switching)
    .then(async () => {
      if (!i18n.locale) return;
      const locale = activeLanguage();
      const messages = await featureWords(feature, locale);
      if (i18n.locale === locale) i18n.load(locale, messages);
    });
  pending.add(words);
  const settled = () => pending.delete(words);
  words.then(settled, settled);
}

/**
 * A dynamically imported module, once the words of the features it brought are in the page's language: its
 * components never render before their words (no flash of English), and a catalog that cannot be fetched fails the
 * import as a missing chunk does.
 */
export async function withWords<Module>(module: Promise<Module>): Promise<Module> {
  const loaded = await module;
  await Promise.all(pending);
  return loaded;
}

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

/**
 * Loads a locale's words (the shared ones, and those of every feature whose code has loaded) and switches every screen
 * to it, `lang` and `dir` included.
 */
export function activateLanguage(locale: RunLocale): Promise<void> {
  const next = switching.then(() => switchTo(locale));
  // A switch that failed (its catalog could not be fetched, offline) leaves the page in its language; the next may try.
  switching = next.catch(() => undefined);
  return next;
}

async function switchTo(locale: RunLocale) {
  if (i18n.locale === locale) return;
  const parts = await Promise.all([sharedWords(locale), ...[...featuresLoaded.keys()].map((feature) => featureWords(feature, locale))]);
  i18n.loadAndActivate({ locale, messages: Object.assign({}, ...parts) as Messages });
  // The schemas' messages (a form's field errors) are not needed for the first paint: they follow it.
  void schemaWords(locale).then(
    (messages) => i18n.locale === locale && i18n.load(locale, messages),
    () => undefined,
  );
  // No document when the build prerenders the landing page.
  if (typeof document === "undefined") return;
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
}

/** The language the page is in now. */
export const activeLanguage = (): RunLocale => (isRunLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE);

const subscribe = (onChange: () => void) => i18n.on("change", onChange);
const localeNow = () => i18n.locale;

/** The translator, in a component that re-renders when the language changes. */
export function useI18n() {
  useSyncExternalStore(subscribe, localeNow, localeNow);
  return i18n;
}
