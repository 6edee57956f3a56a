import { z } from "zod";
import { LOCALES } from "./locales";

/** One of the twelve languages (shared/locales.ts), as a profile or an experience stores it. */
export const localeSchema = z
  .enum(LOCALES, { error: /*i18n*/ "Choose one of the languages the app offers" })
  .meta({ id: "Language", description: "A supported language: en, es, fr, de, it, pt-BR, nl, ja, zh-Hans, ko, ar or he." });
