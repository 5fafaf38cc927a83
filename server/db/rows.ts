/** Small helpers for raw SQL through Drizzle, which both drivers answer with `{ rows }`. */
import { getTableColumns, type SQL, type Table } from 'drizzle-orm';
import type { Db, Tx } from './client';

export async function rowsOf<R>(db: Db | Tx, query: SQL): Promise<R[]> {
  // execute(): sent now, not when awaited (statements sent together keep their order: server/db/pipeline.ts).
  const result = (await db.execute(query).execute()) as unknown as { rows: R[] };
  return result.rows;
}

/**
 * A statement whose text is written once, with `$1`… for its values: sent as it is, with nothing
 * for Drizzle to build at each call (a fifth of the server's CPU in a money call went to building
 * SQL: docs/performance.md). For the statements every money call sends. Like `rowsOf`, it is sent
 * when called.
 */
export function fixedStatement<R>(text: string): (db: Db | Tx, params: readonly unknown[]) => Promise<R[]> {
  return async (db, params) => {
    const result = (await db._.session.prepareQuery({ sql: text, params: [...params] }, undefined, undefined, false).execute()) as { rows: R[] };
    return result.rows;
  };
}

/**
 * Turns a row of `table` as the database sends it (its columns by their names: `RETURNING *`,
 * `SELECT t.*`) into the row a Drizzle `select()` of the table gives (keys, bigints, dates), with
 * the table's own column mappers: for the rows of fixed statements.
 */
export function tableRowOf<T extends Table>(table: T): (raw: Record<string, unknown>) => T['$inferSelect'] {
  const columns = Object.entries(getTableColumns(table));
  return (raw) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = raw[column.name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as T['$inferSelect'];
  };
}

/** The SQLSTATE of a database error, also when the query builder wrapped it (`cause`). */
export function sqlStateOf(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** PostgreSQL's unique_violation, with the constraint (index) that was hit. */
export function uniqueViolation(error: unknown): string | null {
  // Drizzle wraps driver errors; the PostgreSQL fields sit on the cause.
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return e.constraint ?? '';
  }
  return null;
}
