/**
 * `npm run ledger:verify`: checks the ledger's invariants on the database the
 * server uses — DATABASE_URL, else the embedded PGlite under DATA_DIR — prints a short report and
 * exits non-zero when anything is wrong, so it can run from cron or CI.
 *
 * PGlite is one process's database and takes no lock on its files: a second process opening it
 * while the server runs could damage it. So for the embedded database the script first asks the
 * configured port whether the server is up, and refuses if it is.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ASSET_CODES, toDecimalString, type Asset } from '../src/domain/money';
import { ConfigError, loadConfig, type Config } from '../server/config';
import { openDatabase, type Database, type DatabaseTarget } from '../server/db/client';
import { rowsOf } from '../server/db/rows';
import { PLATFORM_PURPOSES, USER_PURPOSES, type UserPurpose } from '../src/domain/ledger';
import { balanceTotals } from '../server/ledger/accounts';
import { verifyLedger } from '../server/ledger/verify';
import { serverIsUp } from './local-server';

const EMBEDDED_WARNING =
  'The embedded database (PGlite) cannot be opened while the server runs: stop the server and run `npm run ledger:verify` again ' +
  '(with DATABASE_URL, a PostgreSQL server can be checked at any time).';

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

/** Drizzle wraps the driver's error ("Failed query: …"); the driver's own message says what went wrong. */
function reasonOf(error: unknown): string {
  let e = error as { message?: string; code?: string; cause?: unknown };
  while (e.cause && typeof e.cause === 'object') e = e.cause as typeof e;
  // undefined_table: nothing has migrated this database yet.
  const hint = e.code === '42P01' ? ' (no ledger here yet: the server creates its tables on its first start)' : '';
  return `${e.message ?? String(error)}${hint}`;
}

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message, 2);
    throw error;
  }
}

async function open(config: Config): Promise<{ database: Database; label: string }> {
  let target: DatabaseTarget;
  let label: string;
  if (config.databaseUrl) {
    target = { kind: 'postgres', url: config.databaseUrl };
    label = `PostgreSQL (${new URL(config.databaseUrl).host}${new URL(config.databaseUrl).pathname})`;
  } else {
    const dataDir = path.join(config.dataDir, 'pglite');
    if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) fail(`No embedded database in ${dataDir}: the server creates it on its first start.`);
    if (await serverIsUp(config)) fail(`The server answers on port ${config.port}. ${EMBEDDED_WARNING}`);
    target = { kind: 'pglite', dataDir };
    label = `PGlite in ${dataDir}`;
  }
  try {
    return { database: await openDatabase(target), label };
  } catch (error) {
    fail(`Could not open ${label}: ${reasonOf(error)}${target.kind === 'pglite' ? `\n${EMBEDDED_WARNING}` : ''}`);
  }
}

interface AssetSums {
  asset: Asset;
  transfers: bigint;
  moved: bigint;
  /** What users hold, per purpose of their accounts (every one of USER_PURPOSES). */
  users: Record<UserPurpose, bigint>;
  platform: bigint;
}

/** Per asset: how many transfers moved how much, what users hold by purpose (the ledger's balanceTotals), and the platform's side. */
async function assetSums(database: Database): Promise<AssetSums[]> {
  const totals = await balanceTotals(database.db);
  const moved = await rowsOf<{ asset: string; transfers: string; total: string }>(
    database.db,
    sql`SELECT asset, count(*)::text AS transfers, coalesce(sum(amount), 0)::text AS total FROM ledger_transfers GROUP BY asset`,
  );
  return ASSET_CODES.map((asset) => {
    const flow = moved.find((row) => row.asset === asset);
    return {
      asset,
      transfers: BigInt(flow?.transfers ?? 0),
      moved: BigInt(flow?.total ?? 0),
      users: totals.users[asset],
      platform: PLATFORM_PURPOSES.reduce((sum, purpose) => sum + totals.platform[asset][purpose], 0n),
    };
  });
}

async function main(): Promise<void> {
  const config = readConfig();
  const { database, label } = await open(config);
  try {
    const report = await verifyLedger(database.db);
    const sums = await assetSums(database);
    const amount = (value: bigint, asset: Asset) => toDecimalString(value, asset);
    const lines = [`Ledger of ${label}`, `  accounts: ${report.accounts}, transfers: ${report.transfers}`];
    for (const s of sums) {
      const users = USER_PURPOSES.reduce((sum, purpose) => sum + s.users[purpose], 0n);
      const parts = USER_PURPOSES.map((purpose) => `${purpose} ${amount(s.users[purpose], s.asset)}`).join(', ');
      lines.push(
        `  ${s.asset}: ${s.transfers} transfers moving ${amount(s.moved, s.asset)}; ` +
          `users hold ${amount(users, s.asset)} (${parts}); ` +
          `platform accounts ${amount(s.platform, s.asset)}; all balances sum to ${amount(users + s.platform, s.asset)}`,
      );
    }
    if (report.ok) {
      lines.push('  problems: none', 'OK: every balance is the sum of its postings, each asset sums to zero, no user account is negative.');
      console.log(lines.join('\n'));
    } else {
      lines.push(`  problems: ${report.problems.length}`, ...report.problems.map((p) => `    ${p.check}: ${p.detail}`), 'FAILED: the ledger is inconsistent.');
      console.error(lines.join('\n'));
      process.exitCode = 1;
    }
  } catch (error) {
    console.error(`Could not verify the ledger of ${label}: ${reasonOf(error)}`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
