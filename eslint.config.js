// The house rules, enforced. Each boundary below is a rule of docs/architecture.md; scripts/lint/lint-rules.test.mjs
// proves each one fails on a file that breaks it.
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { localRules } from "./scripts/lint/local-rules.js";

const root = import.meta.dirname;
const features = (dir) =>
  readdirSync(`${root}/${dir}`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
/** An absolute glob: the rule matches exceptions against absolute paths, and only globs where `from` is a glob. */
const at = (glob) => `${root}/${glob}`;
/** One file as a glob. */
const only = (file) => at(file.replace(/\.(\w+)$/, ".@($1)"));
const TESTS = ["worker/test/**", "web/src/test/**", "**/*.test.ts", "**/*.test.tsx", "**/*.test-support.ts", "**/*.test-support.tsx"];

const zones = [
  // The web reads the Worker's contract only: schemas, the live protocol, the shared folder, the typed client's AppType.
  {
    target: "web/src/**",
    from: at("worker/**"),
    except: [
      at("worker/**/*.schema.ts"),
      only("worker/live/protocol.ts"),
      at("worker/shared/**"),
      only("worker/app.ts"),
      at("worker/test/**"),
    ],
    message: "The web imports from worker/ only the contract: *.schema.ts, live/protocol.ts and worker/shared/.",
  },
  // Layers of the Worker, lowest first: shared, db, lib, live, domain, features.
  {
    target: "worker/shared/**",
    from: at("worker/**"),
    except: [at("worker/shared/**")],
    message: "worker/shared runs in the web too: it imports only shared/.",
  },
  {
    target: "worker/**/*.schema.ts",
    from: at("worker/**"),
    except: [at("worker/shared/**"), at("worker/**/*.schema.ts")],
    message: "A schema is part of the web's contract: it imports only schemas and worker/shared.",
  },
  {
    target: "worker/db/**",
    from: at("worker/**"),
    except: [at("worker/db/**"), at("worker/shared/**")],
    message: "db/ imports nothing above it (only shared/).",
  },
  {
    target: "worker/lib/**",
    from: [at("worker/features/**"), at("worker/domain/**"), at("worker/live/**")],
    message: "worker/lib is infrastructure: it never imports features, domain or live.",
  },
  {
    target: "worker/live/**",
    from: [at("worker/features/**"), at("worker/domain/**")],
    message: "worker/live is fan-out only: it never imports features or domain.",
  },
  // The entry points compose the features: the EventRoom their desks, jobs.ts their jobs, app.ts their routes.
  {
    target: "worker/event-room.ts",
    from: at("worker/features/**"),
    except: [at("worker/features/*/*.desk.ts")],
    message: "The EventRoom composes the features' desks (features/<name>/<name>.desk.ts) and imports nothing else of theirs.",
  },
  {
    target: "worker/jobs.ts",
    from: at("worker/features/**"),
    except: [at("worker/features/*/*.jobs.ts")],
    message: "jobs.ts gathers the features' jobs (features/<name>/<name>.jobs.ts) and imports nothing else of theirs.",
  },
  {
    target: ["worker/!(event-room).ts", "worker/!(features)/**"],
    from: at("worker/features/*/*.desk.ts"),
    message: "A desk runs inside the EventRoom: only worker/event-room.ts (and its own feature) imports it.",
  },
  {
    target: "worker/features/**/*.desk.ts",
    from: at("worker/features/**/*.routes.ts"),
    message: "A desk runs inside the EventRoom: it imports no routes.",
  },
  {
    target: "worker/domain/**",
    from: at("worker/features/**"),
    message: "worker/domain is shared by features: it imports none of them (the contract's roots are in worker/shared).",
  },
  ...features("worker/features").map((feature) => ({
    target: `worker/features/${feature}/**`,
    from: at("worker/features/**"),
    except: [at(`worker/features/${feature}/**`), at("worker/features/**/*.schema.ts")],
    message: "A feature imports another feature's schema only; move what several features share to worker/domain/.",
  })),
  {
    target: ["worker/features/!(live)/**/!(*.routes|*.test|*.test-support).ts", "worker/domain/!(itinerary-changed).ts"],
    from: [at("worker/live/publish.ts"), at("worker/domain/itinerary-changed.ts")],
    message: "Live messages are published from routes, after the service's write.",
  },
  // The web: no feature imports another; lib and components/ui import no feature.
  ...features("web/src/features").map((feature) => ({
    target: `web/src/features/${feature}/**`,
    from: at("web/src/features/**"),
    except: [at(`web/src/features/${feature}/**`)],
    message: "No web feature imports another: share through web/src/lib or components/ui, or compose in web/src/app.",
  })),
  {
    target: ["web/src/lib/**", "web/src/hooks/**", "web/src/components/**"],
    from: [at("web/src/features/**"), at("web/src/app/**")],
    message: "web/src/lib, hooks and components import no feature (and not the app): compose features in web/src/app/routes/.",
  },
  // components/ui holds primitives only: they know neither the API nor the domain.
  {
    target: "web/src/components/ui/**/!(*.test).{ts,tsx}",
    from: [only("web/src/lib/api-client.ts"), at("web/src/lib/queries/**"), at("web/src/components/!(ui)/**"), at("worker/**")],
    message:
      "components/ui holds primitives only: no API client, shared queries, widgets or Worker code; a widget that needs them lives in components/<widget>/.",
  },
  // Production code never imports test code (fixtures live under worker/test/ and web/src/test/).
  {
    target: [
      "worker/!(test)/**/!(*.test|*.test-support).ts",
      "worker/!(*.test).ts",
      "web/src/!(test)/**/!(*.test|*.test-support).{ts,tsx}",
    ],
    from: TESTS.map(at),
    message: "Production code imports no test code: fixtures and helpers live under worker/test/ and web/src/test/.",
  },
];

export default tseslint.config(
  {
    ignores: [
      "dist/**",
      ".api-types/**",
      ".wrangler/**",
      "node_modules/**",
      "e2e/artifacts/**",
      "bench/out/**",
      "migrations/**",
      "**/locales/**/*.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "import-x": importX, local: localRules },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: `${root}/tsconfig.base.json` })],
      // Without these the cycle check reads no TypeScript file it is led to.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: {
      "max-lines": ["error", { max: 400 }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-duplicates": "error",
      // Packages, then the aliases (@worker/…, @web/…), then relative imports; each group alphabetical (npx eslint --fix).
      "import-x/order": [
        "error",
        {
          groups: ["builtin", "external", "internal", ["parent", "sibling", "index"]],
          pathGroups: [{ pattern: "@{worker,web}/**", group: "internal" }],
          pathGroupsExcludedImportTypes: ["builtin"],
          "newlines-between": "never",
          alphabetize: { order: "asc", caseInsensitive: true },
        },
      ],
      "import-x/no-restricted-paths": ["error", { basePath: root, zones }],
      "local/alias-between-rooms": ["error", { root }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  { files: ["web/src/**/*.{ts,tsx}"], plugins: { "react-hooks": reactHooks }, rules: { "react-hooks/rules-of-hooks": "error" } },
  { files: ["worker/**/*.ts", "web/src/**/*.{ts,tsx}"], rules: { "local/file-name": "error" } },
  {
    files: ["web/src/components/ui/**/*.{ts,tsx}"],
    ignores: ["**/*.test.tsx", "**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@tanstack/*"],
              message: "components/ui holds primitives only: no TanStack Query; a widget that reads the API lives in components/<widget>/.",
            },
          ],
        },
      ],
    },
  },
);
