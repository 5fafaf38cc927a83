/**
 * What the operator calls of every module share (under /api/ops): the record id and reason rules,
 * and a decision — a POST by a finance operator that runs in one transaction with its audit row,
 * attributed to that operator. A module's operator plugin declares its calls with these.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { userPageQuerySchema } from '../../src/domain/ops-wire';
import type { Page } from '../../src/domain/wire';
import { pageSchemaOf } from '../../src/domain/wire-schemas';
import type { Tx } from '../db/client';
import { inTransaction } from '../db/transaction';
import type { AuditActor } from '../ledger/audit';
import { apiRoute } from './api-route';
import { operatorOf } from './auth';
import { DECISION, type Refusals } from './refusals';

// The inputs every decision shares are the console's too: src/domain/operators.ts.
export { recordIdInputSchema, rejectSchema } from '../../src/domain/operators';

/** A finance operator's decision on a record, in one transaction with its audit row; it refuses what every decision does (DECISION) and its own `refusals`. */
export function operatorDecision<B extends z.ZodType, R extends z.ZodType>(
  app: FastifyInstance,
  { refusals = {}, ...route }: { url: string; summary: string; body: B; reply: R; refusals?: Refusals },
  decide: (tx: Tx, input: z.output<B>, actor: AuditActor) => Promise<z.input<R>>,
): void {
  apiRoute<z.ZodType, undefined, z.ZodType>(app, {
    method: 'POST',
    tag: 'ops',
    auth: { operator: 'finance' },
    ...route,
    refusals: [DECISION, refusals],
    handler: ({ body, request }) =>
      inTransaction(app.deps.db, (tx) => decide(tx, body as z.output<B>, { operatorId: operatorOf(request).operatorId, at: app.deps.clock() })),
  });
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
