/**
 * The operator's user reads under /api/ops (support): the search, and one user's page — profile,
 * VIP level, merchant state, lockouts and the balances of every account purpose from the ledger.
 * The user's records (movements, deposits, sessions…) are each the owning module's
 * `/users/<part>` read.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pageQuerySchema } from '../../../src/domain/payments';
import { LOCALES } from '../../../src/domain/locales';
import { MERCHANT_APPLICATION_STATUSES } from '../../../src/domain/trading';
import { pageSchemaOf } from '../../../src/domain/wire-schemas';
import { apiRoute } from '../../http/api-route';
import { userQuerySchema } from '../../http/operator-calls';
import { NOT_FOUND } from '../../http/refusals';
import { userBalancesSchema } from '../records';

const date = z.string().describe('ISO 8601 date and time');
const lockedUntil = date.nullable();

const userSearchSchema = z.strictObject({
  q: z.string({ error: 'request.invalid' }).trim().min(1, 'request.invalid').max(100, 'request.invalid'),
  ...pageQuerySchema.shape,
});

const userRowSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable().describe('E.164, as the user registered or bound it'),
  nickname: z.string(),
  vipLevel: z.number().int(),
  isMerchant: z.boolean(),
  merchantApplication: z.enum(MERCHANT_APPLICATION_STATUSES).nullable().describe('The latest application to become a merchant; null when none was made'),
  createdAt: date,
  loginLockedUntil: lockedUntil.describe('Wrong passwords locked the login until then; null: not locked now'),
  payPasswordLockedUntil: lockedUntil.describe('Wrong payment passwords locked it until then; null: not locked now'),
});

const userDetailSchema = userRowSchema.extend({
  avatar: z.string().nullable(),
  inviteCode: z.string(),
  invitedBy: z.string().nullable().describe("The inviter's user id"),
  hasPayPassword: z.boolean(),
  locale: z.enum(LOCALES),
  balances: userBalancesSchema,
});

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
