import { env } from "cloudflare:workers";
import { afterAll, vi } from "vitest";

// The Worker project runs its files one after another in each workerd (`isolate: false`: the Worker's modules load once
// per runner, not once per file), so each file starts here from what a fresh workerd would give it: an empty D1 with every
// migration applied, an empty R2 bucket, and, when it ends, no spy, stub or fake clock left for the next file.
//
// The migrations are applied once per runner, as cloudflare:test's applyD1Migrations does, but in one batch (one round
// trip, one transaction) where that loop sends a batch per migration; d1_migrations gets the same table and the same rows.
const db = env.DB;
const applied = await db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'd1_migrations'").first();
if (applied) {
  // Every table emptied (twice: a trigger fired by the first pass, such as a waitlist promotion, may write a row again).
  const { results } = await db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'",
    )
    .all<{ name: string }>();
  const empty = results.map(({ name }) => db.prepare(`DELETE FROM "${name}"`));
  await db.batch([db.prepare("PRAGMA defer_foreign_keys = ON"), ...empty, ...empty]);
} else {
  await db.batch([
    db.prepare(`CREATE TABLE IF NOT EXISTS "d1_migrations" (
		id         INTEGER PRIMARY KEY AUTOINCREMENT,
		name       TEXT UNIQUE,
		applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
	);`),
    ...env.TEST_MIGRATIONS.flatMap(({ name, queries }) => [
      ...queries.map((query) => db.prepare(query)),
      db.prepare('INSERT INTO "d1_migrations" (name) VALUES (?)').bind(name),
    ]),
  ]);
}

for (let listed = await env.FILES.list(); listed.objects.length > 0; listed = await env.FILES.list()) {
  await env.FILES.delete(listed.objects.map(({ key }) => key));
}

afterAll(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
