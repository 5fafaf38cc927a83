/** GET /user/user_level: the user's VIP level, confirmed deposits, the next level and the table. */
import type { FastifyInstance } from 'fastify';
import { apiRoute, noInput } from '../../http/api-route';
import { requireSession, viewerOf } from '../auth/guard';
import type { MoneyContext } from '../money';
import { userLevel } from './service';

export async function vipRoutes(app: FastifyInstance, ctx: MoneyContext): Promise<void> {
  apiRoute(app, {
    method: 'GET',
    url: '/user/user_level',
    tag: 'vip',
    summary: 'VIP level, confirmed deposits in USDT, the next level and all levels (UserLevelReply)',
    auth: 'required',
    query: noInput,
    preHandler: [requireSession(ctx.services.sessions)],
    handler: ({ request }) => userLevel(ctx.db, viewerOf(request).userId),
  });
}
