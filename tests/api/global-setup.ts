/**
 * Runs once per test run, before the first file of the api and fuzz suites (vitest.config.ts): it
 * migrates one database with the migrations as they are now (server/db/migrations, read at every run;
 * nothing of it is kept or committed), and every test database is a copy of it instead of a new
 * database migrated from nothing. Why: on PGlite creating a data folder (initdb) and migrating it took
 * 4–8 s for each test app, and loading the saved migrated folder takes about 2 s; on PostgreSQL copying
 * a database spares every file the whole chain of migrations.
 *  - PGlite: the migrated data folder saved (dumpDataDir) to a temporary file, which openTestDatabase
 *    (tests/api/database.ts) loads into each in-memory PGlite.
 *  - PostgreSQL (TEST_DATABASE_URL): a migrated database on that server, each test database created
 *    from it with CREATE DATABASE … TEMPLATE. Nothing may be connected to a template while it is
 *    copied, so this closes its own connections before the tests start, and no test opens it.
 * Both are removed when the run ends. `openTestDatabase({ migrated: false })` takes neither: the
 * migration tests get an empty database.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteDatabase } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { adminQuery, databaseUrl, type MigratedTemplate } from './database';

declare module 'vitest' {
  export interface ProvidedContext {
    migratedTemplate: MigratedTemplate;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-template-'));
    const file = path.join(dir, 'migrated.tar');
    const client = new PGlite();
    try {
      await migrate(pgliteDatabase(client).sql);
      const dump = await client.dumpDataDir('none');
      fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await client.close();
    }
    project.provide('migratedTemplate', { kind: 'pglite', file });
    return async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const name = `tessera_template_${crypto.randomBytes(6).toString('hex')}`;
  const drop = () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  try {
    const database = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name) });
    try {
      await migrate(database.sql);
    } finally {
      await database.close();
    }
  } catch (error) {
    await drop();
    throw error;
  }
  project.provide('migratedTemplate', { kind: 'postgres', name });
  return drop;
}
