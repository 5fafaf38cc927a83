/** The migrator: in order, once, and safe when two processes start at the same moment. */
import { afterEach, expect, test } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { migrate, readMigrations } from '../../server/db/migrate';
import { openTestDatabase, type TestDatabase } from './database';

const opened: Array<Database | TestDatabase> = [];
afterEach(async () => {
  // The throwaway database (dropped on close) goes last, after the extra connections to it.
  for (const database of opened.reverse()) await database.close();
  opened.length = 0;
});

test('migration files are numbered and read in order', () => {
  const versions = readMigrations().map((m) => m.version);
  expect(versions.length).toBeGreaterThan(0);
  expect(versions).toEqual([...versions].sort());
  expect(new Set(versions).size).toBe(versions.length);
});

test('two migrators at once apply every migration exactly once', async () => {
  const first = await openTestDatabase({ migrated: false });
  opened.push(first);
  // On PostgreSQL a second pool is a second process as far as the server can tell.
  const second = first.url ? await openDatabase({ kind: 'postgres', url: first.url }) : first;
  if (second !== first) opened.push(second);

  const [a, b] = await Promise.all([migrate(first.sql), migrate(second.sql)]);
  const all = readMigrations().map((m) => m.name);
  expect([...a, ...b].sort()).toEqual(all.sort());
  expect(await migrate(first.sql)).toEqual([]);
  const rows = await first.sql.exclusive(0, (conn) => conn.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version'));
  expect(rows.map((r) => r.version)).toEqual(readMigrations().map((m) => m.version));
});

test('a failing migration leaves nothing half-applied', async () => {
  const database = await openTestDatabase({ migrated: false });
  opened.push(database);
  const broken = [{ version: '9001', name: '9001_broken', sql: 'CREATE TABLE half (id int); SELECT no_such_function();' }];
  await expect(migrate(database.sql, broken)).rejects.toThrow(/9001_broken/);
  const tables = await database.sql.exclusive(0, (conn) =>
    conn.query<{ n: number }>("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'half'"),
  );
  expect(tables[0].n).toBe(0);
});
