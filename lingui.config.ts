import type { LinguiConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";
import { LOCALES, PSEUDO_LOCALE, SOURCE_LOCALE } from "./worker/shared/locales.ts";

/**
 * The catalogs (docs/languages.md): the source text is English, written in the code as the message itself
 * (`i18n._("Save")`, `/*i18n*\/ "Save"`), so the spec's words stay where they are read. `npm run i18n` extracts them
 * into one `.po` per locale (what a translator or Weblate edits) and compiles those into the modules the app loads.
 * The Worker's catalog is apart from the web's, and the web's is split by feature: a page never downloads a mail's
 * words, nor another page's.
 */
const config: LinguiConfig = {
  sourceLocale: SOURCE_LOCALE,
  locales: [...LOCALES, PSEUDO_LOCALE],
  pseudoLocale: { locale: PSEUDO_LOCALE, prepend: "⟦", append: "⟧", extend: 0.35 },
  fallbackLocales: { [PSEUDO_LOCALE]: SOURCE_LOCALE, default: SOURCE_LOCALE },
  catalogs: [
    // The web's shared words (the shell, components, lib): loaded before the first render.
    {
      path: "<rootDir>/web/src/locales/{locale}",
      include: [
        "<rootDir>/web/src/app",
        "<rootDir>/web/src/components",
        "<rootDir>/web/src/hooks",
        "<rootDir>/web/src/lib",
        "<rootDir>/web/src/sw",
      ],
      exclude: ["**/*.test.*", "**/test/**"],
    },
    // The schemas' messages, which the web's forms show as the Worker would (a field's error): loaded after the first render.
    {
      path: "<rootDir>/web/src/locales/schemas/{locale}",
      include: ["<rootDir>/worker/shared", "<rootDir>/worker/features/*/*.schema.ts"],
      exclude: ["**/*.test.*"],
    },
    // One per web feature, loaded with the feature's code (vite.config.ts's featureWords): a page downloads its own.
    {
      path: "<rootDir>/web/src/features/{name}/locales/{locale}",
      include: ["<rootDir>/web/src/features/{name}/"],
      exclude: ["**/*.test.*"],
    },
    { path: "<rootDir>/worker/locales/{locale}", include: ["<rootDir>/worker"], exclude: ["**/*.test.*", "**/test/**", "**/locales/**"] },
  ],
  // The web's <Trans> needs no provider (web/src/lib/trans.tsx): components render in tests as they are.
  runtimeConfigModule: { Trans: ["@web/lib/trans", "Trans"] },
  format: formatter({ lineNumbers: false, origins: true }),
  compileNamespace: "ts",
  orderBy: "messageId",
};

export default config;
