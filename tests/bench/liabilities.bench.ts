/**
 * `npm run bench -- liabilities`: the proof of liabilities at 100,000 users on PostgreSQL
 * (docs/liabilities.md). Every user has USDT, half of them EUR, a third part of their USDT
 * pledged: money put there the only way it moves, postings (set-based, as the pledge bench does).
 *
 *   1. A snapshot as the daily job takes it (server/modules/liabilities/snapshots.ts take): every
 *      balance read in one repeatable-read transaction, the ledger's own check and the postings'
 *      totals, the tree of 100,000 shuffled leaves with fresh nonces, its signature, and every leaf
 *      and inner node stored set-based. Target: under 10 s.
 *   2. A user's proof file in bytes (17 steps for 100,000 leaves).
 *   3. GET /api/liabilities/mine from the compiled server (its own process, as `npm start` runs it),
 *      autocannon with 32 connections for BENCH_SECONDS (default 15), each request signed in as
 *      the next of 256 users in turn. Target: p99 under 20 ms, no refusal.
 *
 * BENCH_DATABASE_URL picks the server; BENCH_LIABILITY_USERS changes the count.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql, type SQL } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { rowsOf } from '../../server/db/rows';
import { inTransaction } from '../../server/db/transaction';
import { postOwnMoves, postPlatformCredits } from '../../server/ledger/transfers';
import { createLiabilities } from '../../server/modules/liabilities/snapshots';
import { createSealer } from '../../server/security/sealed';
import { proofFromFile, verifyProof, webCryptoSha256, webCryptoSignatureCheck } from '../../src/domain/liabilities';
import { createBenchUsers, requireBenchServer, verifyClean, withThrowawayDatabase } from './database';
import { startBenchServer } from './server';
import { benchTargets } from './targets';

const USERS = Number(process.env.BENCH_LIABILITY_USERS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = 32;
const SIGNED_IN = 256;
const TARGET = { snapshotSeconds: 10, proofP99Ms: 20 };
const AT = new Date('2030-03-01T09:00:00.000Z');

const targets = benchTargets('liabilities');
await requireBenchServer();
await withThrowawayDatabase('liabilities', async (url) => {
  const database = await openDatabase({ kind: 'postgres', url });
  const secretsKey = crypto.randomBytes(32);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-liabilities-'));
  try {
    await migrate(database.sql);
    const setupStarted = performance.now();
    await createBenchUsers(database, USERS, { password: 'not-used', payPassword: null });
    await inTransaction(database.db, async (tx) => {
      const users = (amount: SQL, where = sql`TRUE`) =>
        sql`SELECT id AS user_id, ${amount} AS amount, 'bench:funding' AS reference, 'bench:funding:' || ${amount} || ':' || id AS idempotency_key FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users WHERE username LIKE 'bench%') u WHERE ${where}`;
      await postPlatformCredits(tx, { from: 'deposits', to: 'available', asset: 'USDT', kind: 'deposit', at: AT, rows: users(sql`((n % 997) + 1) * 1000000`) });
      await postPlatformCredits(tx, { from: 'deposits', to: 'available', asset: 'EUR', kind: 'deposit', at: AT, rows: users(sql`((n % 389) + 1) * 100`, sql`n % 2 = 0`) });
      // A third pledge 1 USDT for 30 days (an order each, as the ledger's check wants for a pledged balance).
      await tx.execute(sql`
        INSERT INTO pledge_orders (user_id, product_id, asset, amount, daily_ppm, lock_days, penalty_ppm, status, started_at, ends_at)
        SELECT u.id, p.id, 'USDT', 1000000, p.daily_ppm, p.lock_days, p.penalty_ppm, 'active', ${AT.toISOString()}::timestamptz, ${AT.toISOString()}::timestamptz + make_interval(days => p.lock_days)
        FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users WHERE username LIKE 'bench%') u
        CROSS JOIN (SELECT * FROM pledge_products WHERE asset = 'USDT' AND lock_days = 30) p
        WHERE u.n % 3 = 0`);
      await postOwnMoves(tx, {
        from: 'available',
        to: 'pledged',
        asset: 'USDT',
        kind: 'pledge_lock',
        at: AT,
        rows: sql`SELECT user_id, amount, 'pledge:' || id AS reference, 'pledge:' || id || ':lock' AS idempotency_key FROM pledge_orders`,
      });
    });
    // Sessions for the reads: a token per user (its hash stored, as a sign-in stores it).
    await database.db.execute(sql`
      INSERT INTO sessions (token_hash, user_id, expires_at, created_at)
      SELECT sha256(convert_to(id::text || 'proof', 'UTF8')), id, now() + interval '30 days', now() FROM users WHERE username LIKE 'bench%'`);
    await database.db.execute(sql`VACUUM ANALYZE`);
    console.log(`setup: ${USERS.toLocaleString('en')} users with balances (USDT each, EUR half, a third pledged) in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`);

    const liabilities = createLiabilities({ db: database.db, clock: () => new Date(), sealer: createSealer(secretsKey) });
    await liabilities.publicKey(); // the key made once, as the first snapshot of an installation makes it
    const started = performance.now();
    // Today's: the server started below finds the day's snapshot taken and does not take another during the load.
    const snapshot = await liabilities.take({ day: new Date().toISOString().slice(0, 10) });
    const took = (performance.now() - started) / 1000;
    if (!snapshot?.published) throw new Error(`the snapshot was not published: ${snapshot?.problem}`);
    if (snapshot.leafCount !== USERS) throw new Error(`${snapshot.leafCount} leaves for ${USERS} users`);
    console.log(
      `liabilities snapshot of ${USERS.toLocaleString('en')} users (repeatable read, ledger check, tree, signature, leaves and levels stored; PostgreSQL): ${took.toFixed(2)} s ${targets.verdict(took < TARGET.snapshotSeconds, `< ${TARGET.snapshotSeconds} s`, `${took.toFixed(2)} s`)}`,
    );

    // The 100,000 leaves just written would have autovacuum analyse and vacuum them during the
    // load below, minutes of a day on a server but the whole of a 15-second run here: settled
    // first, as the setup's rows are.
    await database.db.execute(sql`VACUUM ANALYZE liability_leaves, liability_levels, liability_snapshots`);

    const [someone] = await rowsOf<{ id: string }>(database.db, sql`SELECT id::text FROM users WHERE username = 'bench1'`);
    const proof = (await liabilities.proofOf(someone.id))!;
    const verdict = await verifyProof(webCryptoSha256, webCryptoSignatureCheck(proof.snapshot), proofFromFile(proof));
    if (!verdict.ok) throw new Error(`bench1's proof does not verify: ${JSON.stringify(verdict)}`);
    console.log(`a user's proof file (${proof.path.length} steps, ${USERS.toLocaleString('en')} leaves): ${Buffer.byteLength(JSON.stringify(proof))} bytes`);

    const server = await startBenchServer(url, dataDir, crypto.randomBytes(16).toString('hex'), { SECRETS_KEY: secretsKey.toString('base64') });
    try {
      const tokens = (await rowsOf<{ id: string }>(database.db, sql`SELECT id::text FROM users WHERE username LIKE 'bench%' ORDER BY id LIMIT ${SIGNED_IN}`)).map((row) => `${row.id}proof`);
      let next = 0;
      let refused = 0;
      let firstRefusal = '';
      const latencies: number[] = [];
      const run = (seconds: number) =>
        autocannon({
          url: server.url,
          connections: CONNECTIONS,
          duration: seconds,
          requests: [
            {
              method: 'GET',
              path: '/api/liabilities/mine',
              setupRequest: (request, context) => {
                context.sentAt = String(performance.now());
                return { ...request, headers: { authorization: tokens[next++ % tokens.length] } };
              },
              onResponse: (status, body, context) => {
                latencies.push(performance.now() - Number(context.sentAt));
                if (status !== 200 || !body.includes('"tessera-liabilities-proof"')) {
                  refused++;
                  firstRefusal ||= `${status} ${body.slice(0, 200)}`;
                }
              },
            },
          ],
        });
      await run(3); // warm-up: the statements prepared, the pool filled
      latencies.length = 0;
      refused = 0;
      const result = await run(SECONDS);
      const sorted = [...latencies].sort((a, b) => a - b);
      const p = (q: number) => sorted[Math.max(0, Math.ceil((q / 100) * sorted.length) - 1)];
      const p99 = p(99);
      console.log(
        `GET /api/liabilities/mine, ${CONNECTIONS} connections, ${SIGNED_IN} users in turn: ${result.requests.average.toFixed(0)} req/s, p50 ${p(50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms ${targets.verdict(p99 < TARGET.proofP99Ms && refused === 0, `p99 < ${TARGET.proofP99Ms} ms, no refusal`, `p99 ${p99.toFixed(1)} ms, ${refused} refused`)}`,
      );
      if (refused > 0) console.log(`first refusal: ${firstRefusal}`);
    } finally {
      await server.stop();
    }
    await verifyClean(database);
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
targets.finish();
