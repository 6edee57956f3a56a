import type { I18n } from "@lingui/core";
import { i18nFor } from "@worker/lib/i18n";
import { isLocale, isRunLocale, SOURCE_LOCALE, type RunLocale } from "@worker/shared/locales";

// Whose language a mail, a push or a file is written in (docs/languages.md): the one rule every sender follows.

/** What is known of the person a message is for. */
export interface RecipientLanguage {
  /** Their account's choice (users.language); null or undefined: none saved, or no account. */
  account?: string | null;
  /**
   * The language of the request they made themselves that sends it (a code they asked for, their own join): the
   * request's `c.var.locale`. Never the language of someone else's request (an organiser's invitation).
   */
  asked?: string | null;
  /** The experience's language (events.language): what someone without a saved language reads it in. */
  experience?: string | null;
}

/**
 * The language of a recipient: their account's, else the one they asked in themselves, else the experience's, else
 * English. A mail to an address without an account (an invitation) passes the experience's alone.
 */
export function recipientLocale({ account, asked, experience }: RecipientLanguage): RunLocale {
  if (isLocale(account)) return account;
  if (isRunLocale(asked)) return asked;
  if (isLocale(experience)) return experience;
  return SOURCE_LOCALE;
}

/** The words of a recipient's language (recipientLocale). */
export const recipientI18n = (recipient: RecipientLanguage): I18n => i18nFor(recipientLocale(recipient));

/** English: what a sender that names no language writes in (the mails' default until every caller passes one). */
export const sourceI18n = (): I18n => i18nFor(SOURCE_LOCALE);
