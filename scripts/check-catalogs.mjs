// npm run lint's catalog check (docs/languages.md): every locale has every message the code writes, none the code no
// longer has, and no placeholder or tag its English source does not. `npm run i18n` brings the catalogs up to date.
import { spawnSync } from "node:child_process";
import { getCatalogs } from "@lingui/cli/api";
import { getConfig } from "@lingui/conf";
import { parse } from "@messageformat/parser";

const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;
const failures = [];

for (const check of [["sync"], ["missing", "--mode", "catalog"]]) {
  const result = spawnSync(bin("lingui"), ["check", ...check, "--verbose"], { encoding: "utf8" });
  if (result.status !== 0) failures.push(`${result.stdout}${result.stderr}`.trim());
}

/** The names a message fills in ('{count}', '{0}') and the tags it wraps ('<0>'). */
function slots(message) {
  const names = new Set();
  const walk = (tokens) => {
    for (const token of tokens) {
      if (token.type === "content" || token.type === "octothorpe") {
        for (const tag of token.value?.match(/<\/?\d+\/?>/g) ?? []) names.add(tag.replace("/", ""));
        continue;
      }
      names.add(`{${token.arg}}`);
      if (token.cases) for (const option of token.cases) walk(option.tokens);
    }
  };
  walk(parse(message, { strict: false }));
  return names;
}

const config = getConfig();
for (const catalog of await getCatalogs(config)) {
  const all = await catalog.readAll();
  for (const [locale, messages] of Object.entries(all)) {
    if (locale === config.sourceLocale) continue;
    for (const [id, entry] of Object.entries(messages ?? {})) {
      if (!entry.translation) continue;
      let source, translated;
      try {
        source = slots(id);
        translated = slots(entry.translation);
      } catch (error) {
        failures.push(`${catalog.getFilename(locale)}: "${id}" cannot be read: ${error.message}`);
        continue;
      }
      const extra = [...translated].filter((name) => !source.has(name));
      if (extra.length) failures.push(`${catalog.getFilename(locale)}: "${id}" has ${extra.join(", ")}, which its source does not`);
    }
  }
}

if (failures.length) {
  console.error(failures.join("\n"));
  console.error("Run `npm run i18n` after changing a message, and translate it in every locale.");
  process.exit(1);
}
