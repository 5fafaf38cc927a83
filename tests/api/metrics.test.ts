/**
 * GET /metrics (server/metrics.ts; docs/operations.md, "Metrics"), on PGlite and on PostgreSQL:
 * only with METRICS_TOKEN and its bearer token; after a scripted session — a deposit waiting for an
 * operator, conversions done, replayed and refused, a job's round — each figure is there with the
 * value the session explains.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CoinEntry } from '../../src/domain/wire';
import { startPledgePayouts } from '../../server/modules/pledge/job';
import { startTestApp, type TestApp } from './harness';

const TOKEN = 'metrics-token-for-the-test-0123';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(() => t.close());

const scrape = async (authorization?: string) => {
  const reply = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
  return { status: reply.statusCode, type: reply.headers['content-type'], text: reply.body };
};

/** The value of the sample `name{labels}` in Prometheus' text format, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[3] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1], pair[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[4]);
  }
  return undefined;
}

describe('metrics', () => {
  test('no METRICS_TOKEN: there is no /metrics; with it, only its bearer token reads it', async () => {
    const plain = await startTestApp();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
    expect((await scrape()).status).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}x`)).status).toBe(401);
    expect((await scrape(TOKEN)).status).toBe(401);
    const read = await scrape(`Bearer ${TOKEN}`);
    expect(read.status).toBe(200);
    expect(read.type).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  test('after a scripted session each figure says what happened', async () => {
    // A deposit waits for an operator, 90 seconds by the server's clock.
    const user = await t.payingUser();
    const coins = (await t.get<CoinEntry[]>('/wallet/coins', { token: user.token })).body.data ?? (await t.coins());
    const usdt = coins.find((coin) => coin.name === 'USDT' && coin.kind !== 'bank')!;
    await t.requestDeposit(user.token, { coinId: String(usdt.id), network: 'TRC20', amount: '100' });
    t.clock.advance(90);
    // Two conversions done, one of them replayed with its key, one refused (a wrong payment password).
    await t.fund(user.userId, 'EUR', 100_00n);
    const execute = (quoteId: string, payPassword: string, key: string) =>
      t.post('/transfer', { quoteId, payPassword }, { token: user.token, headers: { 'idempotency-key': key } });
    const convert = async (payPassword: string, key = crypto.randomUUID()) => {
      const quote = await t.post<{ quoteId: string }>('/transfer/quote', { from: 'EUR', to: 'USDT', amount: '10' }, { token: user.token });
      return { quoteId: quote.body.data!.quoteId, reply: await execute(quote.body.data!.quoteId, payPassword, key) };
    };
    const key = crypto.randomUUID();
    const before = await scrape(`Bearer ${TOKEN}`);
    // A scrape reads the queues, the outbox, the transfers and the ticks itself: two in a row say how much.
    const scraped = await scrape(`Bearer ${TOKEN}`);
    const first = await convert(user.payPassword, key);
    const after = await scrape(`Bearer ${TOKEN}`);
    expect(first.reply.status).toBe(200);
    expect((await convert(user.payPassword)).reply.status).toBe(200);
    expect((await execute(first.quoteId, user.payPassword, key)).status).toBe(200);
    expect((await convert('000000')).reply.status).toBe(400);
    // One round of a scheduled job, reporting as main.ts wires it.
    const payouts = startPledgePayouts(t.app.services.pledge, { info: () => undefined, error: () => undefined }, { firstDelayMs: 60_000, record: t.app.services.metrics.job('pledge_payout') });
    await payouts.runNow();
    payouts.stop();

    const { text } = await scrape(`Bearer ${TOKEN}`);
    const route = 'POST /api/transfer';
    expect(sample(text, 'tessera_money_calls_total', { route, outcome: 'done' })).toBe(2);
    expect(sample(text, 'tessera_money_calls_total', { route, outcome: 'replayed' })).toBe(1);
    expect(sample(text, 'tessera_money_calls_total', { route, outcome: 'refused' })).toBe(1);
    expect(sample(text, 'tessera_http_requests_total', { method: 'POST', route: '/api/transfer/quote', status: '200' })).toBeGreaterThanOrEqual(3);
    expect(sample(text, 'tessera_http_request_duration_seconds_count', { method: 'POST', route: '/api/transfer' })).toBeGreaterThanOrEqual(3);
    expect(sample(text, 'tessera_http_requests_total', { method: 'POST', route: '/api/transfer', status: '400' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'tessera_queue_waiting', { queue: 'deposits' })).toBe(1);
    expect(sample(text, 'tessera_queue_oldest_age_seconds', { queue: 'deposits' })).toBeGreaterThanOrEqual(90);
    expect(sample(text, 'tessera_queue_oldest_age_seconds', { queue: 'deposits' })).toBeLessThan(120);
    expect(sample(text, 'tessera_queue_waiting', { queue: 'withdrawals' })).toBe(0);
    expect(sample(text, 'tessera_queue_oldest_age_seconds', { queue: 'loans' })).toBe(0);
    expect(sample(text, 'tessera_ledger_transfers', { kind: 'conversion_out' })).toBe(2);
    expect(sample(text, 'tessera_ledger_transfers', { kind: 'conversion_in' })).toBe(2);
    expect(sample(text, 'tessera_outbox_waiting', { topic: 'trade.tick', state: 'waiting' })).toBe(0);
    expect(sample(text, 'tessera_job_runs_total', { job: 'pledge_payout', result: 'ok' })).toBe(1);
    expect(sample(text, 'tessera_job_last_success_timestamp_seconds', { job: 'pledge_payout' })).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(sample(text, 'tessera_push_deliveries_total', { result: 'delivered' })).toBe(0);
    expect(sample(text, 'tessera_requests_shed_total', { reason: 'dbWaiting' })).toBe(0);
    expect(sample(text, 'tessera_sockets_open')).toBe(0);
    expect(sample(text, 'tessera_market_feed_source', { source: t.config.market.feed })).toBe(1);
    expect(sample(text, 'tessera_process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'tessera_nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    if (process.env.TEST_DATABASE_URL) {
      expect(sample(text, 'tessera_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
      // What a conversion (its quote and its execution) sent to PostgreSQL: the execution's statements
      // leave together, so fewer round trips than statements, and no more than the code's few.
      const grew = (name: string) => sample(after.text, name)! - 2 * sample(scraped.text, name)! + sample(before.text, name)!;
      expect(grew('tessera_db_round_trips_total')).toBeGreaterThanOrEqual(4);
      expect(grew('tessera_db_round_trips_total')).toBeLessThanOrEqual(9);
      expect(grew('tessera_db_statements_total')).toBeGreaterThan(grew('tessera_db_round_trips_total'));
    } else {
      // PGlite runs in the process: nothing goes over the wire.
      expect(sample(text, 'tessera_db_round_trips_total')).toBe(0);
    }
    // The scrapes themselves are not counted among the requests.
    expect(text).not.toMatch(/route="\/metrics"/);
  });
});
