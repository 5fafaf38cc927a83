/** GET /user/user_level: the user's VIP level, confirmed deposits, the next level and the table. */
import type { FastifyInstance } from 'fastify';
import { userLevelReplySchema } from '../../../src/domain/wire-schemas';
import { apiRoute, noInput } from '../../http/api-route';
import { viewerOf } from '../../http/auth';

export async function vipModule(app: FastifyInstance): Promise<void> {
  apiRoute(app, {
    method: 'GET',
    url: '/user/user_level',
    tag: 'vip',
    summary: 'VIP level, confirmed deposits in USDT, the next level and all levels (UserLevelReply)',
    auth: 'required',
    query: noInput,
    reply: userLevelReplySchema,
    handler: ({ request }) => app.services.vip.level(viewerOf(request).userId),
  });
}
