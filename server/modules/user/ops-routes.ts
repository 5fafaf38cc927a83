/**
 * The operator's user reads under /api/ops (support): the search, and one user's page — profile,
 * VIP level, merchant state, lockouts and the balances of every account purpose from the ledger.
 * The user's records (movements, deposits, sessions…) are each the owning module's
 * `/users/<part>` read.
 */
import type { FastifyInstance } from 'fastify';
import { userDetailSchema, userQuerySchema, userRowSchema, userSearchSchema } from '../../../src/domain/ops-wire';
import { pageSchemaOf } from '../../../src/domain/wire-schemas';
import { apiRoute } from '../../http/api-route';
import { NOT_FOUND } from '../../http/refusals';

/** Under /api/ops. */
export async function userOpsModule(app: FastifyInstance): Promise<void> {
  const { userLookup } = app.services;
  const support = { operator: 'support' } as const;

  apiRoute(app, {
    method: 'GET',
    url: '/users',
    tag: 'ops',
    summary: 'Find users by id, username, e-mail or phone (with or without +, spaces or the national 0), exact matches first (support)',
    auth: support,
    query: userSearchSchema,
    reply: pageSchemaOf(userRowSchema),
    handler: ({ query }) => userLookup.search(query.q, query.page, query.pageSize),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/users/detail',
    tag: 'ops',
    summary: "One user: profile, VIP level, merchant state, lockouts and the balances of every account from the ledger (support)",
    auth: support,
    query: userQuerySchema,
    reply: userDetailSchema,
    refusals: NOT_FOUND,
    handler: ({ query }) => userLookup.detail(query.id),
  });
}
