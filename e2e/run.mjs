// npm run test:e2e: Playwright in Debian's Chromium against wrangler dev on a free port.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { assertNode, freePort, root } from "../scripts/lib.mjs";

assertNode();
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.error(`Chromium not found at ${chromium}: apt-get install -y chromium (or set CHROMIUM_PATH).`);
  process.exit(1);
}
const port = await freePort();
const result = spawnSync(`${root}node_modules/.bin/playwright`, ["test", "-c", "e2e/playwright.config.ts", ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, E2E_PORT: String(port), WRANGLER_SEND_METRICS: "false" },
});
process.exit(result.status ?? 1);
