/**
 * Applies server/db/migrations/NNNN_name.sql in order, each in its own transaction, and records
 * them in schema_migrations. On PostgreSQL an advisory lock keeps two starting processes from
 * migrating at once; the second waits, then finds nothing left to do.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SqlRunner } from './client';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any fixed number; it only has to differ from the other advisory locks we take. */
const MIGRATION_LOCK_KEY = 7_301_001;

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((file) => /^\d{4}_[\w-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({
      version: file.slice(0, 4),
      name: file.replace(/\.sql$/, ''),
      sql: fs.readFileSync(path.join(dir, file), 'utf8'),
    }));
}

/** Returns the names of the migrations applied by this call. */
export async function migrate(runner: SqlRunner, migrations = readMigrations()): Promise<string[]> {
  return runner.exclusive(MIGRATION_LOCK_KEY, async (conn) => {
    await conn.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set((await conn.query<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version));
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      await conn.exec('BEGIN');
      try {
        await conn.exec(migration.sql);
        await conn.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
        await conn.exec('COMMIT');
      } catch (error) {
        await conn.exec('ROLLBACK');
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
      }
      applied.push(migration.name);
    }
    return applied;
  });
}
