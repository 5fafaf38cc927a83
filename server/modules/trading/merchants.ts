/**
 * Merchant applications: a user asks to become a merchant; operators see the queue and approve
 * or reject with a reason the user reads, each decision in the caller's transaction with its
 * audit row. Approval makes the user a merchant (users.is_merchant), who may then post offers
 * and place orders.
 */
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../../src/domain/errors';
import type { MerchantApplicationStatus } from '../../../src/domain/trading';
import type { MerchantApplication, Page } from '../../../src/domain/wire';
import type { Db, Tx } from '../../db/client';
import { alreadyDecided } from '../../decided';
import { queuePageOf, type QueueRequest } from '../../db/pages';
import { merchantApplications, users } from '../../db/schema';
import { recordAudit } from '../../ledger/audit';
import { inTransaction } from '../../db/transaction';
import { applicationOf, type TradingDeps } from './rows';
import { applicationView } from './views';

export type OperatorMerchantApplication = MerchantApplication & { userId: string; username: string; nickname: string; operatorId: string | null };

export function listMerchantApplications(db: Db | Tx, request: QueueRequest<MerchantApplicationStatus>): Promise<Page<OperatorMerchantApplication>> {
  const select = db
    .select({ application: merchantApplications, username: users.username, nickname: users.nickname })
    .from(merchantApplications)
    .innerJoin(users, eq(users.id, merchantApplications.userId))
    .$dynamic();
  return queuePageOf(db, request, merchantApplications, select, (row) => ({
    ...applicationView(row.application),
    userId: row.application.userId,
    username: row.username,
    nickname: row.nickname,
    operatorId: row.application.operatorId,
  }));
}

export type DecidedMerchantApplication = MerchantApplication & { userId: string };

/** Approves (the user becomes a merchant) or rejects (with the reason shown to the user) a pending application. */
export async function decideMerchantApplication(
  tx: Tx,
  input: { id: number; approve: boolean; reason: string | null; operatorId: string; at: Date },
): Promise<DecidedMerchantApplication> {
  const reason = input.reason?.trim() ?? '';
  if (!input.approve && reason.length < 3) throw new AppError('ops.reasonRequired', 400);
  const [row] = await tx.select().from(merchantApplications).where(eq(merchantApplications.id, input.id)).for('update');
  if (!row) throw new AppError('record.notFound', 404);
  if (row.status !== 'pending') throw await alreadyDecided(tx, { operatorId: row.operatorId, at: row.decidedAt, status: row.status });
  const [decided] = await tx
    .update(merchantApplications)
    .set({ status: input.approve ? 'approved' : 'rejected', reason: input.approve ? null : reason, operatorId: input.operatorId, decidedAt: input.at })
    .where(eq(merchantApplications.id, row.id))
    .returning();
  if (input.approve) await tx.update(users).set({ isMerchant: true }).where(eq(users.id, row.userId));
  await recordAudit(tx, { operatorId: input.operatorId, at: input.at }, {
    action: input.approve ? 'merchant.approve' : 'merchant.reject',
    subject: `merchant_application:${row.id}`,
    userId: row.userId,
    reason: input.approve ? null : reason,
  });
  return { ...applicationView(decided), userId: row.userId };
}

/** The merchants' part of the trading service. */
export function merchantCalls({ db, clock }: TradingDeps) {
  return {
    /** The user's latest application to become a merchant, or null. */
    application: (userId: string) => applicationOf(db, userId),

    /** Asks to become a merchant: needs the payment password set; one application waits at a time. */
    async apply(userId: string) {
      return inTransaction(db, async (tx) => {
        const [user] = await tx
          .select({ isMerchant: users.isMerchant, hasPayPassword: sql<boolean>`${users.payPasswordHash} IS NOT NULL` })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        if (!user) throw new AppError('session.gone', 401);
        if (user.isMerchant) throw new AppError('merchant.alreadyMerchant', 409);
        if (!user.hasPayPassword) throw new AppError('payPassword.notSet', 400);
        const [waiting] = await tx
          .select({ id: merchantApplications.id })
          .from(merchantApplications)
          .where(and(eq(merchantApplications.userId, userId), eq(merchantApplications.status, 'pending')));
        if (waiting) throw new AppError('merchant.applicationPending', 409);
        const [row] = await tx.insert(merchantApplications).values({ userId, status: 'pending', createdAt: clock() }).returning();
        return applicationView(row);
      });
    },

    /** GET /ops/merchants: the applications, oldest first. */
    applications: (request: QueueRequest<MerchantApplicationStatus>) => listMerchantApplications(db, request),

    decide: decideMerchantApplication,
  };
}
