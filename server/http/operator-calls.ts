/**
 * What the operator calls of every module share (under /api/ops): the record id and reason rules,
 * and a decision — a POST by a finance operator that runs in one transaction with its audit row,
 * attributed to that operator. A module's operator plugin declares its calls with these.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { userPageQuerySchema } from '../../src/domain/ops-wire';
import type { Page } from '../../src/domain/wire';
import { pageSchemaOf } from '../../src/domain/wire-schemas';
import { sql } from 'drizzle-orm';
import { AppError, type ErrorKey } from '../../src/domain/errors';
import type { Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { inTransaction } from '../db/transaction';
import type { AuditActor } from '../ledger/audit';
import { apiRoute } from './api-route';
import { operatorOf } from './auth';
import { DECISION, IDEMPOTENT, type Refusals } from './refusals';
import { optionalIdempotencyKeyOf } from './idempotency';

// The inputs every decision shares are the console's too: src/domain/operators.ts.
export { recordIdInputSchema, rejectSchema } from '../../src/domain/operators';

/** The table of the records a decision route decides (its first path segment), whose user owns the decision's key. */
const DECIDED_TABLES: Readonly<Record<string, string>> = { deposits: 'deposits', withdrawals: 'withdrawals', merchants: 'merchant_applications' };

/**
 * A finance operator's decision on a record, in one transaction with its audit row; it refuses
 * what every decision does (DECISION) and its own `refusals`. With an Idempotency-Key (the
 * console sends one per decision) it runs once per key like a money call: a retry after a lost
 * reply gets the first reply, not "already decided". The key is kept with the record's user, in
 * the operator's own namespace.
 */
export function operatorDecision<B extends z.ZodType, R extends z.ZodType>(
  app: FastifyInstance,
  { refusals = {}, ...route }: { url: string; summary: string; body: B; reply: R; refusals?: Refusals },
  decide: (tx: Tx, input: z.output<B>, actor: AuditActor) => Promise<z.input<R>>,
): void {
  const table = DECIDED_TABLES[route.url.split('/')[1]];
  if (!table) throw new Error(`operatorDecision: no decided table for ${route.url}`);
  apiRoute<z.ZodType, undefined, z.ZodType>(app, {
    method: 'POST',
    tag: 'ops',
    auth: { operator: 'finance' },
    ...route,
    description: 'Takes an optional Idempotency-Key: a retry with the same key and body gets the first reply.',
    refusals: [DECISION, IDEMPOTENT, refusals],
    handler: ({ body, request }) => {
      const input = body as z.output<B> & { id: number };
      const actor = { operatorId: operatorOf(request).operatorId, at: app.deps.clock() };
      return decideOnce(app, request, { table, id: input.id, route: `POST /api/ops${route.url}`, input }, (tx) => decide(tx, input, actor));
    },
  });
}

/**
 * Runs an operator's decision on the record `id` of `table` in one transaction; with the
 * request's Idempotency-Key once per key, like a money call: a retry after a lost reply gets the
 * first reply, not "already decided". The key is kept with the record's user (its `user_id`), in
 * the operator's own namespace. A record that does not exist is refused with `notFound`.
 */
export async function decideOnce<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  decision: { table: string; id: number; route: string; input: unknown; notFound?: ErrorKey },
  decide: (tx: Tx) => Promise<T>,
): Promise<T> {
  const key = optionalIdempotencyKeyOf(request);
  if (!key) return inTransaction(app.deps.db, decide);
  const [owner] = await rowsOf<{ user_id: string }>(app.deps.db, sql`SELECT user_id FROM ${sql.identifier(decision.table)} WHERE id = ${decision.id}`);
  if (!owner) throw new AppError(decision.notFound ?? 'record.notFound', 404);
  const scope = { userId: owner.user_id, caller: `operator:${operatorOf(request).operatorId}`, key, route: decision.route, input: decision.input };
  return app.services.idempotency.run(scope, decide);
}

/**
 * A page of one user's records as the operators read them (support): GET `url`?id=&page=&pageSize=,
 * answered by the module's own read for that user (the one the app's list calls), newest first;
 * an unknown user has an empty page.
 */
export function userRecordsRoute<R extends z.ZodType>(
  app: FastifyInstance,
  route: { url: string; summary: string; item: R },
  read: (userId: string, page: number, pageSize: number) => Promise<Page<z.input<R>>>,
): void {
  apiRoute(app, {
    method: 'GET',
    url: route.url,
    tag: 'ops',
    summary: route.summary,
    auth: { operator: 'support' },
    query: userPageQuerySchema,
    reply: pageSchemaOf(route.item),
    handler: ({ query }) => read(query.id, query.page, query.pageSize),
  });
}
