// Each house rule the lint enforces, proven: a file that breaks it, written into a temporary copy of the repository, fails.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { ESLint } from "eslint";

const repo = path.resolve(import.meta.dirname, "../..");
const SKIP = new Set(["node_modules", ".git", "dist", ".wrangler", ".api-types", ".e2e-state", "artifacts"]);
let copy;
let eslint;

before(() => {
  copy = mkdtempSync(path.join(tmpdir(), "lint-rules-"));
  cpSync(repo, copy, { recursive: true, filter: (source) => !SKIP.has(path.basename(source)) });
  symlinkSync(path.join(repo, "node_modules"), path.join(copy, "node_modules"));
  eslint = new ESLint({ cwd: copy });
});
after(() => rmSync(copy, { recursive: true, force: true }));

/** Writes the files into the copy, lints them, removes them; answers the rules that failed. */
async function failures(files) {
  const names = Object.keys(files);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(copy, name), text);
  try {
    const results = await eslint.lintFiles(names.map((name) => path.join(copy, name)));
    return results.flatMap((result) => result.messages.map((message) => message.ruleId ?? message.message));
  } finally {
    for (const name of names) rmSync(path.join(copy, name));
  }
}

describe("npm run lint refuses", () => {
  it("a web file importing Worker code that is not the contract", async () => {
    assert.deepEqual(await failures({ "web/src/lib/probe.ts": 'export { getDb } from "@worker/db/client";\n' }), [
      "import-x/no-restricted-paths",
    ]);
  });

  it("but lets the web import a schema, the live protocol and worker/shared", async () => {
    const text = [
      'export { createExperienceSchema } from "@worker/features/experiences/experiences.schema";',
      'export type { LiveMessage } from "@worker/live/protocol";',
      'export { formatDateRange } from "@worker/shared/date-range";',
      "",
    ].join("\n");
    assert.deepEqual(await failures({ "web/src/lib/probe.ts": text }), []);
  });

  it("a Worker feature importing another feature's service or routes", async () => {
    const text = [
      'export { listAttendees } from "@worker/features/rsvp/rsvp.service";',
      'export { rsvpRoutes } from "@worker/features/rsvp/rsvp.routes";',
      "",
    ].join("\n");
    assert.deepEqual(await failures({ "worker/features/bulletin/probe.ts": text }), [
      "import-x/no-restricted-paths",
      "import-x/no-restricted-paths",
    ]);
  });

  it("a Worker feature importing another feature's desk or jobs", async () => {
    const text = [
      'export { CheckinDesk } from "@worker/features/checkin/checkin.desk";',
      'export { filesJobs } from "@worker/features/files/files.jobs";',
      "",
    ].join("\n");
    assert.deepEqual(await failures({ "worker/features/bulletin/probe.ts": text }), [
      "import-x/no-restricted-paths",
      "import-x/no-restricted-paths",
    ]);
  });

  it("the EventRoom importing a feature's service or routes, and jobs.ts a feature's service", async () => {
    const room =
      'export { CheckinDesk } from "@worker/features/checkin/checkin.desk";\nexport { reissuePass } from "@worker/features/checkin/reissue-pass.service";\n';
    const jobs =
      'export { filesJobs } from "@worker/features/files/files.jobs";\nexport { feedRoutes } from "@worker/features/feed/feed.routes";\n';
    const original = {
      room: readFileSync(path.join(copy, "worker/event-room.ts"), "utf8"),
      jobs: readFileSync(path.join(copy, "worker/jobs.ts"), "utf8"),
    };
    try {
      assert.deepEqual(await failures({ "worker/event-room.ts": room, "worker/jobs.ts": jobs }), [
        "import-x/no-restricted-paths",
        "import-x/no-restricted-paths",
      ]);
    } finally {
      writeFileSync(path.join(copy, "worker/event-room.ts"), original.room);
      writeFileSync(path.join(copy, "worker/jobs.ts"), original.jobs);
    }
  });

  it("a desk imported outside the EventRoom, and a desk importing routes", async () => {
    assert.deepEqual(
      await failures({
        "worker/domain/probe.ts": 'export { FeedDesk } from "@worker/features/feed/feed.desk";\n',
        "worker/features/feed/probe.desk.ts": 'export { feedRoutes } from "./feed.routes";\n',
      }),
      ["import-x/no-restricted-paths", "import-x/no-restricted-paths", "import-x/no-restricted-paths"],
    );
  });

  it("worker/live importing a feature or domain/", async () => {
    const text = [
      'export { FeedDesk } from "@worker/features/feed/feed.desk";',
      'export { changesLogged } from "@worker/domain/change-log";',
      "",
    ].join("\n");
    assert.deepEqual(await failures({ "worker/live/probe.ts": text }), [
      "import-x/no-restricted-paths",
      "import-x/no-restricted-paths",
      "import-x/no-restricted-paths",
    ]);
  });

  it("domain/ importing any feature file, its schema included", async () => {
    assert.deepEqual(await failures({ "worker/domain/probe.ts": 'export { RSVP_MESSAGES } from "@worker/features/rsvp/rsvp.schema";\n' }), [
      "import-x/no-restricted-paths",
    ]);
  });

  it("but lets a feature import another feature's schema", async () => {
    assert.deepEqual(
      await failures({ "worker/features/bulletin/probe.ts": 'export { RSVP_MESSAGES } from "@worker/features/rsvp/rsvp.schema";\n' }),
      [],
    );
  });

  it("worker/lib importing a feature or live/", async () => {
    const text = [
      'export { RSVP_MESSAGES } from "@worker/features/rsvp/rsvp.schema";',
      'export { publish } from "@worker/live/publish";',
      "",
    ].join("\n");
    assert.deepEqual(await failures({ "worker/lib/probe.ts": text }), ["import-x/no-restricted-paths", "import-x/no-restricted-paths"]);
  });

  it("db/ importing anything above it", async () => {
    assert.deepEqual(await failures({ "worker/db/probe.ts": 'export { AppError } from "@worker/lib/errors";\n' }), [
      "import-x/no-restricted-paths",
    ]);
  });

  it("worker/shared importing Worker-only code", async () => {
    assert.deepEqual(await failures({ "worker/shared/probe.ts": 'export { AppError } from "@worker/lib/errors";\n' }), [
      "import-x/no-restricted-paths",
    ]);
  });

  it("a service publishing a live message (routes publish, after the write)", async () => {
    assert.deepEqual(await failures({ "worker/features/bulletin/probe.service.ts": 'export { publish } from "@worker/live/publish";\n' }), [
      "import-x/no-restricted-paths",
    ]);
  });

  it("a web feature importing another web feature", async () => {
    assert.deepEqual(await failures({ "web/src/features/bulletin/probe.ts": 'export { FeedTab } from "@web/features/feed/feed-tab";\n' }), [
      "import-x/no-restricted-paths",
    ]);
  });

  it("web/src/lib, hooks and components importing a feature or the app", async () => {
    const feature = 'export { FeedTab } from "@web/features/feed/feed-tab";\n';
    assert.deepEqual(
      await failures({
        "web/src/lib/probe.ts": feature,
        "web/src/hooks/probe.ts": 'export { signedInRoutes } from "@web/app/router";\n',
        "web/src/components/ui/probe.ts": feature,
        "web/src/components/experience-card/probe.ts": feature,
      }),
      ["import-x/no-restricted-paths", "import-x/no-restricted-paths", "import-x/no-restricted-paths", "import-x/no-restricted-paths"],
    );
  });

  it("but lets app/routes compose features", async () => {
    assert.deepEqual(await failures({ "web/src/app/routes/probe.ts": 'export { FeedTab } from "@web/features/feed/feed-tab";\n' }), []);
  });

  it("a primitive in components/ui importing the API client, a shared query, a widget, Worker code or TanStack Query", async () => {
    const text = [
      'export { client } from "@web/lib/api-client";',
      'export { experienceKeys } from "@web/lib/queries/query-keys";',
      'export { ExperienceCard } from "@web/components/experience-card/experience-card";',
      'export { canonicalTimeZone } from "@worker/shared/time-zone";',
      'export { useQuery } from "@tanstack/react-query";',
      "",
    ].join("\n");
    assert.deepEqual(await failures({ "web/src/components/ui/probe.ts": text }), [
      "import-x/no-restricted-paths",
      "import-x/no-restricted-paths",
      "import-x/no-restricted-paths",
      "import-x/no-restricted-paths",
      "no-restricted-imports",
    ]);
  });

  it("but lets a widget in components/<widget> read the API", async () => {
    const text = ['export { client } from "@web/lib/api-client";', 'export { useQuery } from "@tanstack/react-query";', ""].join("\n");
    assert.deepEqual(await failures({ "web/src/components/place-input/probe.ts": text }), []);
  });

  it("production code importing a test fixture", async () => {
    assert.deepEqual(await failures({ "worker/lib/probe.ts": 'export { png } from "@worker/test/media";\n' }), [
      "import-x/no-restricted-paths",
    ]);
  });

  it("an import cycle", async () => {
    const found = await failures({
      "worker/lib/probe-a.ts": 'import { b } from "./probe-b";\nexport const a = () => b();\n',
      "worker/lib/probe-b.ts": 'import { a } from "./probe-a";\nexport const b = () => a();\n',
    });
    assert.deepEqual(found, ["import-x/no-cycle", "import-x/no-cycle"]);
  });

  it("a relative import that leaves its folder instead of using the alias", async () => {
    assert.deepEqual(await failures({ "worker/features/bulletin/probe.ts": 'export { AppError } from "../../lib/errors";\n' }), [
      "local/alias-between-rooms",
    ]);
  });

  it("imports out of order (a relative import before an alias)", async () => {
    const text = [
      'import { BULLETIN_TITLE_MAX } from "./bulletin.schema";',
      'import { getDb } from "@worker/db/client";',
      "export const probe = [BULLETIN_TITLE_MAX, getDb];",
      "",
    ];
    assert.deepEqual(await failures({ "worker/features/bulletin/probe.ts": text.join("\n") }), ["import-x/order"]);
  });

  it("a file name with two dotted suffixes or capitals", async () => {
    assert.deepEqual(
      await failures({ "worker/lib/probe.cache.ts": "export const x = 1;\n", "web/src/lib/ProbeName.ts": "export const y = 1;\n" }),
      ["local/file-name", "local/file-name"],
    );
  });

  it("a file over 400 lines", async () => {
    const text = Array.from({ length: 401 }, (_, i) => `export const line${i} = ${i};`).join("\n") + "\n";
    assert.deepEqual(await failures({ "worker/lib/probe.ts": text }), ["max-lines"]);
  });

  it("an export nothing imports (knip)", () => {
    writeFileSync(path.join(copy, "worker/lib/errors.ts"), `export const probeUnused = 1;\n`, { flag: "a" });
    const run = () =>
      execFileSync(path.join(repo, "node_modules/.bin/knip"), ["--no-progress", "--no-config-hints"], { cwd: copy, stdio: "pipe" });
    assert.throws(run, (error) => String(error.stdout).includes("probeUnused"));
  });
});
