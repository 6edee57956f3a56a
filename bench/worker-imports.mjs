// Lets the bench import the Worker's TypeScript modules in Node. They import each other without extensions (as the
// Worker's bundler allows) and through the @worker/ alias; Node's type stripping needs a file, so a relative import
// that does not resolve is tried again as `.ts`, and @worker/x is worker/x.ts. Type stripping alone refuses TypeScript
// that must be rewritten (a constructor's parameter properties, as in worker/lib/errors.ts), so the Worker's files are
// transformed instead. Import this module before the others.
import { readFileSync } from "node:fs";
import { registerHooks, stripTypeScriptTypes } from "node:module";

const workerRoot = new URL("../worker/", import.meta.url);

registerHooks({
  resolve(specifier, context, next) {
    try {
      return next(specifier.startsWith("@worker/") ? new URL(`${specifier.slice(8)}.ts`, workerRoot).href : specifier, context);
    } catch (error) {
      if (error?.code === "ERR_MODULE_NOT_FOUND" && /^\.\.?\//.test(specifier)) return next(`${specifier}.ts`, context);
      throw error;
    }
  },
  load(url, context, next) {
    if (!url.startsWith(workerRoot.href) || !url.endsWith(".ts")) return next(url, context);
    const source = stripTypeScriptTypes(readFileSync(new URL(url), "utf8"), { mode: "transform" });
    return { format: "module", source, shortCircuit: true };
  },
});
