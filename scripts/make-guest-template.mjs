// node scripts/make-guest-template.mjs: writes the Upload File tab's template (INVITE_TEMPLATE_PATH under
// web/public, so Vite copies it into the static assets). It is made by the exports' SpreadsheetML writer, as the tests'
// .xlsx files are, and committed; run this again only when the columns change.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { writeSheet } from "../worker/lib/xlsx/write-sheet.ts";
import { GUEST_TEMPLATE } from "../worker/test/guest-rows.ts";

const target = new URL("../web/public/templates/guest-list-template.xlsx", import.meta.url);
const bytes = writeSheet(GUEST_TEMPLATE.rows, GUEST_TEMPLATE.options);
mkdirSync(dirname(target.pathname), { recursive: true });
writeFileSync(target, bytes);
console.log(`Wrote ${target.pathname} (${bytes.length} bytes)`);
