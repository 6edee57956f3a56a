import { setupI18n, type I18n } from "@lingui/core";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "@worker/env";
import { messages as ar } from "@worker/locales/ar";
import { messages as de } from "@worker/locales/de";
import { messages as en } from "@worker/locales/en";
import { messages as pseudo } from "@worker/locales/en-XA";
import { messages as es } from "@worker/locales/es";
import { messages as fr } from "@worker/locales/fr";
import { messages as he } from "@worker/locales/he";
import { messages as it } from "@worker/locales/it";
import { messages as ja } from "@worker/locales/ja";
import { messages as ko } from "@worker/locales/ko";
import { messages as nl } from "@worker/locales/nl";
import { messages as ptBR } from "@worker/locales/pt-BR";
import { messages as zhHans } from "@worker/locales/zh-Hans";
import { acceptedLanguages, firstSupported, isRunLocale, PSEUDO_LOCALE, SOURCE_LOCALE, type RunLocale } from "@worker/shared/locales";

// The server's words in the reader's language (docs/languages.md): every `{ "error": … }`, mail, push, page and file
// the Worker writes. The catalogs are compiled from worker/locales/*.po (`npm run i18n`); the message's English text is
// its id, so a message the catalog lacks reads in English, never as a key.

type Messages = typeof en;
const CATALOGS: Record<RunLocale, Messages> = {
  en,
  es,
  fr,
  de,
  it,
  "pt-BR": ptBR,
  nl,
  ja,
  "zh-Hans": zhHans,
  ko,
  ar,
  he,
  [PSEUDO_LOCALE]: pseudo,
};

const instances = new Map<RunLocale, I18n>();

/** The words of one locale, made once per isolate. */
export function i18nFor(locale: RunLocale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    // A message no catalog holds (a text that was never marked) reads as written, never compiled from the raw text.
    i18n = setupI18n({ locale, messages: { [locale]: CATALOGS[locale] }, missing: (_locale, id) => id });
    instances.set(locale, i18n);
  }
  return i18n;
}

/** The language a request asks for: the web names its own first in Accept-Language; any other client its user's. */
export function requestLocale(header: string | null | undefined): RunLocale {
  const tags = acceptedLanguages(header);
  if (tags[0] && isRunLocale(tags[0])) return tags[0];
  return firstSupported(tags) ?? SOURCE_LOCALE;
}

/** Sets `locale` and `i18n` for the handlers and the error handler. */
export const withLanguage: MiddlewareHandler<AppEnv> = async (c, next) => {
  const locale = requestLocale(c.req.header("Accept-Language"));
  c.set("locale", locale);
  c.set("i18n", i18nFor(locale));
  await next();
};
