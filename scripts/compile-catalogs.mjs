// npm run i18n:compile (docs/languages.md): `lingui compile`, then the English catalogs keep only the messages that
// need compiling (placeholders, plurals, tags). A plain English message is its own id, which the translator answers
// as is (web/src/lib/i18n.ts's `missing`), so an English page downloads none of it.
import { globSync, readFileSync, writeFileSync } from "node:fs";
import { root, run } from "./lib.mjs";

run("lingui", ["compile", "--typescript"]);
const catalogs = globSync("web/src/**/locales/**/en.ts", { cwd: root }).map((file) => `${root}${file}`);
for (const file of catalogs) {
  const source = readFileSync(file, "utf8");
  const match = /JSON\.parse\((".*")\)as Messages;$/s.exec(source);
  if (!match) throw new Error(`${file}: not a catalog lingui compile writes`);
  const messages = JSON.parse(JSON.parse(match[1]));
  const plain = (id, message) => Array.isArray(message) && message.length === 1 && message[0] === id;
  const needed = Object.fromEntries(Object.entries(messages).filter(([id, message]) => !plain(id, message)));
  writeFileSync(file, source.replace(match[1], JSON.stringify(JSON.stringify(needed))));
}
