/** Small helpers for raw SQL through Drizzle, which both drivers answer with `{ rows }`. */
import type { SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';

export async function rowsOf<R>(db: Db | Tx, query: SQL): Promise<R[]> {
  // execute(): sent now, not when awaited (statements sent together keep their order: server/db/pipeline.ts).
  const result = (await db.execute(query).execute()) as unknown as { rows: R[] };
  return result.rows;
}

/**
 * rowsOf as a named statement: PostgreSQL parses it once per pool connection instead of at every
 * call, and plans it once unless the values change its estimates (then it may plan each execution
 * again: modules/records/service.ts says how the asset log avoids that). For the reads behind
 * every screen. `name` must stand for one SQL text only (the values may differ, the shape of the
 * query may not).
 */
export async function namedRowsOf<R>(db: Db | Tx, name: string, query: SQL): Promise<R[]> {
  const internal = db as unknown as { dialect: PgDialect; _: { session: PgSession } };
  const prepared = internal._.session.prepareQuery(internal.dialect.sqlToQuery(query), undefined, name, false);
  const result = (await prepared.execute()) as { rows: R[] };
  return result.rows;
}

/** PostgreSQL's unique_violation, with the constraint (index) that was hit. */
export function uniqueViolation(error: unknown): string | null {
  // Drizzle wraps driver errors; the PostgreSQL fields sit on the cause.
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return e.constraint ?? '';
  }
  return null;
}
