/** GET /health: the process answers and its database does too. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiRoute, noInput } from '../../http/api-route';

export async function healthModule(app: FastifyInstance): Promise<void> {
  apiRoute(app, {
    method: 'GET',
    url: '/health',
    tag: 'health',
    summary: 'Liveness, including a database round trip',
    query: noInput,
    reply: z.object({ status: z.literal('ok') }),
    handler: async () => {
      await app.deps.db.execute(sql`SELECT 1`);
      return { status: 'ok' as const };
    },
  });
}
