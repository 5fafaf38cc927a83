/**
 * `npm run bench -- trading`: how many trades the trading hall settles per second on PostgreSQL,
 * next to pgbench's own transaction in the same run (a ratio, as the ledger bench prints: machines
 * differ), and how long placing and confirming an order take (p99). One line per figure, ending
 * with its ratio or unit:
 *
 *  pgbench   its TPC-B-like transaction with `-M prepared`, scale 16, 8 clients, 2 threads, on a
 *            throwaway database of its own (as in the ledger bench);
 *  trades    one match = one buy order placed and then confirmed through a real server process
 *            (the compiled one `npm start` runs, load shedding off) on a throwaway database:
 *            POST /api/trade/orders/place, which holds the order's EUR at its limit price and
 *            matches it at once with a sell offer (status `matched` in the reply, or the bench
 *            fails), then POST /api/trade/orders/confirm, which settles it in one posting (the
 *            USDT to the buyer, the taker's fee to the platform, the EUR to the seller, the rest of
 *            the order's hold back to the buyer: four legs; status `completed` in the reply). Both
 *            calls carry the payment password and a fresh Idempotency-Key each. autocannon sends
 *            that pair over and over on 8 connections (its request sequences chain the confirm to
 *            the place's order id, with a client as light as pgbench's: the ledger bench found a
 *            `fetch` loop took a third of a core of the two); matches/s = confirmed orders over
 *            the run's seconds.
 *  p99       of each request alone, place and confirm apart: from autocannon writing the request
 *            to its whole reply.
 *  statements the trade's own statements sent by pgbench in one pipeline per transaction
 *            (statements.ts: what PostgreSQL alone needs for one), and the same statements sent
 *            over HTTP by the bare Node server (bare-server.ts: node:http and the server's pg pool,
 *            nothing else). Target (targets.ts, moneyCallRatios): the trades ≥ 0.5 of their
 *            statements line, or ≥ 0.5 of the bare line where the bare line itself stays below
 *            0.5 of the statements; place and confirm p99 < 30 ms, or ≤ 2× the bare server's p99 for
 *            the same request where that is itself not under 30 ms (latencyTarget); no deadlock counted by
 *            PostgreSQL during the HTTP run.
 *
 * The hall: 40 merchants (`is_merchant` set in SQL, their VIP level's daily orders raised so that
 * the daily limit refuses nothing), funded by postings from the platform's adjustments account.
 * 8 of them sell: each posts (over HTTP) one sell offer of 10 million USDT at 0.9300 EUR taking
 * orders of exactly one size, 10, 20, … or 80 USDT, and one buy offer at 0.9000 that no order of
 * the bench takes (the book has both sides). The other 32 buy: each order is signed in as the next
 * of them in turn and asks for the next size in turn at a limit of 0.9400, so the 8 orders under way
 * rarely meet on one offer row or one buyer (whose payments run one after another), as pgbench's
 * clients rarely meet on one branch row at its scale. Every order is expected to be matched and
 * settled: any refusal fails the bench, and so does a ledger that does not verify clean after the
 * run or a count of completed orders that disagrees with the confirmations answered.
 *
 * BENCH_DATABASE_URL picks the server (default postgres://postgres@127.0.0.1:5432/postgres);
 * BENCH_SECONDS shortens the runs (default 20); BENCH_PROFILE=<dir> has the server write a CPU
 * profile (node --cpu-prof) into <dir>.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { TradeOffer, TradeOrder } from '../../src/domain/wire';
import { openDatabase } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { rowsOf } from '../../server/db/rows';
import { BENCH_SERVER_URL, fund, measurePgbench, requireBenchServer, settle, verifyClean, withThrowawayDatabase } from './database';
import { measureBare } from './bare-server';
import { cpuMeter, describeCpu, profileClock, profileOf, joinProfiles } from './profile';
import { pgbenchScript, tradeScript } from './statements';
import { benchTargets, latencyTarget, moneyCallRatios } from './targets';
import { PAY_PASSWORD, WORKERS, api, createPayingUsers, inTurn, load, percentile, signIn, startBenchServer, wireMeter, describeWire, type Load } from './server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
/** A trade over HTTP at half of what PostgreSQL alone does for it or better; each call's p99 under 30 ms (targets.ts, latencyTarget). */
const TARGET = { p99Ms: 30 };
/** The buyers: 8 orders under way rarely belong to one of 32 (a user's payments run one after another). */
const BUYERS = 32;
/** The sellers: one sell offer each, taking orders of one size. Sign-ins: 40, under the per-address limit of 60 in 5 minutes. */
const SELLERS = 8;
/** USDT per order: the size a seller's offer takes (its minimum and maximum), 10, 20, … 80. */
const SIZES = Array.from({ length: SELLERS }, (_, index) => String((index + 1) * 10));
const SELL_PRICE = '0.9300';
const BUY_OFFER_PRICE = '0.9000';
const LIMIT_PRICE = '0.9400';
/** A sell offer's quantity: 10 million USDT, more than any run takes. */
const OFFER_QUANTITY = '10000000';
const BUY_OFFER_QUANTITY = '1000000';
const USDT = (units: number) => BigInt(units) * 1_000_000n;
const EUR = (units: number) => BigInt(units) * 100n;

