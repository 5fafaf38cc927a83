/**
 * The benches' server side: the compiled server in its own process (as `npm start` runs it, load
 * shedding off), users signed in over HTTP, and autocannon sending a call's sequence of requests
 * over and over, with each request's latency kept per step.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Database } from '../../server/db/client';
import { hashPassword } from '../../server/security/passwords';
import { createPayPasswords } from '../../server/security/pay-passwords';
import { startServerProcess, type ServerProcess } from '../api/server-process';
import { createBenchUsers, type Rate } from './database';

/** Concurrent clients of every bench that compares itself with pgbench (its `-c`). */
export const WORKERS = 8;
export const PASSWORD = 'bench-password-1';
export const PAY_PASSWORD = '250917';
/** The bench server's METRICS_TOKEN: the benches read its /metrics (what it sent to PostgreSQL). */
const METRICS_TOKEN = 'bench-metrics-token-0123456789';

/**
 * The compiled server on the database at `url`, keyed with `secret` (the payment passwords'
 * hashes must be made with it), with load shedding off: a shed request would count as a refused
 * call, not as a slower one. BENCH_PROFILE=<dir> has it write a CPU profile there when it stops.
 */
export function startBenchServer(url: string, dataDir: string, secret: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  return startServerProcess(
    {
      ...process.env,
      // PostgreSQL refuses to start without the key sealing authenticator secrets; a bench may give its own.
      SECRETS_KEY: crypto.randomBytes(32).toString('base64'),
      ...env,
      DATABASE_URL: url,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CODE_PEPPER: secret,
      PUBLIC_DIR: path.join(dataDir, 'no-pwa'),
      SEED_DEMO: 'false',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      SHED_EVENT_LOOP_DELAY_MS: '0',
      SHED_DB_WAITING: '0',
      SHED_HEAP_MB: '0',
      METRICS_TOKEN,
    },
    process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`] : [],
  );
}

/** A counter's value in a /metrics text (Prometheus' text format, a sample without labels). */
function counterOf(text: string, name: string): number {
  const match = new RegExp(`^${name} (\\S+)$`, 'm').exec(text);
  if (!match) throw new Error(`/metrics has no ${name}`);
  return Number(match[1]);
}

/**
 * What the server at `base` sends to PostgreSQL, read from its /metrics (tessera_db_round_trips_total,
 * tessera_db_statements_total): round trips and statements per call between readings. A count, not a
 * time, so it compares runs on a noisy machine; it includes whatever the server did meanwhile beside
 * the calls (the outbox's deliveries of their effects: part of their cost) and each reading's own few
 * reads, next to nothing over thousands of calls.
 */
export async function wireMeter(base: string) {
  const read = async () => {
    const reply = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    if (reply.status !== 200) throw new Error(`/metrics: ${reply.status}`);
    const text = await reply.text();
    return { roundTrips: counterOf(text, 'tessera_db_round_trips_total'), statements: counterOf(text, 'tessera_db_statements_total') };
  };
  let last = await read();
  return {
    async perCall(calls: number): Promise<{ roundTrips: number; statements: number }> {
      const now = await read();
      const per = { roundTrips: (now.roundTrips - last.roundTrips) / Math.max(1, calls), statements: (now.statements - last.statements) / Math.max(1, calls) };
      last = now;
      return per;
    },
  };
}

/** The line of a wireMeter's figures. */
export function describeWire(what: string, figures: { roundTrips: number; statements: number }): string {
  return `sent to PostgreSQL per ${what} (the server's count): ${figures.roundTrips.toFixed(2)} round trips, ${figures.statements.toFixed(2)} statements`;
}

/** `count` users bench1…benchN with PASSWORD and PAY_PASSWORD (keyed with the server's `secret`); their ids. */
export async function createPayingUsers(database: Database, count: number, secret: string): Promise<string[]> {
  const password = await hashPassword(PASSWORD);
  return createBenchUsers(database, count, { password, payPassword: createPayPasswords(secret).hash(PAY_PASSWORD) });
}

/** One POST to the API; its envelope's data, or a throw naming the route, the status and the envelope. */
export async function api<T>(base: string, route: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const reply = await fetch(`${base}/api${route}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const envelope = (await reply.json()) as { data?: T; msg?: string; code?: unknown };
  if (reply.status !== 200 || envelope.data === undefined) throw new Error(`${route}: ${reply.status} ${JSON.stringify(envelope)}`);
  return envelope.data;
}

/** The session tokens of bench1…benchN, signed in with PASSWORD (N sign-ins: the per-address limit is 60 in 5 minutes). */
export function signIn(base: string, count: number): Promise<string[]> {
  return Promise.all(
    Array.from({ length: count }, (_, index) => api<{ token: string }>(base, '/user/login', { account: `bench${index + 1}`, password: PASSWORD }).then((r) => r.token)),
  );
}

/** The next element of `list` each call, in turn. */
export function inTurn<T>(list: readonly T[]): () => T {
  let next = 0;
  return () => list[next++ % list.length];
}

/** One request of a money call's sequence, sent by autocannon on each of its connections. */
export interface Step {
  path: string;
  /** The body and headers; `context` lives for one run of the sequence and carries its Idempotency-Key. */
  setup: (context: Record<string, string>) => { body: string; headers: Record<string, string> };
  /** Keeps what a later step needs from this step's reply; a throw refuses the reply (not what the bench expects). */
  keep?: (data: unknown, context: Record<string, string>) => void;
  /** Its success is one money call done. */
  done?: boolean;
}

export interface Load extends Rate {
  /** Per step, the milliseconds from sending each request to its whole reply. */
  latencies: number[][];
}

/** The `p`-th percentile (0–100) of `values`, by the nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Sends the sequence `steps` over WORKERS connections for `seconds` with autocannon, whose client
 * costs the machine about what pgbench's C client does (a `fetch` loop took a third of a core).
 * Each run of the sequence has a fresh Idempotency-Key; a refusal (not 200, no data in the
 * envelope, or a throw of `keep`) is counted, its first one printed, and the sequence starts over.
 * Each request's latency is measured from its setup, which autocannon calls just before it writes
 * the request, to its reply (the first request of a connection also waits for the connection).
 */
export async function load(base: string, seconds: number, steps: Step[]): Promise<Load> {
  let count = 0;
  let refused = 0;
  let firstRefusal: string | undefined;
  const latencies: number[][] = steps.map(() => []);
  const result = await autocannon({
    url: base,
    connections: WORKERS,
    duration: seconds,
    requests: steps.map((step, index) => ({
      method: 'POST',
      path: step.path,
      setupRequest: (request, context) => {
        if (index === 0) context.key = crypto.randomUUID();
        else if (context.failed) return null;
        const { body, headers } = step.setup(context);
        context.sentAt = String(performance.now());
        return { ...request, body, headers: { 'content-type': 'application/json', ...headers } };
      },
      onResponse: (status, body, context) => {
        latencies[index].push(performance.now() - Number(context.sentAt));
        let data: unknown;
        try {
          data = (JSON.parse(body) as { data?: unknown }).data;
        } catch {
          data = undefined;
        }
        let problem = status !== 200 || data === undefined ? `${status} ${body}` : undefined;
        if (!problem) {
          try {
            step.keep?.(data, context);
          } catch (error) {
            problem = `${(error as Error).message}: ${body}`;
          }
        }
        if (problem) {
          refused++;
          firstRefusal ??= `${step.path}: ${problem}`;
          context.failed = 'yes';
          return;
        }
        if (step.done) count++;
      },
    })),
  });
  if (firstRefusal) console.error(`  first refusal: ${firstRefusal}`);
  if (result.errors > 0 || result.timeouts > 0) throw new Error(`${result.errors} connection errors, ${result.timeouts} timeouts`);
  return { count, refused, seconds: result.duration, perSecond: count / result.duration, latencies };
}
