/**
 * `npm run bench`: how fast the ledger moves money compared with PostgreSQL's own pgbench, all
 * measured in one run on the same server, so the ratios say something on any machine (ratios
 * measured in one run, not absolute times: machines differ). One line per figure, each ending with
 * its ratio to pgbench:
 *
 *  pgbench      its TPC-B-like transaction (BEGIN, three UPDATEs, a SELECT, an INSERT, END) with
 *               prepared statements (`-M prepared`, as the ledger prepares its posting) on a fresh
 *               scale-16 database (16 branch rows for 8 clients: no queue on one branch row),
 *               8 clients, 2 threads;
 *  ledger core  one transfer = one posting between two random users' available accounts of 1,000
 *               funded users, 8 workers: first each posting as its own transaction (postTransfer
 *               on the database: one statement), then each in an explicit transaction
 *               (inTransaction + postTransfer, as a money call posts beside its business row);
 *  money call   through the whole service: a real server process (the compiled one `npm start`
 *               runs) on its own database, autocannon with 8 connections (a client as light as
 *               pgbench's), each call signed in as the next of 32 users in turn. One withdrawal = POST
 *               /api/wallet/out with the payment password and a fresh Idempotency-Key (session,
 *               validation, the payment-password check under its lockout, the key, the withdrawal
 *               row, the hold: one leg). One conversion = POST /api/transfer/quote, then POST
 *               /api/transfer with the payment password and a fresh Idempotency-Key (the quote and
 *               conversion rows, three legs). One operator correction = POST /api/ops/adjustments
 *               with an Idempotency-Key (operator session, validation, the posting, the audit row).
 *  statements   what PostgreSQL alone needs for a withdrawal: pgbench's C client sending the
 *               statements the server sends for one, all in one pipeline (no HTTP, no server, no
 *               round trip between them); the withdrawal over HTTP is also printed as a ratio to it
 *               (the server's own cost: 1.00 would be none). A money call cannot reach a higher
 *               ratio to pgbench than this line does.
 *
 * Targets: the ledger core ≥ 1.0 (both lines), a money call ≥ 0.5 (withdrawal, conversion,
 * correction); each printed with PASS or FAIL, and a missed one fails the bench (non-zero exit).
 *
 * Each part gets a throwaway database that is dropped afterwards, and the ledger must verify
 * clean after each. BENCH_DATABASE_URL picks the server (default
 * postgres://postgres@127.0.0.1:5432/postgres); BENCH_SECONDS shortens the runs;
 * BENCH_SERVER_LOG=1 shows the server process's output; BENCH_PROFILE=<dir> has the money call's
 * server write a CPU profile (node --cpu-prof) into <dir>.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { rowsOf } from '../../server/db/rows';
import { inTransaction, retrying } from '../../server/db/transaction';
import { POST_MOVEMENT, postTransfer, type TransferInput } from '../../server/ledger/transfers';
import { newTotpSecret, totpCode } from '../../server/security/totp';
import { hashPassword } from '../../server/security/passwords';
import { createPayPasswords } from '../../server/security/pay-passwords';
import {
  BENCH_SERVER_URL,
  PGBENCH,
  createBenchUsers,
  fund,
  measurePgbench,
  requireBenchServer,
  run,
  verifyClean,
  withThrowawayDatabase,
  type Rate,
} from './database';
import { PASSWORD, PAY_PASSWORD, WORKERS, api, createPayingUsers, inTurn, load, signIn, startBenchServer } from './server';
import { benchTargets } from './targets';

const TARGET = { core: 1.0, moneyCall: 0.5 };

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const USERS = 1_000;
/** The money calls' users: 8 calls under way at a time rarely meet one user's (who pays one call at a time), and signing them in stays under the per-address limit of 60 sign-ins in 5 minutes. */
const PAYING_USERS = 32;
/** 1,000 USDT each: random transfers of at most 1 USDT never run a balance dry within a run. */
const FUNDING = 1_000_000_000n;

