/**
 * GET /health: the process answers and its database does too, and it is not stopping (readiness).
 * GET /health/live: the process answers, without touching the database (liveness: a probe that
 * restarts the process must not do so because the database is slow or down).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../src/domain/errors';
import { apiRoute, noInput } from '../../http/api-route';

export async function healthModule(app: FastifyInstance): Promise<void> {
  apiRoute(app, {
    method: 'GET',
    url: '/health',
    tag: 'health',
    summary: 'Readiness: the process answers, including a database round trip; 503 once it is stopping (a balancer sends it no more work)',
    refusals: { 503: ['server.busy'] },
    query: noInput,
    reply: z.object({ status: z.literal('ok') }),
    handler: async ({ reply }) => {
      if (app.services.lifecycle.phase !== 'serving') {
        reply.header('Retry-After', '1');
        throw new AppError('server.busy', 503, { seconds: 1 });
      }
      await app.deps.db.execute(sql`SELECT 1`);
      return { status: 'ok' as const };
    },
  });

  apiRoute(app, {
    method: 'GET',
    url: '/health/live',
    tag: 'health',
    summary: 'Liveness: the process answers; the database is not touched',
    query: noInput,
    reply: z.object({ status: z.literal('ok') }),
    handler: async () => ({ status: 'ok' as const }),
  });
}
