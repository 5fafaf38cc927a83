/**
 * A server process killed between a trade's COMMIT and the delivery of what it must still cause
 * (server/outbox.ts): the next process delivers it, and the market's candles equal the settled
 * trades. Two real processes (`server/main.ts`, as `npm start` runs them) on one PostgreSQL
 * database and Redis. The delivery is held up, deterministically, by a lock on the hall's candles
 * that this test takes; the first process is then killed with SIGKILL while it waits.
 * Needs PostgreSQL (TEST_DATABASE_URL) and Redis (TEST_REDIS_URL, default 127.0.0.1:6379).
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HALL_SYMBOL } from '../../src/domain/market';
import type { TradeOrder } from '../../src/domain/wire';
import { openDatabase, type Database } from '../../server/db/client';
import { rowsOf } from '../../server/db/rows';
import { verifyLedger } from '../../server/ledger/verify';
import { api, createPayingUsers, PAY_PASSWORD, signIn } from '../bench/server';
import { fund } from '../bench/database';
import { REDIS, servicesFor } from './redis';
import { clusterEnvironment, startServerProcess, type ServerProcess } from './server-process';

const serverUrl = process.env.TEST_DATABASE_URL;
const servicesUp = await servicesFor('the outbox crash test', { postgres: true, redis: true });

describe.skipIf(!servicesUp)('a process killed between COMMIT and delivery', () => {
  let env: NodeJS.ProcessEnv;
  let drop: () => Promise<void> = async () => undefined;
  let database: Database;
  const processes: ServerProcess[] = [];

  beforeAll(async () => {
    const cluster = await clusterEnvironment(serverUrl!, 'outbox', REDIS.url);
    drop = cluster.drop;
    env = cluster.env;
    processes.push(await startServerProcess(env));
    database = await openDatabase({ kind: 'postgres', url: env.DATABASE_URL! });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(processes.map((server) => server.stop()));
    await database?.close();
    await drop();
  });

  /** The hall's 1-minute candles' volume in USDT, and the settled trades' total. */
  const volumes = async () => {
    const [row] = await rowsOf<{ candles: string; trades: string }>(
      database.db,
      sql`SELECT (SELECT coalesce(sum(volume), 0)::text FROM market_candles WHERE symbol = ${HALL_SYMBOL} AND period = '1min') AS candles,
                 (SELECT coalesce(sum(amount), 0)::text FROM trade_orders WHERE status = 'completed') AS trades`,
    );
    return { candles: Number(row.candles), trades: Number(row.trades) / 1e6 };
  };

  test('the candles equal the settled trades after the restart; nothing moved twice', async () => {
    const [merchantId, buyerId] = await createPayingUsers(database, 2, env.CODE_PEPPER!);
    // The hall is for merchant accounts, on both sides.
    await database.db.execute(sql`UPDATE users SET is_merchant = true WHERE id IN (${merchantId}, ${buyerId})`);
    await fund(database, [merchantId], 'USDT', 100_000_000n);
    await fund(database, [buyerId], 'EUR', 10_000n);
    let base = processes[0].url;
    const [merchant, buyer] = await signIn(base, 2);
    const paid = <T>(token: string, route: string, body: object) =>
      api<T>(base, route, { ...body, payPassword: PAY_PASSWORD }, { authorization: token, 'idempotency-key': crypto.randomUUID() });
    await paid(merchant, '/trade/offers/post', { side: 'sell', quantity: '50', price: '0.9300', minAmount: '1', maxAmount: '50' });
    const trade = async () => {
      const order = await paid<TradeOrder>(buyer, '/trade/orders/place', { side: 'buy', amount: '10', price: '0.9500' });
      expect(order.status).toBe('matched');
      expect(await paid<TradeOrder>(buyer, '/trade/orders/confirm', { id: order.id })).toMatchObject({ status: 'completed' });
    };

    // Delivered at once while nothing stands in the way.
    await trade();
    await expect.poll(volumes, { timeout: 10_000 }).toEqual({ candles: 10, trades: 10 });

    // The hall's candles locked: the process commits two more trades but cannot record their ticks.
    const blocker = new pg.Client({ connectionString: env.DATABASE_URL });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query(`SELECT 1 FROM market_candles WHERE symbol = $1 FOR UPDATE`, [HALL_SYMBOL]);
      await trade();
      await trade();
      // Both ticks are committed with their trades and wait, the process's delivery stuck on the
      // lock; the trades' socket and push notices, which need no candle, went out and are gone.
      await expect.poll(async () => (await rowsOf<{ topic: string }>(database.db, sql`SELECT topic FROM outbox ORDER BY id`)).map((row) => row.topic)).toEqual(['trade.tick', 'trade.tick']);
      await expect
        .poll(async () => (await blocker.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)).rows[0].n)
        .toBeGreaterThan(0);
      await processes[0].kill();
    } finally {
      await blocker.query('ROLLBACK');
      await blocker.end();
    }
    // Killed: each of the two ticks is in the candles or still waiting, never both, never lost. The
    // first one's delivery had sent its candle's statement with its COMMIT, so PostgreSQL may commit
    // it once the lock is gone, though its process is dead (as any transaction whose COMMIT was sent);
    // the second one's never started (a topic's deliveries go one at a time). Read in one snapshot.
    const [split] = await rowsOf<{ candles: string; waiting: number }>(
      database.db,
      sql`SELECT (SELECT coalesce(sum(volume), 0)::text FROM market_candles WHERE symbol = ${HALL_SYMBOL} AND period = '1min') AS candles,
                 (SELECT count(*)::int FROM outbox WHERE topic = 'trade.tick') AS waiting`,
    );
    expect(split.waiting).toBeGreaterThanOrEqual(1);
    expect(split.waiting).toBeLessThanOrEqual(2);
    expect(Number(split.candles) + 10 * split.waiting).toBe(30);
    expect((await volumes()).trades).toBe(30);

    // The next process delivers what the killed one left, once.
    processes.push(await startServerProcess(env));
    base = processes[1].url;
    await expect.poll(volumes, { timeout: 20_000, interval: 250 }).toEqual({ candles: 30, trades: 30 });
    await expect.poll(async () => (await rowsOf(database.db, sql`SELECT id FROM outbox`)).length, { timeout: 20_000 }).toBe(0);
    // Every period counted each trade once (a month's candle holds them all, whatever the minute).
    const [month] = await rowsOf<{ close: string; volume: string }>(
      database.db,
      sql`SELECT close::text, sum(volume) OVER ()::text AS volume FROM market_candles WHERE symbol = ${HALL_SYMBOL} AND period = '1mon' ORDER BY open_time DESC LIMIT 1`,
    );
    expect({ close: Number(month.close), volume: Number(month.volume) }).toEqual({ close: 0.93, volume: 30 });
    const ledger = await verifyLedger(database.db);
    expect(ledger.problems).toEqual([]);
  }, 120_000);
});
