/**
 * What the service is doing, in Prometheus' text format (prom-client), for an operator's
 * Prometheus to scrape (docs/operations.md, "Metrics"; the alerting rules are docs/alerts.yml).
 * Served at GET /metrics only to a request carrying `Authorization: Bearer METRICS_TOKEN`; without
 * METRICS_TOKEN there is no such page (404): it says how busy the service is and how long its
 * queues are, which is nobody else's business.
 *
 * Counters and histograms are this process's own (each process is scraped); the figures read
 * from the database at the scrape — queues, the outbox, the ledger's transfers, the market feed's
 * last tick — are the installation's, the same from every process.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from './db/client';
import { sentToDatabase } from './db/named-statements';
import { rowsOf } from './db/rows';
import { ATTEMPTS, OUTBOX_TOPICS } from './outbox';

export interface MetricsSources {
  db: Db;
  /** The server's clock (ages are measured against it, as the queues' times were written by it). */
  now: () => number;
  /** The pool's connections: open, idle and queries waiting for one (PostgreSQL); null on PGlite. */
  pool: () => { total: number; idle: number; waiting: number } | null;
  /** The operators' queues: how many wait and since when (the same readers as GET /api/ops/queues). */
  queues: () => Promise<Array<{ queue: string; count: number; oldestAt: string | null }>>;
  /** Open socket.io connections of this process. */
  sockets: () => number;
  /** Where reference quotes come from in this installation ('exchange', 'simulated', 'off'). */
  feedSource: () => string;
}

export type Metrics = ReturnType<typeof createMetrics>;

