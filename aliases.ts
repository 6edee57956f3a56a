import { fileURLToPath } from "node:url";

/** The path aliases of tsconfig.base.json, for Vite and Vitest (wrangler's esbuild reads tsconfig.json itself). */
export const aliases = {
  "@worker": fileURLToPath(new URL("./worker", import.meta.url)),
  "@web": fileURLToPath(new URL("./web/src", import.meta.url)),
};
