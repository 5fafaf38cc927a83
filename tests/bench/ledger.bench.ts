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
 *               then its statements line: pgbench sending the same posting statement (coreScript),
 *               in turns with TPC-B on its own database (postingBesideTpcb);
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
 *  bare         the same statements sent over HTTP by a bare Node server (bare-server.ts: node:http
 *               and the server's pg pool, one request per API request, no framework, no rules): what
 *               the runtime, HTTP and the driver cost before any code of ours.
 *
 * Targets: the ledger core's posting sent by pgbench ≥ 1.0 of TPC-B run in turns beside it, and both Node lines of the
 * core ≥ 0.5 of it (TARGET below); each money call (withdrawal, conversion,
 * correction) ≥ 0.5 of its statements line, or ≥ 0.5 of its bare line where the bare line itself
 * stays below 0.5 of the statements (targets.ts, moneyCallRatios); each printed with PASS or FAIL,
 * and a missed one fails the bench (non-zero exit).
 *
 * Each part gets a throwaway database that is dropped afterwards, and the ledger must verify
 * clean after each. BENCH_DATABASE_URL picks the server (default
 * postgres://postgres@127.0.0.1:5432/postgres); BENCH_SECONDS shortens the runs;
 * BENCH_SERVER_LOG=1 shows the server process's output; BENCH_CALLS=withdrawal,conversion runs only those calls; BENCH_PROFILE=<dir> has the money call's
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
import { postTransfer, type TransferInput } from '../../server/ledger/transfers';
import { newTotpSecret, totpCode } from '../../server/security/totp';
import { hashPassword } from '../../server/security/passwords';
import {
  BENCH_SERVER_URL,
  createBenchUsers,
  fund,
  initPgbench,
  tpcbTps,
  measurePgbench,
  requireBenchServer,
  settle,
  verifyClean,
  withThrowawayDatabase,
  type Rate,
} from './database';
import { measureBare } from './bare-server';
import { cpuMeter, describeCpu, profileClock, profileOf, joinProfiles } from './profile';
import { PASSWORD, PAY_PASSWORD, WORKERS, api, createPayingUsers, inTurn, load, signIn, startBenchServer, wireMeter, describeWire, type Step } from './server';
import { TRC20_ADDRESS, conversionScript, coreScript, correctionScript, pgbenchScript, withdrawalScript } from './statements';
import { benchTargets, moneyCallRatios } from './targets';

/**
 * The ledger core: its posting costs PostgreSQL no more than TPC-B's transaction (pgbench sending
 * the posting ≥ 1.0 of pgbench's TPC-B, the two run in turns), and the Node client that sends it through the ledger's
 * code costs no more than PostgreSQL does (≥ 0.5 of that statements line, the money calls' rule).
 * Until 2026-11-29 the target was the Node lines ≥ 1.0 of TPC-B: out of reach on 2-core machines
 * where the client's own CPU decides, as the statements line shows (docs/performance.md).
 */
const TARGET = { core: 1.0, coreOfStatements: 0.5 };

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
  /** pgbench sending the same posting statement (statements.ts coreScript): what PostgreSQL alone needs for one. */
  statements: number;
  /** pgbench's TPC-B run in turns with the statements line: its yardstick. */
  tpcb: number;
}

/** Turns of the core's statements line and TPC-B, each SECONDS / TURNS long. */
const TURNS = 4;

/**
 * The core's posting and TPC-B, both sent by pgbench, in alternating turns: their mean rates. A
 * shared machine's speed drifts by a fifth within a minute (TPC-B alone gave 3,647 and 4,650 tps in
 * two runs of one hour); measured one after the other, that drift, not the posting, decided
 * the ratio; in turns both lines see the same machine.
 */
async function postingBesideTpcb(url: string, dir: string, users: number): Promise<{ statements: number; tpcb: number }> {
  return withThrowawayDatabase('tpcb', async (tpcbUrl) => {
    await initPgbench(tpcbUrl);
    let statements = 0;
    let tpcb = 0;
    for (let turn = 0; turn < TURNS; turn++) {
      tpcb += await tpcbTps(tpcbUrl, WORKERS, SECONDS / TURNS);
      statements += await pgbenchScript(url, dir, 'core', coreScript(users), SECONDS / TURNS);
    }
    return { statements: statements / TURNS, tpcb: tpcb / TURNS };
  });
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
    // The same posting from pgbench's C client: the users by number (their ids derived from it: benchUserId).
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-core-'));
    try {
      const { statements, tpcb } = await postingBesideTpcb(url, dir, users.length);
      await verifyClean(database);
      return { alone, inTransaction: inTx, statements, tpcb };
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  } finally {
    await database.close();
  }
}

// ---- the whole money call, and what PostgreSQL alone needs for it ---------------------------

type CallKind = 'withdrawal' | 'conversion' | 'correction';

interface CallResult {
  /** Over HTTP through the server. */
  http: Rate;
  /** pgbench sending the call's own statements (statements.ts) on the same database afterwards. */
  statements: number;
  /** The same statements sent by the bare Node server (bare-server.ts) over HTTP, afterwards. */
  bare: number;
  /** Where the server's CPU went, when BENCH_PROFILE is set. */
  profile?: string;
  /** The CPU per call of the server and of PostgreSQL over HTTP, and of PostgreSQL under pgbench (lines). */
  cpu: string[];
}

/**
 * One money call on a database of its own: the server started for it alone (so that a profile is
 * the call's), the call sent over HTTP by autocannon, the server stopped, the ledger verified and
 * every answered call found recorded; then pgbench sends the call's own statements on the same
 * database (its users, operators and sessions) and the ledger is verified again.
 */
async function benchCall(url: string, kind: CallKind): Promise<CallResult> {
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

    const started = Date.now();
    server = await startBenchServer(url, dataDir, secret);
    const base = server.url;
    const tokens = kind === 'correction' ? [] : await signIn(base, users.length);
    const operatorTokens =
      kind !== 'correction'
        ? []
        : await Promise.all(
            Array.from({ length: WORKERS }, (_, index) =>
              api<{ token: string }>(base, '/ops/login', { username: `benchops${index + 1}`, password: PASSWORD, totp: totpCode(totpSecret, new Date()), client: 'cli' }).then(
                (r) => r.token,
              ),
            ),
          );
    await settle(database);
    // Users in turn over the connections: 8 requests under way rarely belong to one person of 32.
    const nextToken = inTurn(tokens);
    const nextUser = inTurn(users);
    const nextOperator = inTurn(operatorTokens);
    const window = { from: profileClock(), to: 0 };
    const wire = await wireMeter(base);
    const meter = cpuMeter(server.pid);
    const http = await load(base, SECONDS, stepsOf(kind, { nextToken, nextUser, nextOperator, users: users.length }));
    const httpCpu = meter.perCall(http.count);
    const httpWire = await wire.perCall(http.count);
    window.to = profileClock();
    await server.stop();
    server = undefined;
    const profile = profileOf(started, window, http.count, kind);
    await verifyClean(database);
    const table = { withdrawal: 'withdrawals', conversion: 'conversions', correction: 'audit_log' }[kind];
    const [counted] = await rowsOf<{ recorded: number }>(database.db, sql`SELECT count(*)::int AS recorded FROM ${sql.identifier(table)}`);
    // Every answered call is recorded; autocannon stops waiting at the deadline, so the calls under
    // way then (one per connection at most) are recorded without being counted.
    if (counted.recorded < http.count || counted.recorded > http.count + WORKERS) throw new Error(`${http.count} ${kind}s answered, ${counted.recorded} recorded`);

    await database.db.execute(sql`CREATE TABLE bench_users AS SELECT row_number() OVER (ORDER BY id)::int AS n, id FROM users`);
    await database.db.execute(sql`
      CREATE TABLE bench_operators AS
      SELECT row_number() OVER (ORDER BY s.id)::int AS n, s.operator_id AS id, s.token_hash FROM operator_sessions s`);
    await settle(database);
    const text = { withdrawal: () => withdrawalScript(PAYING_USERS), conversion: () => conversionScript(PAYING_USERS), correction: () => correctionScript(PAYING_USERS, WORKERS) }[kind]();
    const alone = cpuMeter(null);
    const statements = await pgbenchScript(url, dataDir, kind, text, SECONDS);
    const [after] = await rowsOf<{ recorded: number }>(database.db, sql`SELECT count(*)::int AS recorded FROM ${sql.identifier(table)}`);
    if (after.recorded <= counted.recorded) throw new Error(`pgbench recorded no ${kind}`);
    const statementsCpu = alone.perCall(after.recorded - counted.recorded);
    await settle(database);
    const bare = await measureBare(url, path.join(dataDir, `${kind}.pgbench`), SECONDS, kind);
    await verifyClean(database);
    return { http, statements, bare: bare.perSecond, profile: joinProfiles(profile, bare.profile), cpu: [describeWire(`${kind} over HTTP`, httpWire), describeCpu(`${kind} over HTTP`, httpCpu, true), describeCpu(kind, statementsCpu, false), bare.cpu] };
  } finally {
    await server?.stop();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The requests of one call, as autocannon sends them over and over. */
function stepsOf(kind: CallKind, turn: { nextToken: () => string; nextUser: () => string; nextOperator: () => string; users: number }): Step[] {
  if (kind === 'withdrawal') {
    const withdrawal = JSON.stringify({ method: 'crypto', network: 'TRC20', address: TRC20_ADDRESS, amount: '20', payPassword: PAY_PASSWORD });
    return [{ path: '/api/wallet/out', setup: (context) => ({ body: withdrawal, headers: { authorization: turn.nextToken(), 'idempotency-key': context.key } }), done: true }];
  }
  if (kind === 'conversion') {
    // Both directions in turn, so neither balance runs dry.
    let direction = 0;
    return [
      {
        path: '/api/transfer/quote',
        setup: (context) => {
          context.authorization = turn.nextToken();
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
    ];
  }
  // Credit, then take back: every user's balance stays where it was.
  let sign = 0;
  return [
    {
      path: '/api/ops/adjustments',
      setup: (context) => {
        const amount = sign++ % (2 * turn.users) < turn.users ? '0.01' : '-0.01';
        const body = JSON.stringify({ userId: turn.nextUser(), asset: 'USDT', amount, reason: 'bench correction' });
        return { body, headers: { authorization: turn.nextOperator(), 'idempotency-key': context.key } };
      },
      done: true,
    },
  ];
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
  /** The ratio to pgbench (the core's target is held against the TPC-B of its own turns). */
  const ratio = (perSecond: number) => (perSecond / tps).toFixed(2);
  const ledger = await withThrowawayDatabase('ledger', benchLedgerCore);
  const besideTpcb = ledger.statements / ledger.tpcb;
  console.log(
    "statements of the ledger core's posting sent by pgbench (its C client, one statement per transaction: what PostgreSQL alone needs for one; no Node), " +
      `in ${TURNS} turns with TPC-B (${ledger.tpcb.toFixed(1)} tps in those turns): ${ledger.statements.toFixed(1)} transfers/s, ratio: ${ratio(ledger.statements)}, ` +
      `to TPC-B in its turns: ${verdict(besideTpcb >= TARGET.core, `the ledger core's posting sent by pgbench ≥ ${TARGET.core.toFixed(1)} of TPC-B in turns`, besideTpcb.toFixed(2))} ${besideTpcb.toFixed(2)}`,
  );
  /** A Node line of the core against its statements line (the money calls' rule: targets.ts). */
  const ofStatements = (perSecond: number, name: string) => {
    const share = perSecond / ledger.statements;
    return `ratio to its statements: ${share.toFixed(2)} ${verdict(share >= TARGET.coreOfStatements, `ledger core ${name} ≥ ${TARGET.coreOfStatements} of its statements`, share.toFixed(2))}`;
  };
  console.log(
    `ledger core, a posting as its own transaction (one statement; ${ledger.alone.refused} refused): ` +
      `${ledger.alone.perSecond.toFixed(1)} transfers/s, ratio: ${ratio(ledger.alone.perSecond)}, ${ofStatements(ledger.alone.perSecond, 'alone')}`,
  );
  console.log(
    `ledger core, a posting in an explicit transaction (inTransaction + postTransfer; ${ledger.inTransaction.refused} refused, verified clean): ` +
      `${ledger.inTransaction.perSecond.toFixed(1)} transfers/s, ratio: ${ratio(ledger.inTransaction.perSecond)}, ${ofStatements(ledger.inTransaction.perSecond, 'in a transaction')}`,
  );

  const calls: { kind: CallKind; name: string; unit: string; what: string }[] = [
    { kind: 'withdrawal', name: 'a withdrawal', unit: 'withdrawals', what: 'POST /api/wallet/out with the payment password and an Idempotency-Key: the record and the hold, then the security alert' },
    { kind: 'conversion', name: 'a conversion', unit: 'conversions', what: 'POST /api/transfer/quote, then POST /api/transfer with the payment password and an Idempotency-Key: three legs' },
    { kind: 'correction', name: 'an operator correction', unit: 'corrections', what: 'POST /api/ops/adjustments with an Idempotency-Key: operator session, the posting, the audit row' },
  ];
  const profiles: string[] = [];
  // BENCH_CALLS=withdrawal,… runs only those calls (for profiling one; the ratios are per call).
  const only = process.env.BENCH_CALLS?.split(',');
  for (const call of calls.filter((c) => !only || only.includes(c.kind))) {
    const result = await withThrowawayDatabase(call.kind, (url) => benchCall(url, call.kind));
    if (result.profile) profiles.push(result.profile);
    console.log(
      `statements of ${call.name} sent by pgbench, one pipeline per transaction (what PostgreSQL alone needs for one; no HTTP, no server): ` +
        `${result.statements.toFixed(1)} ${call.unit}/s, ratio: ${ratio(result.statements)}`,
    );
    console.log(
      `statements of ${call.name} sent by a bare Node server over HTTP (node:http and the server's pg pool, one request per API request, no framework, no rules): ` +
        `${result.bare.toFixed(1)} ${call.unit}/s, ratio to its statements: ${(result.bare / result.statements).toFixed(2)}`,
    );
    console.log(
      `money call, ${call.name} over HTTP (${call.what}; ${result.http.refused} refused, verified clean): ` +
        `${result.http.perSecond.toFixed(1)} ${call.unit}/s, ratio to pgbench: ${ratio(result.http.perSecond)}, ` +
        moneyCallRatios(verdict, call.kind, { http: result.http.perSecond, statements: result.statements, bare: result.bare }),
    );
    for (const line of result.cpu) console.log(line);
  }
  for (const profile of profiles) console.log(profile);
  finish();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