export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'tessera_' });
  const registers = [registry];

  const requests = new Counter({ name: 'tessera_http_requests_total', help: 'HTTP requests answered, per method, route and status.', labelNames: ['method', 'route', 'status'], registers });
  const latency = new Histogram({
    name: 'tessera_http_request_duration_seconds',
    help: 'Time from a request to its answer, per method and route.',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  const shed = new Counter({ name: 'tessera_requests_shed_total', help: 'Requests answered 503 with Retry-After by load shedding, per reason.', labelNames: ['reason'], registers });
  const moneyCalls = new Counter({
    name: 'tessera_money_calls_total',
    help: 'Calls that move money (an Idempotency-Key and the payment password), per route and outcome: done, replayed (the same key again) or refused.',
    labelNames: ['route', 'outcome'],
    registers,
  });
  const socketMessages = new Counter({ name: 'tessera_socket_messages_total', help: 'Messages published to socket.io rooms by this process, per event.', labelNames: ['event'], registers });
  const pushes = new Counter({ name: 'tessera_push_deliveries_total', help: 'Web Push messages to devices, per result: delivered, failed, gone (the device unsubscribed).', labelNames: ['result'], registers });
  const jobRuns = new Counter({ name: 'tessera_job_runs_total', help: 'Rounds of scheduled work, per job and result (ok, failed).', labelNames: ['job', 'result'], registers });
  for (const result of ['delivered', 'failed', 'gone']) pushes.inc({ result }, 0);
  // under-pressure's reasons, and the pool's (load-shedding.ts).
  for (const reason of ['eventLoopDelay', 'heapUsedBytes', 'dbWaiting']) shed.inc({ reason }, 0);
  const ledgerProblems = new Gauge({
    name: 'tessera_ledger_problems',
    help: "Problems the ledger's own check found at its last run (0: it verifies; ledger:verify names them).",
    registers,
  });
  const jobSuccess = new Gauge({ name: 'tessera_job_last_success_timestamp_seconds', help: 'When each job last ran without failing (Unix time).', labelNames: ['job'], registers });

  let sources: MetricsSources | null = null;
  const need = () => {
    if (!sources) throw new Error('metrics: no sources attached');
    return sources;
  };
  // The queues' two gauges are collected together in one scrape: one read of the queues for both.
  let queuesRead: ReturnType<MetricsSources['queues']> | null = null;
  const queues = () => (queuesRead ??= need().queues().finally(() => (queuesRead = null)));

  new Gauge({
    name: 'tessera_queue_waiting',
    help: "Requests waiting in each operators' queue (deposits, withdrawals, merchants, loans, repayments, adjustments).",
    labelNames: ['queue'],
    registers,
    async collect() {
      for (const queue of await queues()) this.set({ queue: queue.queue }, queue.count);
    },
  });
  new Gauge({
    name: 'tessera_queue_oldest_age_seconds',
    help: "How long the oldest request of each operators' queue has waited (0: none waits).",
    labelNames: ['queue'],
    registers,
    async collect() {
      const now = need().now();
      for (const queue of await queues()) this.set({ queue: queue.queue }, queue.oldestAt ? Math.max(0, (now - Date.parse(queue.oldestAt)) / 1000) : 0);
    },
  });
  new Gauge({
    name: 'tessera_outbox_waiting',
    help: 'Rows of the outbox not delivered yet, per topic and state: waiting, or stuck (failed 5 times, waiting for an operator).',
    labelNames: ['topic', 'state'],
    registers,
    async collect() {
      for (const topic of OUTBOX_TOPICS) for (const state of ['waiting', 'stuck']) this.set({ topic, state }, 0);
      const rows = await rowsOf<{ topic: string; stuck: boolean; count: number }>(
        need().db,
        sql`SELECT topic, attempts >= ${ATTEMPTS} AS stuck, count(*)::int AS count FROM outbox GROUP BY 1, 2`,
      );
      for (const row of rows) this.set({ topic: row.topic, state: row.stuck ? 'stuck' : 'waiting' }, row.count);
    },
  });
  new Gauge({
    name: 'tessera_ledger_transfers',
    help: 'Transfers in the ledger, per kind (deposit, withdrawal_hold, conversion_out, trade_settle, pledge_lock, loan_disburse, …), counted at the scrape.',
    labelNames: ['kind'],
    registers,
    async collect() {
      for (const row of await rowsOf<{ kind: string; count: number }>(need().db, sql`SELECT kind, count(*)::int AS count FROM ledger_transfers GROUP BY kind`)) this.set({ kind: row.kind }, row.count);
    },
  });
  new Gauge({
    name: 'tessera_market_last_tick_age_seconds',
    help: 'Seconds since the last tick of each quoted symbol (the market feed, or the hall’s trades for usdteur).',
    labelNames: ['symbol'],
    registers,
    async collect() {
      const rows = await rowsOf<{ symbol: string; last: number }>(
        need().db,
        sql`SELECT symbol, extract(epoch FROM max(last_at))::float8 AS last FROM market_candles WHERE period = '1mon' GROUP BY symbol`,
      );
      for (const row of rows) this.set({ symbol: row.symbol }, Math.max(0, need().now() / 1000 - row.last));
    },
  });
  new Gauge({
    name: 'tessera_market_feed_source',
    help: "Where reference quotes come from: 1 for the installation's source (exchange, simulated, off).",
    labelNames: ['source'],
    registers,
    collect() {
      this.reset();
      this.set({ source: need().feedSource() }, 1);
    },
  });
  new Gauge({
    name: 'tessera_db_pool_connections',
    help: "The PostgreSQL pool's connections: total (open), idle, and waiting (queries waiting for one).",
    labelNames: ['state'],
    registers,
    collect() {
      const pool = need().pool();
      if (!pool) return;
      for (const [state, value] of Object.entries(pool)) this.set({ state }, value);
    },
  });
  new Counter({
    name: 'tessera_db_round_trips_total',
    help: "Requests this process sent to PostgreSQL and waited for (one Sync or one simple query; statements sent together count once): divided by the money calls, what the database's latency costs each.",
    registers,
    collect() {
      this.reset();
      this.inc(sentToDatabase.roundTrips);
    },
  });
  new Counter({
    name: 'tessera_db_statements_total',
    help: 'Statements this process sent to PostgreSQL.',
    registers,
    collect() {
      this.reset();
      this.inc(sentToDatabase.statements);
    },
  });
  new Gauge({
    name: 'tessera_sockets_open',
    help: 'Open socket.io connections of this process.',
    registers,
    collect() {
      this.set(need().sockets());
    },
  });

  return {
    registry,
    /** What the figures read at the scrape come from (attached once the app's parts exist). */
    attach(from: MetricsSources): void {
      sources = from;
    },
    request(method: string, route: string, status: number, seconds: number): void {
      requests.inc({ method, route, status: String(status) });
      latency.observe({ method, route }, seconds);
    },
    shed: (reason: string) => shed.inc({ reason }),
    moneyCall: (route: string, outcome: 'done' | 'replayed' | 'refused') => moneyCalls.inc({ route, outcome }),
    socketMessage: (event: string) => socketMessages.inc({ event }),
    push: (result: 'delivered' | 'failed' | 'gone') => pushes.inc({ result }),
    /** The ledger check's result (the ledger_verify job). */
    ledgerChecked: (problems: number) => ledgerProblems.set(problems),
    /** Records a job's round: the recorder a job's `startRepeating` reports to. */
    job(name: string): (ok: boolean) => void {
      jobRuns.inc({ job: name, result: 'ok' }, 0);
      return (ok) => {
        jobRuns.inc({ job: name, result: ok ? 'ok' : 'failed' });
        if (ok) jobSuccess.set({ job: name }, Date.now() / 1000);
      };
    },
  };
}

/**
 * GET /metrics with the bearer token (compared in constant time); 404 without METRICS_TOKEN, 401
 * with a wrong or missing token. Every answered request is counted by route, its time observed.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | null): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    metrics.request(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
  if (!token) return;
  const expected = crypto.createHash('sha256').update(`Bearer ${token}`).digest();
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = crypto.createHash('sha256').update(request.headers.authorization ?? '').digest();
    if (!crypto.timingSafeEqual(given, expected)) {
      reply.header('WWW-Authenticate', 'Bearer').code(401);
      return 'a metrics token is required\n';
    }
    reply.header('Content-Type', metrics.registry.contentType).header('Cache-Control', 'no-store');
    return metrics.registry.metrics();
  });
}
