/** GET /health: the process answers and its database does too. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { apiRoute, noInput } from '../../http/api-route';

export function healthRoutes(app: FastifyInstance, db: Db): void {
  apiRoute(app, {
    method: 'GET',
    url: '/health',
    tag: 'health',
    summary: 'Liveness, including a database round trip',
    query: noInput,
    handler: async () => {
      await db.execute(sql`SELECT 1`);
      return { status: 'ok' };
    },
  });
}