interface TradingResult {
  trades: Load;
  placed: number;
  /** Deadlocks PostgreSQL counted in the trading database during the HTTP run. */
  deadlocks: number;
  /** pgbench sending a trade's own statements (place, then confirm) on the same database afterwards. */
  statements: number;
  /** The same statements sent by the bare Node server over HTTP (bare-server.ts). */
  bare: number;
  /** The bare server's latencies: its place request's, then its confirm request's (ms). */
  bareLatencies: number[][];
  profile?: string;
  /** The CPU per trade of the server and of PostgreSQL over HTTP, and of PostgreSQL under pgbench (lines). */
  cpu: string[];
}

/** PostgreSQL's count of deadlocks in database `name` (its backends report when they end). */
async function deadlocksIn(database: Awaited<ReturnType<typeof openDatabase>>, name: string): Promise<number> {
  const [row] = await rowsOf<{ deadlocks: number }>(database.db, sql`SELECT deadlocks::int AS deadlocks FROM pg_stat_database WHERE datname = ${name}`);
  return row?.deadlocks ?? 0;
}

async function benchTrading(url: string): Promise<TradingResult> {
  const database = await openDatabase({ kind: 'postgres', url });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-'));
  let server: Awaited<ReturnType<typeof startBenchServer>> | undefined;
  try {
    // Migrated here as the server would, so that the merchants can be written before it starts.
    await migrate(database.sql);
    const secret = crypto.randomBytes(32).toString('base64url');
    // bench1…bench32 buy, bench33…bench40 sell.
    const users = await createPayingUsers(database, BUYERS + SELLERS, secret);
    const buyers = users.slice(0, BUYERS);
    const sellers = users.slice(BUYERS);
    await database.db.execute(sql`UPDATE users SET is_merchant = true`);
    await database.db.execute(sql`UPDATE vip_levels SET daily_orders = 1000000000`);
    // A buyer's order holds at most 80 × 0.94 EUR: 10 million EUR is more than any run takes.
    await fund(database, buyers, 'EUR', EUR(10_000_000));
    await fund(database, sellers, 'USDT', USDT(10_000_000));
    await fund(database, sellers, 'EUR', EUR(1_000_000));

    const started = Date.now();
    server = await startBenchServer(url, dataDir, secret);
    const base = server.url;
    const tokens = await signIn(base, users.length);
    const buyerTokens = tokens.slice(0, BUYERS);
    const sellerTokens = tokens.slice(BUYERS);
    const post = (token: string, offer: { side: 'sell' | 'buy'; quantity: string; price: string; minAmount: string; maxAmount: string }) =>
      api<TradeOffer>(base, '/trade/offers/post', { ...offer, payPassword: PAY_PASSWORD }, { authorization: token, 'idempotency-key': crypto.randomUUID() });
    for (const [index, token] of sellerTokens.entries()) {
      await post(token, { side: 'sell', quantity: OFFER_QUANTITY, price: SELL_PRICE, minAmount: SIZES[index], maxAmount: SIZES[index] });
      await post(token, { side: 'buy', quantity: BUY_OFFER_QUANTITY, price: BUY_OFFER_PRICE, minAmount: '1', maxAmount: '1000' });
    }
    await settle(database);
    const name = new URL(url).pathname.slice(1);
    const deadlocksBefore = await deadlocksIn(database, name);

    const nextToken = inTurn(buyerTokens);
    const nextSize = inTurn(SIZES);
    const window = { from: profileClock(), to: 0 };
    const wire = await wireMeter(base);
    const meter = cpuMeter(server.pid);
    const trades = await load(base, SECONDS, [
      {
        path: '/api/trade/orders/place',
        setup: (context) => {
          context.authorization = nextToken();
          const body = JSON.stringify({ side: 'buy', amount: nextSize(), price: LIMIT_PRICE, payPassword: PAY_PASSWORD });
          return { body, headers: { authorization: context.authorization, 'idempotency-key': context.key } };
        },
        keep: (data, context) => {
          const order = data as TradeOrder;
          if (order.status !== 'matched') throw new Error(`placed, not matched at once (${order.status})`);
          context.orderId = String(order.id);
        },
      },
      {
        path: '/api/trade/orders/confirm',
        setup: (context) => ({
          body: JSON.stringify({ id: Number(context.orderId), payPassword: PAY_PASSWORD }),
          // A key of its own: a key names one call on one route.
          headers: { authorization: context.authorization, 'idempotency-key': crypto.randomUUID() },
        }),
        keep: (data) => {
          const order = data as TradeOrder;
          if (order.status !== 'completed') throw new Error(`confirmed, not completed (${order.status})`);
        },
        done: true,
      },
    ]);
    const httpCpu = meter.perCall(trades.count);
    const httpWire = await wire.perCall(trades.count);
    window.to = profileClock();
    await server.stop();
    server = undefined;
    const profile = profileOf(started, window, trades.count, 'trade');
    // The server's backends have ended: PostgreSQL has their counts within a second.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const deadlocks = (await deadlocksIn(database, name)) - deadlocksBefore;
    await verifyClean(database);
    const [counts] = await rowsOf<{ placed: number; completed: number; unmatched: number }>(
      database.db,
      sql`SELECT count(*)::int AS placed,
                 (count(*) FILTER (WHERE status = 'completed'))::int AS completed,
                 (count(*) FILTER (WHERE status NOT IN ('matched', 'completed')))::int AS unmatched
          FROM trade_orders`,
    );
    // autocannon stops waiting at the deadline: a confirmation under way then (one per connection
    // at most) may have settled without being counted; orders placed and not yet confirmed stay matched.
    if (counts.completed < trades.count || counts.completed > trades.count + WORKERS) {
      throw new Error(`${trades.count} confirmations answered, ${counts.completed} orders completed`);
    }
    if (counts.unmatched > 0) throw new Error(`${counts.unmatched} orders neither matched nor completed`);

    await database.db.execute(sql`CREATE TABLE bench_users AS SELECT row_number() OVER (ORDER BY id)::int AS n, id FROM users WHERE id NOT IN (SELECT user_id FROM trade_offers)`);
    await settle(database);
    const alone = cpuMeter(null);
    const statements = await pgbenchScript(url, dataDir, 'trade', tradeScript(BUYERS), SECONDS);
    const [after] = await rowsOf<{ completed: number }>(database.db, sql`SELECT (count(*) FILTER (WHERE status = 'completed'))::int AS completed FROM trade_orders`);
    if (after.completed <= counts.completed) throw new Error('pgbench settled no trade');
    const statementsCpu = alone.perCall(after.completed - counts.completed);
    await verifyClean(database);
    await settle(database);
    const bare = await measureBare(url, path.join(dataDir, 'trade.pgbench'), SECONDS, 'trade');
    await verifyClean(database);
    const cpu = [describeWire('trade over HTTP', httpWire), describeCpu('trade over HTTP', httpCpu, true), describeCpu('trade', statementsCpu, false), bare.cpu];
    return { trades, placed: counts.placed, deadlocks, statements, bare: bare.perSecond, bareLatencies: bare.latencies, profile: joinProfiles(profile, bare.profile), cpu };
  } finally {
    await server?.stop();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  await requireBenchServer();
  console.log(
    `Trading hall vs pgbench on ${new URL(BENCH_SERVER_URL).host}, ${WORKERS} concurrent clients, ${SECONDS} s each; ` +
      `the trades run a server process with load shedding off (SHED_*=0): ${BUYERS} buyers' orders, each matched at once with ` +
      `one of ${SELLERS} sell offers (one per order size), then confirmed`,
  );
  const tps = await measurePgbench(WORKERS, SECONDS);

  const { trades, placed, deadlocks, statements, bare, bareLatencies, profile, cpu } = await withThrowawayDatabase('trading', benchTrading);
  const { verdict, finish } = benchTargets('trading');
  const [place, confirm] = trades.latencies;
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(
    `statements of a trade (place, then confirm) sent by pgbench, one pipeline per transaction (what PostgreSQL alone needs for one; no HTTP, no server): ` +
      `${statements.toFixed(1)} trades/s, ratio: ${(statements / tps).toFixed(2)}`,
  );
  console.log(
    `statements of a trade sent by a bare Node server over HTTP (node:http and the server's pg pool, one request per API request, no framework, no rules): ` +
      `${bare.toFixed(1)} trades/s, ratio to its statements: ${(bare / statements).toFixed(2)}`,
  );
  console.log(
    `trades settled (place + confirm over HTTP, ${WORKERS} clients; ${placed} orders placed, ${trades.count} confirmed, ` +
      `${trades.refused} refused, verified clean): ${trades.perSecond.toFixed(1)} matches/s, ratio to pgbench: ${(trades.perSecond / tps).toFixed(2)}, ` +
      moneyCallRatios(verdict, 'trade', { http: trades.perSecond, statements, bare }),
  );
  const [barePlace, bareConfirm] = bareLatencies;
  console.log(`place's statements from the bare server over HTTP (${barePlace.length} answered), p50 ${ms(percentile(barePlace, 50))}, p99: ${ms(percentile(barePlace, 99))}`);
  console.log(`confirm's statements from the bare server over HTTP (${bareConfirm.length} answered), p50 ${ms(percentile(bareConfirm, 50))}, p99: ${ms(percentile(bareConfirm, 99))}`);
  const p99 = (values: number[], bareValues: number[], what: string) => latencyTarget(verdict, what, percentile(values, 99), percentile(bareValues, 99), TARGET.p99Ms);
  console.log(`place an order over HTTP (held and matched at once; ${place.length} answered), p50 ${ms(percentile(place, 50))}, p99: ${p99(place, barePlace, 'place')}`);
  console.log(`confirm an order over HTTP (settled in one posting; ${confirm.length} answered), p50 ${ms(percentile(confirm, 50))}, p99: ${p99(confirm, bareConfirm, 'confirm')}`);
  for (const line of cpu) console.log(line);
  console.log(`deadlocks PostgreSQL counted during the HTTP run: ${verdict(deadlocks === 0, 'no deadlock', String(deadlocks))} ${deadlocks}`);
  if (profile) console.log(profile);
  // Every order of the bench fits an offer and every match is confirmed in time: a refusal is a fault.
  if (trades.refused > 0) throw new Error(`${trades.refused} place or confirm calls refused`);
  finish();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
