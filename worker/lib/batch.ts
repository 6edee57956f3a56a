import { getTableColumns, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "@worker/db/client";

const MAX_BOUND_PARAMETERS = 99;

/** Rows one multi-row insert into `table` may carry under D1's limit of 100 bound parameters (every column of a row may take one). */
export const rowsPerInsert = (table: SQLiteTable) =>
  Math.max(1, Math.floor(MAX_BOUND_PARAMETERS / Object.keys(getTableColumns(table)).length));

/** Insert statements for `db.batch`, each under D1's limit of 100 bound parameters. */
export function chunkedInserts<T extends SQLiteTable>(db: Db, table: T, rows: T["$inferInsert"][]): BatchItem<"sqlite">[] {
  const size = rowsPerInsert(table);
  const statements: BatchItem<"sqlite">[] = [];
  for (let i = 0; i < rows.length; i += size) statements.push(db.insert(table).values(rows.slice(i, i + size)));
  return statements;
}

/** Id lists cut to fit one `IN (...)` each under D1's limit of 100 bound parameters, with room for a few more. */
export function idChunks<T>(ids: T[], size = 90): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < ids.length; i += size) out.push(ids.slice(i, i + size));
  return out;
}

/**
 * A hand-written statement that `db.batch` can carry: drizzle's `db.run(sql)` has no prepared D1 statement of its own,
 * so a batch cannot bind its parameters; this gives it one. Its batch result is D1's (`meta.changes`).
 */
export function rawStatement(db: Db, query: SQL) {
  const statement = db.run(query);
  return Object.assign(statement, { stmt: db.$client.prepare(statement.getQuery().sql) });
}
