/**
 * The operator API's own calls under /api/ops (docs/api.md, "Operators"): balance corrections
 * (proposed above the four-eyes threshold, approved by another), settings, VIP levels, deposit
 * addresses, the audit trail, the queues' lengths and operator accounts. Every call needs an
 * operator session whose role allows it; every
 * change is written with its audit row. Decisions on a module's records (deposits, withdrawals,
 * merchant applications, loans, pledge products, news) are that module's operator plugin; signing
 * in and the operator's own sessions are session-routes.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { operatorQueues } from './queues';
import {
  AUDIT_EXPORT_MAX_ROWS,
  adjustmentReplySchema,
  adjustmentSchema,
  approvedProposalSchema,
  auditEntrySchema,
  auditFilterSchema,
  auditQuerySchema,
  coinAddressesSchema,
  coinChangeSchema,
  createdOperatorSchema,
  disabledOperatorSchema,
  operatorCreateSchema,
  operatorDisableSchema,
  operatorEntrySchema,
  operatorRoleChangeSchema,
  proposalListSchema,
  proposalRefuseSchema,
  proposalSchema,
  queueLengthSchema,
  settingChangeSchema,
  settingEntrySchema,
  vipLevelChangeSchema,
} from '../../../src/domain/ops-wire';
import { pageSchemaOf, vipLevelSchema } from '../../../src/domain/wire-schemas';
import { apiRoute, noInput } from '../../http/api-route';
import { operatorOf, type OperatorViewer } from '../../http/auth';
import { idempotencyKeyOf } from '../../http/idempotency';
import { recordIdInputSchema } from '../../http/operator-calls';
import { DECISION, IDEMPOTENT, NOT_FOUND, type Refusals } from '../../http/refusals';
import { AppError } from '../../../src/domain/errors';
import { inTransaction } from '../../db/transaction';
import { recordAudit } from '../../ledger/audit';

const TAG = 'ops';

export async function opsModule(app: FastifyInstance): Promise<void> {
  const { clock } = app.deps;
  const { operators: ops, ops: desk } = app.services;
  const support = { operator: 'support' } as const;
  const finance = { operator: 'finance' } as const;
  const admin = { operator: 'admin' } as const;

  /** A POST that acts as the signed-in operator on its body. */
  function operatorCall<B extends z.ZodType, R extends z.ZodType>(
    auth: { operator: 'finance' | 'admin' },
    route: { url: string; summary: string; body: B; reply: R; refusals?: Refusals },
    act: (input: z.output<B>, operator: OperatorViewer) => Promise<z.input<R>>,
  ): void {
    apiRoute<z.ZodType, undefined, z.ZodType>(app, {
      method: 'POST',
      tag: TAG,
      auth,
      ...route,
      handler: ({ body: input, request }) => act(input as z.output<B>, operatorOf(request)),
    });
  }

  /** A configuration table, listed by support: GET `url` answers its entries. */
  function configurationList<R extends z.ZodType>(url: string, summary: string, item: R, list: () => Promise<z.input<R>[]>): void {
    apiRoute(app, { method: 'GET', url, tag: TAG, summary, auth: support, query: noInput, reply: item.array(), handler: () => list() });
  }

  /** A change to one entry of a configuration table, by an admin: POST `url` answers the entry as changed. */
  function configurationChange<B extends z.ZodType, R extends z.ZodType>(
    url: string,
    summary: string,
    item: R,
    body: B,
    change: (input: z.output<B> & { operatorId: string; at: Date }) => Promise<z.input<R>>,
    refusals: Refusals = { 400: ['ops.settingInvalid'] },
  ): void {
    operatorCall(admin, { url, summary, body, reply: item, refusals }, (input, operator) =>
      change({ ...(input as z.output<B> & object), operatorId: operator.operatorId, at: clock() }),
    );
  }

  // ---- corrections -----------------------------------------------------------------------------

  apiRoute(app, {
    method: 'POST',
    url: '/adjustments',
    tag: TAG,
    summary: "Correct a user's available balance by a signed amount, with a reason (finance); above the four-eyes threshold, propose it",
    description:
      'A ledger transfer between the platform adjustments account and the user (outcome "posted"); a debit beyond the balance: balance.insufficient. ' +
      'Above the admin\'s threshold for the asset (settings adjustment_four_eyes_usdt / _eur, in absolute amount) nothing is posted: ' +
      'the reply is outcome "proposed" with the pending proposal, which another finance operator approves. ' +
      'Takes an Idempotency-Key like every money call: a retry with the same key and body posts (or proposes) once.',
    auth: finance,
    body: adjustmentSchema,
    reply: adjustmentReplySchema,
    refusals: [IDEMPOTENT, NOT_FOUND, { 400: ['amount.invalid', 'amount.tooLarge', 'balance.insufficient'] }],
    handler: async ({ body, request }) => {
      const key = idempotencyKeyOf(request);
      const { operatorId, username: operatorName } = operatorOf(request);
      const adjustment = await desk.checkAdjustment({ ...body, operatorId, operatorName, at: clock() });
      // Kept with the account it moves, in the operator's own namespace: no user key can meet it.
      const scope = { userId: adjustment.user.id, caller: `operator:${operatorId}`, key, route: 'POST /api/ops/adjustments', input: body };
      return app.services.idempotency.run(scope, (tx) => desk.correct(tx, adjustment));
    },
  });

  apiRoute(app, {
    method: 'GET',
    url: '/adjustments/proposals',
    tag: TAG,
    summary: 'Corrections proposed above the four-eyes threshold, by status (all when absent), oldest first (support)',
    auth: support,
    query: proposalListSchema,
    reply: pageSchemaOf(proposalSchema),
    handler: ({ query }) => desk.proposals(query),
  });

  operatorCall(
    finance,
    {
      url: '/adjustments/proposals/approve',
      summary: 'Approve a proposed correction: it posts now (finance; never its maker)',
      body: recordIdInputSchema,
      reply: approvedProposalSchema,
      refusals: { 400: ['balance.insufficient'], 403: ['ops.ownProposal'], 404: ['record.notFound'], 409: ['ops.alreadyDecided'] },
    },
    (input, operator) => desk.approveProposal(input.id, { operatorId: operator.operatorId, at: clock() }),
  );

  operatorCall(
    finance,
    {
      url: '/adjustments/proposals/refuse',
      summary: 'Refuse a proposed correction with a reason; nothing is posted (finance; its maker may withdraw it so)',
      body: proposalRefuseSchema,
      reply: proposalSchema,
      refusals: DECISION,
    },
    (input, operator) => desk.refuseProposal(input, { operatorId: operator.operatorId, at: clock() }),
  );

  // ---- configuration ---------------------------------------------------------------------------

  configurationList('/settings', 'Settings and their values (support)', settingEntrySchema, desk.settings);
  configurationChange('/settings', 'Change a setting, checked by its rule (admin)', settingEntrySchema, settingChangeSchema, desk.changeSetting);
  configurationList('/vip_levels', 'The VIP level table (support)', vipLevelSchema, desk.vipLevels);
  configurationChange('/vip_levels', 'Change a VIP level or add the next one (admin)', vipLevelSchema, vipLevelChangeSchema, desk.changeVipLevel);
  configurationList('/coins', 'Deposit options with their addresses and bank account (support)', coinAddressesSchema, desk.coins);
  configurationChange(
    '/coins',
    'Change the deposit address(es) or bank account of a deposit option (admin)',
    coinAddressesSchema,
    coinChangeSchema,
    desk.changeCoin,
    { 400: ['ops.settingInvalid', 'coin.invalid'] },
  );

  // ---- queues ----------------------------------------------------------------------------------

  const queues = operatorQueues(app);

  apiRoute(app, {
    method: 'GET',
    url: '/queues',
    tag: TAG,
    summary: "Each operators' queue: how many wait and since when the oldest has waited (support)",
    auth: support,
    query: noInput,
    reply: queueLengthSchema.array(),
    handler: queues,
  });

  // ---- audit and operators ---------------------------------------------------------------------

  apiRoute(app, {
    method: 'GET',
    url: '/audit',
    tag: TAG,
    summary: 'The audit log, newest first, optionally of one user or action (support)',
    auth: support,
    query: auditQuerySchema,
    reply: pageSchemaOf(auditEntrySchema),
    handler: ({ query }) => desk.audit(query),
  });

  // ---- the embedded database's copy -----------------------------------------------------------

  apiRoute(app, {
    method: 'POST',
    url: '/backup',
    tag: TAG,
    summary: 'A consistent copy of the embedded database while it serves, as a gzip tar of its data folder (admin, audited); the file itself, not the envelope',
    description:
      'Taken between two transactions: requests wait for it (about half a second for the demo data) and nothing is half-written in it. ' +
      '`npm run ops -- restore FILE` opens it in a fresh DATA_DIR and checks its ledger. On PostgreSQL the copy is pg_dump (`npm run ops -- backup`): ops.backupOnPostgres.',
    auth: admin,
    body: noInput,
    raw: { mediaTypes: ['application/gzip'] },
    refusals: { 409: ['ops.backupOnPostgres'] },
    handler: async ({ request, reply }) => {
      const copy = app.deps.copyDatabase;
      if (!copy) throw new AppError('ops.backupOnPostgres', 409);
      const started = performance.now();
      const bytes = await copy();
      const at = clock();
      const milliseconds = Math.round(performance.now() - started);
      await inTransaction(app.deps.db, (tx) =>
        recordAudit(tx, { operatorId: operatorOf(request).operatorId, at }, { action: 'database.backup', subject: 'database', details: { bytes: bytes.byteLength, milliseconds } }),
      );
      const name = `tessera-${at.toISOString().slice(0, 19).replaceAll(':', '')}Z.tar.gz`;
      reply.header('cache-control', 'no-store').header('content-disposition', `attachment; filename="${name}"`).type('application/gzip');
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
  });

  apiRoute(app, {
    method: 'GET',
    url: '/audit/export',
    tag: TAG,
    summary: `The audit log with the same filters as CSV, newest first, at most ${AUDIT_EXPORT_MAX_ROWS} rows (support); the file itself, not the envelope`,
    description: 'A cell a spreadsheet would run as a formula (=, +, -, @ first) is written with a leading apostrophe.',
    auth: support,
    query: auditFilterSchema,
    raw: { mediaTypes: ['text/csv'] },
    handler: async ({ query, reply }) => {
      const csv = await desk.auditCsv(query, AUDIT_EXPORT_MAX_ROWS);
      const day = clock().toISOString().slice(0, 10);
      reply.header('cache-control', 'no-store').header('content-disposition', `attachment; filename="tessera-audit-${day}.csv"`).type('text/csv; charset=utf-8');
      return csv;
    },
  });

  apiRoute(app, {
    method: 'GET',
    url: '/operators',
    tag: TAG,
    summary: 'The operator accounts with their role, state and last use (support: the audit is filtered by them)',
    auth: support,
    query: noInput,
    reply: operatorEntrySchema.array(),
    handler: () => ops.list(),
  });

  operatorCall(
    admin,
    {
      url: '/operators/role',
      summary: "Change an operator's role, with a reason (admin); the last enabled admin keeps theirs",
      body: operatorRoleChangeSchema,
      reply: operatorEntrySchema,
      refusals: { 404: ['record.notFound'], 409: ['ops.lastAdmin'] },
    },
    (input, operator) => ops.changeRole(operator, input),
  );

  operatorCall(
    admin,
    {
      url: '/operators',
      summary: 'Create an operator; its TOTP secret and otpauth:// URL are shown this once (admin)',
      body: operatorCreateSchema,
      reply: createdOperatorSchema,
      refusals: { 400: ['password.tooShort', 'password.tooLong'], 409: ['username.taken'] },
    },
    (input, operator) => ops.create(operator, input),
  );

  operatorCall(
    admin,
    {
      url: '/operators/disable',
      summary: 'Disable an operator and end its sessions (admin); the last enabled admin stays',
      body: operatorDisableSchema,
      reply: disabledOperatorSchema,
      refusals: { 404: ['record.notFound'], 409: ['ops.lastAdmin'] },
    },
    (input, operator) => ops.disable(operator, input),
  );
}
