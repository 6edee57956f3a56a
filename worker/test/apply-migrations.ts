import { env } from "cloudflare:workers";

// Each test file starts with an empty D1 and applies every migration, as cloudflare:test's applyD1Migrations does, but in
// one batch (one round trip, one transaction) where that loop sends a batch per migration: 0.45 s → 0.24 s a file here.
// d1_migrations gets the same table and the same rows, in order.
const db = env.DB;
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
