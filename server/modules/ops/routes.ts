/**
 * The operator API under /api/ops (docs/api.md, "Operators"): sign-in with password and TOTP,
 * the deposit and withdrawal queues and their decisions, balance corrections, settings, VIP
 * levels, deposit addresses, the audit trail and operator accounts. Every call but login needs
 * an operator session whose role allows it; decisions run in one transaction with their audit row.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../src/domain/errors';
import { deposits } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { apiRoute, noInput } from '../../http/api-route';
import { idempotencyKeyOf } from '../../http/idempotency';
import { byBodyField, byIp, DEFAULT_RATE_LIMITS, limitBy } from '../../http/rate-limits';
import { Refusal } from '../../http/refusal';
import { approveDeposit, depositAmountOf, listDeposits, rejectDeposit } from '../deposits/service';
import { proofStoreOf } from '../deposits/proof-store';
import type { MoneyContext } from '../money';
import { vipLevelTable } from '../vip/service';
import { approveWithdrawal, listWithdrawals, rejectWithdrawal } from '../withdrawals/service';
import { checkAdjustment, postAdjustment } from './adjustments';
import { listAudit } from './audit-log';
import { changeCoin, changeSetting, changeVipLevel, listCoins, listSettings } from './configuration';
import { createOperators, operatorOf, requireOperator } from './operators';
import {
  adjustmentSchema,
  auditQuerySchema,
  coinChangeSchema,
  depositApproveSchema,
  depositListSchema,
  depositProofSchema,
  opsLoginSchema,
  operatorCreateSchema,
  operatorDisableSchema,
  rejectSchema,
  settingChangeSchema,
  vipLevelChangeSchema,
  withdrawalApproveSchema,
  withdrawalListSchema,
} from './schemas';

const TAG = 'ops';

export async function opsRoutes(app: FastifyInstance, ctx: MoneyContext): Promise<void> {
  const { db, clock } = ctx;
  const ops = createOperators(db, clock);
  const proofs = proofStoreOf(ctx.config);
  app.decorateRequest('operator', null);
  const support = [requireOperator(ops, 'support')];
  const finance = [requireOperator(ops, 'finance')];
  const admin = [requireOperator(ops, 'admin')];

  apiRoute(app, {
    method: 'POST',
    url: '/login',
    tag: TAG,
    summary: 'Operator sign-in with password and a current TOTP code ({ token, expiresAt }, 8 h)',
    description:
      'No code: 400 ops.totpRequired. Wrong name or password: 401 ops.loginFailed. Wrong or already used code: 401 ops.totpWrong. ' +
      'Five failures in 15 minutes lock the name for 15 minutes (429 login.locked).',
    body: opsLoginSchema,
    preHandler: [
      limitBy(app, 'ops-login-ip', DEFAULT_RATE_LIMITS.loginsPerIp, byIp),
      limitBy(app, 'ops-login-name', DEFAULT_RATE_LIMITS.loginsPerAccount, byBodyField('username')),
    ],
    handler: ({ body }) => ops.login(body),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/logout',
    tag: TAG,
    summary: 'End the operator session',
    auth: 'required',
    body: noInput,
    preHandler: support,
    handler: ({ request }) => ops.logout(operatorOf(request)),
  });

  // ---- deposits --------------------------------------------------------------------------------

  apiRoute(app, {
    method: 'GET',
    url: '/deposits',
    tag: TAG,
    summary: 'Deposit requests with their user (support), oldest first',
    auth: 'required',
    query: depositListSchema,
    preHandler: support,
    handler: ({ query }) => listDeposits(db, query),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/deposits/proof',
    tag: TAG,
    summary: 'The payment proof image of a deposit (support); the image itself, not the envelope',
    auth: 'required',
    query: depositProofSchema,
    preHandler: support,
    raw: true,
    handler: async ({ query, reply }) => {
      const [row] = await db.select({ proof: deposits.proof }).from(deposits).where(eq(deposits.id, query.id)).limit(1);
      const image = row ? await proofs.read(row.proof) : null;
      if (!image) throw new AppError('record.notFound', 404);
      // Someone's bank or wallet details: never kept by a browser or a proxy.
      reply.header('cache-control', 'no-store').type(image.mime);
      return image.bytes;
    },
  });

  apiRoute(app, {
    method: 'POST',
    url: '/deposits/approve',
    tag: TAG,
    summary: 'Approve a processing deposit, optionally crediting a different amount with a reason (finance)',
    auth: 'required',
    body: depositApproveSchema,
    preHandler: finance,
    handler: ({ body, request }) => {
      const operatorId = operatorOf(request).operatorId;
      return inTransaction(db, async (tx) => {
        let amount: bigint | undefined;
        if (body.amount !== undefined) {
          const [row] = await tx.select({ asset: deposits.asset, amount: deposits.amount }).from(deposits).where(eq(deposits.id, body.id));
          if (!row) throw new AppError('record.notFound', 404);
          amount = depositAmountOf(body.amount, row.asset);
          // The user and the audit log must read why a different amount arrived.
          if (amount !== row.amount && !body.reason) throw new Refusal('ops.reasonRequired', 400, { field: 'reason' });
        }
        return approveDeposit(tx, { id: body.id, operatorId, amount, reason: body.reason ?? null, at: clock() });
      });
    },
  });

  apiRoute(app, {
    method: 'POST',
    url: '/deposits/reject',
    tag: TAG,
    summary: 'Reject a processing deposit with a reason the user reads (finance)',
    auth: 'required',
    body: rejectSchema,
    preHandler: finance,
    handler: ({ body, request }) =>
      inTransaction(db, (tx) => rejectDeposit(tx, { id: body.id, operatorId: operatorOf(request).operatorId, reason: body.reason, at: clock() })),
  });

  // ---- withdrawals -----------------------------------------------------------------------------

  apiRoute(app, {
    method: 'GET',
    url: '/withdrawals',
    tag: TAG,
    summary: 'Withdrawal requests with their user (support), oldest first',
    auth: 'required',
    query: withdrawalListSchema,
    preHandler: support,
    handler: ({ query }) => listWithdrawals(db, query),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/withdrawals/approve',
    tag: TAG,
    summary: 'Mark a processing withdrawal paid, with the payout transaction reference (finance)',
    auth: 'required',
    body: withdrawalApproveSchema,
    preHandler: finance,
    handler: ({ body, request }) =>
      inTransaction(db, (tx) =>
        approveWithdrawal(tx, { id: body.id, operatorId: operatorOf(request).operatorId, txReference: body.txReference, at: clock() }),
      ),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/withdrawals/reject',
    tag: TAG,
    summary: 'Cancel a processing withdrawal, releasing the held amount, with a reason (finance)',
    auth: 'required',
    body: rejectSchema,
    preHandler: finance,
    handler: ({ body, request }) =>
      inTransaction(db, (tx) => rejectWithdrawal(tx, { id: body.id, operatorId: operatorOf(request).operatorId, reason: body.reason, at: clock() })),
  });

  // ---- corrections -----------------------------------------------------------------------------

  apiRoute(app, {
    method: 'POST',
    url: '/adjustments',
    tag: TAG,
    summary: "Correct a user's available balance by a signed amount, with a reason (finance)",
    description:
      'A ledger transfer between the platform adjustments account and the user; a debit beyond the balance: balance.insufficient. ' +
      'Takes an Idempotency-Key like every money call: a retry with the same key and body posts once.',
    auth: 'required',
    body: adjustmentSchema,
    preHandler: finance,
    handler: async ({ body, request }) => {
      const key = idempotencyKeyOf(request);
      const operatorId = operatorOf(request).operatorId;
      const adjustment = await checkAdjustment(db, { ...body, operatorId, at: clock() });
      // Kept with the user's keys (their account is what it moves), apart from theirs by the operator's id.
      const scope = { userId: adjustment.user.id, key: `ops:${operatorId}:${key}`, route: 'POST /api/ops/adjustments', input: body };
      return ctx.services.idempotency.run(scope, (tx) => postAdjustment(tx, adjustment));
    },
  });

  // ---- configuration ---------------------------------------------------------------------------

  apiRoute(app, {
    method: 'GET',
    url: '/settings',
    tag: TAG,
    summary: 'Settings and their values (support)',
    auth: 'required',
    query: noInput,
    preHandler: support,
    handler: () => listSettings(db),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/settings',
    tag: TAG,
    summary: 'Change a setting, checked by its rule (admin)',
    auth: 'required',
    body: settingChangeSchema,
    preHandler: admin,
    handler: ({ body, request }) => changeSetting(db, { ...body, operatorId: operatorOf(request).operatorId, at: clock() }),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/vip_levels',
    tag: TAG,
    summary: 'The VIP level table (support)',
    auth: 'required',
    query: noInput,
    preHandler: support,
    handler: () => vipLevelTable(db),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/vip_levels',
    tag: TAG,
    summary: 'Change a VIP level or add the next one (admin)',
    auth: 'required',
    body: vipLevelChangeSchema,
    preHandler: admin,
    handler: ({ body, request }) => changeVipLevel(db, { ...body, operatorId: operatorOf(request).operatorId, at: clock() }),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/coins',
    tag: TAG,
    summary: 'Deposit options with their addresses and bank account (support)',
    auth: 'required',
    query: noInput,
    preHandler: support,
    handler: () => listCoins(db),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/coins',
    tag: TAG,
    summary: 'Change the deposit address(es) or bank account of a deposit option (admin)',
    auth: 'required',
    body: coinChangeSchema,
    preHandler: admin,
    handler: ({ body, request }) => changeCoin(db, { ...body, operatorId: operatorOf(request).operatorId, at: clock() }),
  });

  // ---- audit and operators ---------------------------------------------------------------------

  apiRoute(app, {
    method: 'GET',
    url: '/audit',
    tag: TAG,
    summary: 'The audit log, newest first, optionally of one user or action (support)',
    auth: 'required',
    query: auditQuerySchema,
    preHandler: support,
    handler: ({ query }) => listAudit(db, query),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/operators',
    tag: TAG,
    summary: 'Create an operator; its TOTP secret and otpauth:// URL are shown this once (admin)',
    auth: 'required',
    body: operatorCreateSchema,
    preHandler: admin,
    handler: ({ body, request }) => ops.create(operatorOf(request), body),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/operators/disable',
    tag: TAG,
    summary: 'Disable an operator and end its sessions (admin)',
    auth: 'required',
    body: operatorDisableSchema,
    preHandler: admin,
    handler: ({ body, request }) => ops.disable(operatorOf(request), body),
  });
}
