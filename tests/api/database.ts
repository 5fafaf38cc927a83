/**
 * The database of one test file: in-memory PGlite, or — with TEST_DATABASE_URL — a fresh
 * database created on that PostgreSQL server and dropped afterwards.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';

export interface TestDatabase extends Database {
  label: string;
  /** The PostgreSQL URL of this database; absent for PGlite. */
  url?: string;
}

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

export async function openTestDatabase({ migrated = true } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    if (migrated) await migrate(database.sql);
    return { ...database, label: 'PGlite (memory)' };
  }
  const name = `tessera_test_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  if (migrated) await migrate(database.sql);
  return {
    ...database,
    url: url.toString(),
    label: `PostgreSQL (${name})`,
    async close() {
      await database.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
