import { availableParallelism } from "node:os";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { aliases } from "./aliases.ts";

export default defineConfig(async () => {
  const migrations = await readD1Migrations("migrations");
  return {
    test: {
      // One file per core, and never fewer than three: a workerd or jsdom file waits on I/O (the pool's module requests,
      // workerd's start) often enough that three share a 2-core machine better than two (both projects: 333 s against
      // 373 s, Dec 2026; vitest's default, cores − 1, ran them one at a time there). `npm test` runs both projects in one
      // `vitest run`, so they share these workers: no second start-up, and no core idles while one project's last file runs.
      maxWorkers: Math.max(3, availableParallelism()),
      projects: [
        {
          plugins: [
            // Each test file's workerd is sent every module it loads with its source map inlined: the libraries' maps were
            // 3 of the 7.8 MB a file received. A stack frame inside a library now names the prebundled file.
            // (Vite keeps the map it loaded when no plugin changed the code, hence the added newline.)
            {
              name: "no-dependency-source-maps",
              enforce: "post",
              transform(code: string, id: string) {
                if (id.includes("/node_modules/")) return { code: `${code}\n`, map: { mappings: "" } };
              },
            },
            cloudflareTest({
              wrangler: { configPath: "./wrangler.jsonc" },
              miniflare: { bindings: { TEST_MIGRATIONS: migrations, CONTRACT_CHECK: "on" } },
            }),
          ],
          resolve: { alias: aliases },
          test: {
            name: "worker",
            // Files run one after another in each workerd, which loads the Worker's modules once (with isolation each file
            // started a workerd of its own: ~4 s of a 2-core machine, 103 times). worker/test/apply-migrations.ts gives each
            // file the empty D1 and R2 a fresh workerd would.
            isolate: false,
            // Prebundled, the libraries are a few modules instead of hundreds for each workerd to load.
            deps: {
              optimizer: {
                ssr: {
                  enabled: true,
                  // Every entry point the Worker imports, so each class exists once (an HTTPException thrown inside
                  // hono is the one app.ts checks for).
                  include: [
                    "zod",
                    "drizzle-orm",
                    "drizzle-orm/sqlite-core",
                    "drizzle-orm/d1",
                    "hono",
                    "hono/http-exception",
                    "hono/factory",
                    "hono/body-limit",
                    "hono/request-id",
                    "hono/client",
                    "hono/testing",
                    "hono-openapi",
                    "jose",
                    "fflate",
                    "@block65/webcrypto-web-push",
                  ],
                },
              },
            },
            // Two files share the machine: a test that waits on nothing never needs this long.
            testTimeout: 15_000,
            include: ["worker/**/*.test.ts"],
            // module-cache.ts first: it must be in place before anything loads the Worker.
            setupFiles: ["worker/test/module-cache.ts", "worker/test/apply-migrations.ts"],
          },
        },
        {
          plugins: [react()],
          resolve: { alias: aliases },
          test: {
            name: "web",
            // Isolated per file: in one shared jsdom (77 s → 25 s here) some files fail in some orders on what an earlier
            // one left (docs/contributing.md), and the Worker project sets the pace of `vitest run` anyway.
            include: ["web/src/**/*.test.{ts,tsx}"],
            environment: "jsdom",
            setupFiles: ["web/src/test/setup.ts"],
            // jsdom renders slowly on a busy 2-core CI machine; a test that waits on nothing never needs this long.
            testTimeout: 15_000,
          },
        },
      ],
    },
  };
});
