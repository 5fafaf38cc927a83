/**
 * `npm run ops -- backup --out FILE` and `npm run ops -- restore FILE`: a copy of the installation
 * taken while the server runs, and its restore into an empty place, checked at once with the
 * ledger's own check and recorded (table `restores`), so that the server refuses to start on a
 * restored ledger that does not verify unless ALLOW_UNVERIFIED_RESTORE=true
 * (docs/operations.md, "Backups and restores").
 * - PostgreSQL (DATABASE_URL): pg_dump's custom format (one consistent snapshot; blocks no money
 *   call) and pg_restore into an empty database (--into URL, else DATABASE_URL).
 * - The embedded database: the running server makes the copy (POST /api/ops/backup, an admin's
 *   session: no second process may open its PGlite), a gzip tar of its data folder; restore opens
 *   it in a fresh DATA_DIR (--data-dir DIR, else DATA_DIR) with the server stopped.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig, type Config } from '../../server/config';
import { openDatabase, pgliteDatabase, type Database, type Db } from '../../server/db/client';
import { rowsOf } from '../../server/db/rows';
import { verifyLedger } from '../../server/ledger/verify';
import { option, UsageError, type Args } from './args';
import { baseUrl, dataOf, send, signedInSession } from './http';

const run = promisify(execFile);

function configuration(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
}

const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;
const secondsSince = (started: number) => ((performance.now() - started) / 1000).toFixed(2);

export async function backupCommand(args: Args): Promise<void> {
  const out = option(args, 'out');
  if (!out) throw new UsageError('backup --out FILE: where to write the copy');
  if (fs.existsSync(out)) throw new UsageError(`${out} exists already: a backup never overwrites a file`);
  const started = performance.now();
  const url = configuration().databaseUrl;
  if (url) {
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${out}`, url]);
    console.log(`backup written to ${out}: ${megabytes(fs.statSync(out).size)} in ${secondsSince(started)} s (pg_dump, one consistent snapshot)`);
    return;
  }
  // The embedded database belongs to the running server: it makes the copy.
  const { token } = signedInSession();
  const response = await send(baseUrl(args), 'POST', '/backup', { body: {}, token });
  if (!response.ok || response.headers.get('content-type') !== 'application/gzip') await dataOf(response);
  const bytes = Buffer.from(await response.arrayBuffer());
  fs.writeFileSync(out, bytes, { mode: 0o600, flag: 'wx' });
  console.log(`backup written to ${out}: ${megabytes(bytes.byteLength)} in ${secondsSince(started)} s (the embedded database, copied by the server between two transactions)`);
}

/** A copy made by `backup` of the embedded database is a gzip file; pg_dump's custom format starts with PGDMP. */
function isEmbeddedCopy(file: string): boolean {
  const head = Buffer.alloc(2);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, head, 0, 2, 0);
  } finally {
    fs.closeSync(fd);
  }
  return head[0] === 0x1f && head[1] === 0x8b;
}

export async function restoreCommand(args: Args): Promise<void> {
  const file = args.positional[1];
  if (!file || !fs.existsSync(file)) throw new UsageError('restore FILE [--into URL | --data-dir DIR]: FILE is a backup written by `backup`');
  const embedded = isEmbeddedCopy(file);
  const config = configuration();
  const started = performance.now();
  let database: Database;
  let uploadsDir = config.uploadsDir;
  if (embedded) {
    const dataDir = path.resolve(option(args, 'data-dir') ?? config.dataDir);
    const folder = path.join(dataDir, 'pglite');
    if (fs.existsSync(folder) && fs.readdirSync(folder).length > 0) {
      throw new UsageError(`${folder} holds a database already: restore goes into a fresh DATA_DIR only (--data-dir DIR)`);
    }
    const configured = config.codePepper !== null && config.secretsKey !== null;
    if (!configured && !fs.existsSync(path.join(dataDir, 'secret.json')) && option(args, 'secrets') !== 'new') {
      throw new UsageError(
        `${path.join(dataDir, 'secret.json')} is missing: copy the installation's secret.json there first (it is kept apart from the backup), ` +
          'or set CODE_PEPPER and SECRETS_KEY. --secrets new restores without it: every payment password and authenticator then has to be set again',
      );
    }
    fs.mkdirSync(folder, { recursive: true });
    const client = new PGlite(folder, { loadDataDir: new Blob([fs.readFileSync(file)]) });
    database = pgliteDatabase(client);
    uploadsDir = path.join(dataDir, 'uploads');
  } else {
    const into = option(args, 'into') ?? config.databaseUrl;
    if (!into) throw new UsageError('restore of a PostgreSQL backup: give --into URL or set DATABASE_URL');
    database = await openDatabase({ kind: 'postgres', url: into });
  }
  try {
    if (!embedded) await restorePostgres(database.db, file, option(args, 'into') ?? config.databaseUrl!);
    const report = await verifyLedger(database.db);
    await database.db.execute(sql`INSERT INTO restores (source, ledger_ok, problems) VALUES (${file}, ${report.ok}, ${report.problems.length})`);
    console.log(`restored ${file} in ${secondsSince(started)} s`);
    console.log(`ledger: ${report.accounts} accounts, ${report.transfers} transfers, ${report.ok ? 'verifies' : `${report.problems.length} PROBLEMS`}`);
    for (const problem of report.problems.slice(0, 20)) console.log(`  ${JSON.stringify(problem)}`);
    const files = await filesNamed(database.db);
    const missing = files.filter((named) => !fs.existsSync(path.join(uploadsDir, named.folder, named.name)));
    console.log(`uploads: ${files.length} files named by the database, ${missing.length} missing from ${uploadsDir}`);
    for (const named of missing.slice(0, 50)) console.log(`  missing: ${named.what} ${named.id}: ${named.folder}/${named.name}`);
    if (!report.ok) throw new UsageError('the restored ledger does not verify: the server will refuse to start on it (ALLOW_UNVERIFIED_RESTORE=true overrides)');
  } finally {
    await database.close();
  }
}

async function restorePostgres(db: Db, file: string, into: string): Promise<void> {
  const [{ tables }] = await rowsOf<{ tables: number }>(db, sql`SELECT count(*)::int AS tables FROM pg_tables WHERE schemaname = 'public'`);
  if (tables > 0) throw new UsageError(`the database to restore into holds ${tables} tables: restore goes into an empty database only (createdb a new one)`);
  await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${into}`, file]);
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