/** Runs `once` in WORKERS loops until the time is up; a rejection counts as refused, not hidden. */
async function timed(once: (worker: number, n: number) => Promise<void>): Promise<Rate> {
  let count = 0;
  let refused = 0;
  let firstRefusal: unknown;
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  const worker = async (index: number) => {
    for (let n = 0; performance.now() < deadline; n++) {
      try {
        await once(index, n);
        count++;
      } catch (error) {
        refused++;
        firstRefusal ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, (_, index) => worker(index)));
  const seconds = (performance.now() - started) / 1000;
  if (firstRefusal) console.error(`  first refusal: ${(firstRefusal as Error).message ?? String(firstRefusal)}`);
  return { count, refused, seconds, perSecond: count / seconds };
}

interface CoreResult {
  /** Each posting a transaction of its own: postTransfer on the database, one statement. */
  alone: Rate;
  /** Each posting in an explicit transaction, as a money call posts beside its business row. */
  inTransaction: Rate;
}

async function benchLedgerCore(url: string): Promise<CoreResult> {
  const database = await openDatabase({ kind: 'postgres', url });
  try {
    await migrate(database.sql);
    const users = await createBenchUsers(database, USERS, { password: 'not-a-password', payPassword: null });
    await fund(database, users, 'USDT', FUNDING);
    await database.db.execute(sql`ANALYZE`);
    const random = (n: number) => crypto.randomInt(n);
    const transfer = (label: string, worker: number, n: number): TransferInput => {
      const from = users[random(users.length)];
      let to = users[random(users.length)];
      while (to === from) to = users[random(users.length)];
      return {
        debit: { userId: from, purpose: 'available' },
        credit: { userId: to, purpose: 'available' },
        asset: 'USDT',
        amount: BigInt(1 + random(1_000_000)),
        kind: 'adjustment',
        reference: 'bench:transfer',
        idempotencyKey: `bench:${label}:${worker}:${n}`,
        at: new Date(),
      };
    };
    const alone = await timed((worker, n) => retrying(() => postTransfer(database.db, transfer('alone', worker, n))).then(() => undefined));
    const inTx = await timed((worker, n) => inTransaction(database.db, (tx) => postTransfer(tx, transfer('tx', worker, n))).then(() => undefined));
    await verifyClean(database);
    return { alone, inTransaction: inTx };
  } finally {
    await database.close();
  }
}

// ---- the whole money call --------------------------------------------------------------------

interface MoneyCallResult {
  withdrawals: Rate;
  conversions: Rate;
  adjustments: Rate;
}

/** A well-formed TRON address: where the bench's withdrawals go (nothing is paid out). */
const TRC20_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

async function benchMoneyCall(url: string): Promise<MoneyCallResult> {
  const database = await openDatabase({ kind: 'postgres', url });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-'));
  let server: Awaited<ReturnType<typeof startBenchServer>> | undefined;
  try {
    // Migrated here as the server would, so that users and operators can be written before it starts.
    await migrate(database.sql);
    // The server's secret, given to it below: the payment passwords are keyed with it.
    const secret = crypto.randomBytes(32).toString('base64url');
    const users = await createPayingUsers(database, PAYING_USERS, secret);
    // Enough of both for 1 EUR and 1 USDT conversions all run long.
    await fund(database, users, 'USDT', 1_000_000_000_000n);
    await fund(database, users, 'EUR', 100_000_000n);
    const totpSecret = newTotpSecret();
    await database.db.execute(sql`
      INSERT INTO operators (username, password_hash, totp_secret, role, created_at)
      SELECT 'benchops' || g, ${await hashPassword(PASSWORD)}, ${totpSecret}, 'finance', now() FROM generate_series(1, ${WORKERS}) AS g`);

    server = await startBenchServer(url, dataDir, secret);
    const base = server.url;
    const tokens = await signIn(base, users.length);
    const operatorTokens = await Promise.all(
      Array.from({ length: WORKERS }, (_, index) =>
        api<{ token: string }>(base, '/ops/login', { username: `benchops${index + 1}`, password: PASSWORD, totp: totpCode(totpSecret, new Date()), client: 'cli' }).then(
          (r) => r.token,
        ),
      ),
    );

    // Users in turn over the connections: 8 requests under way rarely belong to one person of 32.
    const nextToken = inTurn(tokens);
    const nextUser = inTurn(users);
    const nextOperator = inTurn(operatorTokens);
    const withdrawal = JSON.stringify({ method: 'crypto', network: 'TRC20', address: TRC20_ADDRESS, amount: '20', payPassword: PAY_PASSWORD });
    const withdrawals = await load(base, SECONDS, [
      {
        path: '/api/wallet/out',
        setup: (context) => ({ body: withdrawal, headers: { authorization: nextToken(), 'idempotency-key': context.key } }),
        done: true,
      },
    ]);
    // Both directions in turn, so neither balance runs dry.
    let direction = 0;
    const conversions = await load(base, SECONDS, [
      {
        path: '/api/transfer/quote',
        setup: (context) => {
          context.authorization = nextToken();
          const [from, to] = direction++ % 2 === 0 ? ['USDT', 'EUR'] : ['EUR', 'USDT'];
          return { body: JSON.stringify({ from, to, amount: '1' }), headers: { authorization: context.authorization } };
        },
        keep: (data, context) => {
          context.quoteId = (data as { quoteId: string }).quoteId;
        },
      },
      {
        path: '/api/transfer',
        setup: (context) => ({
          body: JSON.stringify({ quoteId: context.quoteId, payPassword: PAY_PASSWORD }),
          headers: { authorization: context.authorization, 'idempotency-key': context.key },
        }),
        done: true,
      },
    ]);
    // Credit, then take back: every user's balance stays where it was.
    let sign = 0;
    const adjustments = await load(base, SECONDS, [
      {
        path: '/api/ops/adjustments',
        setup: (context) => {
          const amount = sign++ % (2 * users.length) < users.length ? '0.01' : '-0.01';
          const body = JSON.stringify({ userId: nextUser(), asset: 'USDT', amount, reason: 'bench correction' });
          return { body, headers: { authorization: nextOperator(), 'idempotency-key': context.key } };
        },
        done: true,
      },
    ]);
    await server.stop();
    server = undefined;
    await verifyClean(database);
    const [counts] = await rowsOf<{ withdrawals: number; conversions: number; adjustments: number }>(
      database.db,
      sql`SELECT (SELECT count(*)::int FROM withdrawals) AS withdrawals,
                 (SELECT count(*)::int FROM conversions) AS conversions,
                 (SELECT count(*)::int FROM ledger_transfers WHERE kind = 'adjustment' AND reference LIKE 'adjustment:%') AS adjustments`,
    );
    // Every answered call is recorded; autocannon stops waiting at the deadline, so the calls under
    // way then (one per connection at most) are recorded without being counted.
    const check = (what: string, answered: number, recorded: number) => {
      if (recorded < answered || recorded > answered + WORKERS) throw new Error(`${answered} ${what} answered, ${recorded} recorded`);
    };
    check('withdrawals', withdrawals.count, counts.withdrawals);
    check('conversions', conversions.count, counts.conversions);
    check('adjustments', adjustments.count, counts.adjustments);
    return { withdrawals, conversions, adjustments };
  } finally {
    await server?.stop();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---- what PostgreSQL alone needs for a withdrawal ------------------------------------------

/**
 * pgbench's C client sending a withdrawal's own statements (as the server sends them: the key's
 * claim, the payment-password hash with the user's payment lock, the failure count, the limits,
 * the record's id, the record, the hold's posting, the key's reply, BEGIN and END; not the HTTP,
 * the session or the hash check itself), all in one pipeline (one round trip) on a prepared connection: the most a
 * withdrawal can reach on this database with no HTTP, no server and an ideal client. The texts
 * mirror the server's (the posting's is the ledger's own, POST_MOVEMENT); the user's id is looked
 * up before each (one small statement more than the server sends).
 */
function withdrawalScript(): string {
  const hold = `json_build_array(json_build_object('n', 0, 'asset', 'USDT', 'amount', '20000000', 'kind', 'withdrawal_hold',
    'reference', 'withdrawal-' || currval(pg_get_serial_sequence('withdrawals', 'id')),
    'idempotency_key', 'withdrawal-' || currval(pg_get_serial_sequence('withdrawals', 'id')) || '-hold',
    'reason', NULL::text, 'operator_id', NULL::uuid, 'created_at', now(),
    'debit_user', :uid::uuid, 'debit_purpose', 'available', 'credit_user', :uid::uuid, 'credit_purpose', 'held'))`;
  // pgbench takes a command per line, and a colon followed by a name anywhere as its variable.
  const posting = POST_MOVEMENT.replace('$1::json', hold).replace(/\s+/g, ' ');
  const reply = JSON.stringify({ data: { id: 1, orderNo: 'W0000000001', method: 'crypto', asset: 'USDT', network: 'TRC20', destination: TRC20_ADDRESS, amount: '20.000000', fee: '1.000000', net: '19.000000', status: 'processing' } }).replace(/:/g, ' : ');
  return [
    `\\set u random(1, ${PAYING_USERS})`,
    'SELECT id AS uid, gen_random_uuid()::text AS k FROM bench_users WHERE n = :u \\gset',
    '\\startpipeline',
    'BEGIN;',
    `INSERT INTO idempotency_keys (user_id, caller, key, route, fingerprint, state, created_at, locked_until) SELECT :uid::uuid, 'user', :k::text, 'POST /api/wallet/out', sha256(:k::text::bytea), 'running', now(), now() + interval '60 s' WHERE pg_try_advisory_xact_lock(hashtextextended(:k::text, 0)) ON CONFLICT (user_id, caller, key) DO NOTHING RETURNING key;`,
    "SELECT pay_password_hash, pg_advisory_xact_lock(hashtextextended('pay_password_failures-' || :uid::text, 0)) FROM users WHERE id = :uid::uuid;",
    'SELECT failures, last_failure, locked_until FROM pay_password_failures WHERE user_id = :uid::uuid;',
    "SELECT key, value FROM settings WHERE key IN ('withdraw_min_usdt', 'withdraw_fee_usdt');",
    "SELECT nextval(pg_get_serial_sequence('withdrawals', 'id'));",
    `INSERT INTO withdrawals (id, user_id, method, asset, network, destination, amount, fee, status, created_at) VALUES (currval(pg_get_serial_sequence('withdrawals', 'id')), :uid::uuid, 'crypto', 'USDT', 'TRC20', '${TRC20_ADDRESS}', 20000000, 1000000, 'processing', now()) RETURNING *;`,
    `${posting};`,
    `UPDATE idempotency_keys SET state = 'done', status = 200, reply = '${reply}'::jsonb WHERE user_id = :uid::uuid AND caller = 'user' AND key = :k::text;`,
    'END;',
    '\\endpipeline',
    '',
  ].join('\n');
}

/** Withdrawals per second with pgbench sending their statements (withdrawalScript), on a database like the money call's. */
async function benchWithdrawalStatements(url: string): Promise<number> {
  const database = await openDatabase({ kind: 'postgres', url });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-'));
  try {
    await migrate(database.sql);
    const users = await createBenchUsers(database, PAYING_USERS, { password: 'not-a-password', payPassword: createPayPasswords(crypto.randomBytes(32).toString('base64url')).hash(PAY_PASSWORD) });
    await fund(database, users, 'USDT', 1_000_000_000_000n);
    await database.db.execute(sql`CREATE TABLE bench_users AS SELECT row_number() OVER (ORDER BY id)::int AS n, id FROM users`);
    await database.db.execute(sql`ANALYZE`);
    const script = path.join(dataDir, 'withdrawal.pgbench');
    fs.writeFileSync(script, withdrawalScript());
    const { stdout } = await run(PGBENCH, ['-n', '-M', 'prepared', '-c', String(WORKERS), '-j', '2', '-T', String(SECONDS), '-f', script, url], {
      maxBuffer: 16 * 1024 * 1024,
    });
    const match = /tps = ([\d.]+)/.exec(stdout);
    if (!match) throw new Error(`pgbench printed no tps:\n${stdout}`);
    const [row] = await rowsOf<{ withdrawals: number }>(database.db, sql`SELECT count(*)::int AS withdrawals FROM withdrawals`);
    if (row.withdrawals === 0) throw new Error('pgbench recorded no withdrawal');
    await verifyClean(database);
    return Number(match[1]);
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  await requireBenchServer();

  console.log(
    `Ledger vs pgbench on ${new URL(BENCH_SERVER_URL).host}, ${WORKERS} concurrent clients, ${SECONDS} s each; ` +
      'the money call runs a server process with load shedding off (SHED_*=0) and makes no call that a rate limit counts ' +
      `(those count sign-ins and codes: ${PAYING_USERS + WORKERS} sign-ins)`,
  );
  const tps = await measurePgbench(WORKERS, SECONDS);
  const { verdict, finish } = benchTargets('ledger');
  /** The ratio to pgbench, with its verdict when the figure has a target. */
  const ratio = (perSecond: number, target?: { name: string; at: number }) => {
    const value = (perSecond / tps).toFixed(2);
    return target ? `${verdict(perSecond / tps >= target.at, `${target.name} ≥ ${target.at.toFixed(1)}`, value)} ${value}` : value;
  };
  const core = (name: string) => ({ name: `ledger core ${name}`, at: TARGET.core });
  const moneyCall = (name: string) => ({ name: `money call ${name}`, at: TARGET.moneyCall });

  const ledger = await withThrowawayDatabase('ledger', benchLedgerCore);
  console.log(
    `ledger core, a posting as its own transaction (one statement; ${ledger.alone.refused} refused): ` +
      `${ledger.alone.perSecond.toFixed(1)} transfers/s, ratio: ${ratio(ledger.alone.perSecond, core('alone'))}`,
  );
  console.log(
    `ledger core, a posting in an explicit transaction (inTransaction + postTransfer; ${ledger.inTransaction.refused} refused, verified clean): ` +
      `${ledger.inTransaction.perSecond.toFixed(1)} transfers/s, ratio: ${ratio(ledger.inTransaction.perSecond, core('in a transaction'))}`,
  );

  const ceiling = await withThrowawayDatabase('statements', benchWithdrawalStatements);
  console.log(
    `pgbench sending a withdrawal's own statements, all in one pipeline (what PostgreSQL alone needs for one; no HTTP, no server): ` +
      `${ceiling.toFixed(1)} withdrawals/s, ratio: ${ratio(ceiling)}`,
  );
  const call = await withThrowawayDatabase('money', benchMoneyCall);
  console.log(
    `money call, a withdrawal over HTTP (POST /api/wallet/out with the payment password and an Idempotency-Key: the record and the hold; ` +
      `${call.withdrawals.refused} refused): ${call.withdrawals.perSecond.toFixed(1)} withdrawals/s, ratio: ${ratio(call.withdrawals.perSecond, moneyCall('withdrawal'))}`,
  );
  console.log(
    `money call, a withdrawal over HTTP against the same statements sent by pgbench (the server's own cost: 1.00 would be none): ` +
      `ratio: ${(call.withdrawals.perSecond / ceiling).toFixed(2)}`,
  );
  console.log(
    `money call, a conversion over HTTP (quote, then execute with the payment password and an Idempotency-Key; ` +
      `${call.conversions.refused} refused): ${call.conversions.perSecond.toFixed(1)} conversions/s, ratio: ${ratio(call.conversions.perSecond, moneyCall('conversion'))}`,
  );
  console.log(
    `money call, an operator correction over HTTP (POST /api/ops/adjustments with an Idempotency-Key, audit row; ` +
      `${call.adjustments.refused} refused, verified clean): ${call.adjustments.perSecond.toFixed(1)} transfers/s, ratio: ${ratio(call.adjustments.perSecond, moneyCall('operator correction'))}`,
  );
  finish();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
