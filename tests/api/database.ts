/**
 * The database of one test file: in-memory PGlite, or — with TEST_DATABASE_URL — a fresh
 * database created on that PostgreSQL server and dropped afterwards. A migrated one is a copy of
 * the run's migrated template (tests/api/global-setup.ts); `migrated: false` gives an empty one.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, pgliteDatabase, type Database } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';

export interface TestDatabase extends Database {
  label: string;
  /** The PostgreSQL URL of this database; absent for PGlite. */
  url?: string;
}

/** The run's migrated database: PGlite's saved data folder, or a database on TEST_DATABASE_URL's server. */
export type MigratedTemplate = { kind: 'pglite'; file: string } | { kind: 'postgres'; name: string };

/** One statement on the PostgreSQL server at `url` (creating or dropping a throwaway database). */
export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function openTestDatabase({ migrated = true } = {}): Promise<TestDatabase> {
  // Absent when the run has no global setup: then the database is migrated here.
  const template = migrated ? inject('migratedTemplate') : undefined;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    if (template?.kind === 'pglite') {
      const client = new PGlite({ loadDataDir: new Blob([fs.readFileSync(template.file)]) });
      return { ...pgliteDatabase(client), label: 'PGlite (memory)' };
    }
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    if (migrated) await migrate(database.sql);
    return { ...database, label: 'PGlite (memory)' };
  }
  const name = `tessera_test_${crypto.randomBytes(6).toString('hex')}`;
  const copy = template?.kind === 'postgres';
  await adminQuery(serverUrl, copy ? `CREATE DATABASE ${name} TEMPLATE ${template.name}` : `CREATE DATABASE ${name}`);
  const url = databaseUrl(serverUrl, name);
  const database = await openDatabase({ kind: 'postgres', url });
  if (migrated && !copy) await migrate(database.sql);
  return {
    ...database,
    url,
    label: `PostgreSQL (${name})`,
    async close() {
      await database.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
