/**
 * Load shedding (@fastify/under-pressure): while the event loop lags, the heap is nearly full or
 * too many requests wait for a PostgreSQL connection, a request is answered at once with 503,
 * Retry-After and `server.busy` in the caller's language, instead of joining a queue without
 * bound. GET /api/health and /api/health/live are never shed: they answer whether the process
 * (and its database) are alive, and a probe that restarted a merely busy server would make things worse.
 * Nor are the PWA's own files (anything outside /api): they are sent as they lie, precompressed,
 * at less cost than the refusal, and a 503 in place of the app's page leaves a blank screen
 * where the app would have shown its offline copy and retried by itself.
 */
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import v8 from 'node:v8';
import { AppError } from '../../src/domain/errors';
import type { Config } from '../config';
import { NEVER_SHED } from './refusals';

const sheddable = (request: FastifyRequest) => request.url.startsWith('/api/') && !NEVER_SHED.has(request.routeOptions.url ?? '');
const MB = 1024 * 1024;
/** How often under-pressure samples the event loop delay and the heap. */
const SAMPLE_INTERVAL_MS = 1000;

/** The default heap threshold: 90% of what this Node process may use. */
const defaultHeapMb = () => Math.floor((v8.getHeapStatistics().heap_size_limit / MB) * 0.9);

/**
 * `dbWaiting`: how many queries wait for a pool connection now (PostgreSQL only). It is read at
 * each request rather than sampled (under-pressure's healthCheck): a sampled flag stays stale for
 * its interval, shedding requests after a burst has drained or letting a burst pile up.
 */
export async function registerLoadShedding(app: FastifyInstance, shed: Config['shed'], dbWaiting?: () => number, startup?: Promise<unknown>): Promise<void> {
  const heapMb = shed.heapMb ?? defaultHeapMb();
  // The server listens while the embedded database opens and migrates (main.ts), which holds the
  // event loop for seconds: that lag is the startup's, not load. The event loop and heap checks
  // count from the first sample taken wholly after it.
  let armed = !startup;
  void startup?.finally(() => setTimeout(() => (armed = true), SAMPLE_INTERVAL_MS * 2).unref());
  const busy = (request: FastifyRequest, reply: FastifyReply, reason: { type: string; value?: unknown }) => {
    request.log.debug(reason, 'request shed');
    app.services.metrics.shed(reason.type);
    reply.header('Retry-After', String(shed.retryAfterSeconds));
    // Thrown to the error handler, which answers in the caller's language.
    return new AppError('server.busy', 503, { seconds: shed.retryAfterSeconds });
  };
  await app.register(underPressure, {
    maxEventLoopDelay: shed.eventLoopDelayMs,
    maxHeapUsedBytes: heapMb * MB,
    retryAfter: shed.retryAfterSeconds,
    sampleInterval: SAMPLE_INTERVAL_MS,
    pressureHandler: (request, reply, type, value) => {
      if (!armed || !sheddable(request)) return undefined;
      return Promise.reject(busy(request, reply, { type, value }));
    },
  });
  if (dbWaiting && shed.dbWaiting > 0) {
    app.addHook('onRequest', async (request, reply) => {
      if (!sheddable(request)) return;
      const waiting = dbWaiting();
      if (waiting > shed.dbWaiting) throw busy(request, reply, { type: 'dbWaiting', value: waiting });
    });
  }
}
