import type { Messages } from "@lingui/core";
import { activateLanguage, i18n } from "@web/lib/i18n";
import type { RunLocale } from "@worker/shared/locales";

// The tests render features without the build's featureWords transform (vite.config.ts): every catalog of a locale is
// loaded at once instead, so a component reads its words however it was imported.
const all = import.meta.glob<{ messages: Messages }>(["../locales/*.ts", "../locales/schemas/*.ts", "../features/*/locales/*.ts"]);

/** Switches the page to `locale` with every catalog's words in it. */
export async function readIn(locale: RunLocale): Promise<void> {
  const parts = await Promise.all(
    Object.entries(all)
      .filter(([path]) => path.endsWith(`/${locale}.ts`))
      .map(async ([, load]) => (await load()).messages),
  );
  await activateLanguage(locale);
  i18n.load(locale, Object.assign({}, ...parts) as Messages);
}
