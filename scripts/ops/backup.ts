/**
 * `npm run ops -- backup --out FILE` and `npm run ops -- restore FILE [--into URL]`: the logical
 * copy of a PostgreSQL installation (docs/operations.md, "Backups and restores"). Like
 * bootstrap-admin they work on the database itself (DATABASE_URL), not through the server: a
 * backup is taken while the server runs (pg_dump reads one consistent snapshot and blocks no
 * money call); a restore goes into an empty database, is checked with the ledger's own check at
 * once, and is recorded (table `restores`), so that the server refuses to start on a restored
 * ledger that does not verify unless ALLOW_UNVERIFIED_RESTORE=true.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig, type Config } from '../../server/config';
import { openDatabase, type Db } from '../../server/db/client';
import { rowsOf } from '../../server/db/rows';
import { verifyLedger } from '../../server/ledger/verify';
import { UsageError, type Args } from './args';

const run = promisify(execFile);

function configuration(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
}

function databaseUrl(): string {
  const url = configuration().databaseUrl;
  if (!url) {
    throw new UsageError(
      'backup and restore work on PostgreSQL (DATABASE_URL). The embedded database: stop the server and copy DATA_DIR (docs/operations.md)',
    );
  }
  return url;
}

const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;

export async function backupCommand(args: Args): Promise<void> {
  const out = args.options.out;
  if (!out) throw new UsageError('backup --out FILE: where to write the copy');
  if (fs.existsSync(out)) throw new UsageError(`${out} exists already: a backup never overwrites a file`);
  const started = performance.now();
  await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${out}`, databaseUrl()]);
  const seconds = (performance.now() - started) / 1000;
  console.log(`backup written to ${out}: ${megabytes(fs.statSync(out).size)} in ${seconds.toFixed(2)} s (pg_dump, one consistent snapshot)`);
}

export async function restoreCommand(args: Args): Promise<void> {
  const file = args.positional[1];
  if (!file || !fs.existsSync(file)) throw new UsageError('restore FILE [--into URL]: FILE is a backup written by `backup`');
  const into = args.options.into ?? databaseUrl();
  const database = await openDatabase({ kind: 'postgres', url: into });
  try {
    const [{ tables }] = await rowsOf<{ tables: number }>(database.db, sql`SELECT count(*)::int AS tables FROM pg_tables WHERE schemaname = 'public'`);
    if (tables > 0) throw new UsageError(`the database to restore into holds ${tables} tables: restore goes into an empty database only (createdb a new one)`);
    const started = performance.now();
    await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${into}`, file]);
    const restoredIn = (performance.now() - started) / 1000;
    const report = await verifyLedger(database.db);
    await database.db.execute(sql`INSERT INTO restores (source, ledger_ok, problems) VALUES (${file}, ${report.ok}, ${report.problems.length})`);
    console.log(`restored ${file} in ${restoredIn.toFixed(2)} s`);
    console.log(`ledger: ${report.accounts} accounts, ${report.transfers} transfers, ${report.ok ? 'verifies' : `${report.problems.length} PROBLEMS`}`);
    for (const problem of report.problems.slice(0, 20)) console.log(`  ${JSON.stringify(problem)}`);
    const { uploadsDir } = configuration();
    const files = await filesNamed(database.db);
    const missing = files.filter((file) => !fs.existsSync(path.join(uploadsDir, file.folder, file.name)));
    console.log(`uploads: ${files.length} files named by the database, ${missing.length} missing from ${uploadsDir}`);
    for (const file of missing.slice(0, 50)) console.log(`  missing: ${file.what} ${file.id}: ${file.folder}/${file.name}`);
    if (!report.ok) throw new UsageError('the restored ledger does not verify: the server will refuse to start on it (ALLOW_UNVERIFIED_RESTORE=true overrides)');
  } finally {
    await database.close();
  }
}

/** Every uploaded file a row names (a deposit's proof, a loan's identity image, an avatar), and where it is kept under DATA_DIR/uploads. */
function filesNamed(db: Db) {
  return rowsOf<{ what: string; id: string; folder: string; name: string }>(
    db,
    sql`SELECT 'deposit' AS what, id::text, 'proofs' AS folder, proof AS name FROM deposits WHERE proof <> ''
        UNION ALL SELECT 'loan document', id::text, 'identity', file FROM loan_documents WHERE file <> ''
        UNION ALL SELECT 'avatar of user', id::text, 'avatars', avatar FROM users WHERE avatar IS NOT NULL AND avatar <> ''`,
  );
}
