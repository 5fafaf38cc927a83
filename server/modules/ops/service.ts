/**
 * The operators' own service, built once (app.services.ops): the settings, VIP levels and deposit
 * addresses they read and change, balance corrections (with four eyes above a threshold) and the
 * audit trail. Operator accounts and
 * sessions are app.services.operators (operators.ts).
 */
import type { Db, Tx } from '../../db/client';
import type { AuditActor } from '../../ledger/audit';
import { checkAdjustment, type AdjustmentInput, type CheckedAdjustment } from './adjustments';
import type { ProposalStatus } from '../../../src/domain/ops-wire';
import { approveProposal, correct, listProposals, refuseProposal } from './proposals';
import { sql } from 'drizzle-orm';
import { queueLengthOf, type QueueRequest } from '../../db/pages';
import { exportAudit, listAudit, type AuditFilter } from './audit-log';
import { changeCoin, changeSetting, changeVipLevel, listCoins, listSettings, type CoinChange, type VipLevelChange } from './configuration';
import { vipLevelTable } from '../vip';

export function createOps(db: Db) {
  return {
    settings: () => listSettings(db),
    changeSetting: (input: Parameters<typeof changeSetting>[1]) => changeSetting(db, input),
    vipLevels: () => vipLevelTable(db),
    changeVipLevel: (input: VipLevelChange) => changeVipLevel(db, input),
    coins: () => listCoins(db),
    changeCoin: (input: CoinChange) => changeCoin(db, input),
    /** A correction checked before its key's transaction (the user, the amount, the asset). */
    checkAdjustment: (input: AdjustmentInput) => checkAdjustment(db, input),
    /** The correction's posting — or, above the four-eyes threshold, its proposal — and audit row, inside its key's transaction. */
    correct: (tx: Tx, adjustment: CheckedAdjustment) => correct(tx, adjustment),
    /** GET /ops/adjustments/proposals. */
    proposals: (request: QueueRequest<ProposalStatus>) => listProposals(db, request),
    /** GET /ops/queues: the corrections waiting for a second operator, and since when. */
    proposalsWaiting: () => queueLengthOf(db, 'adjustment_proposals', sql`status = 'pending'`),
    approveProposal: (id: number, actor: AuditActor) => approveProposal(db, id, actor),
    refuseProposal: (input: { id: number; reason: string }, actor: AuditActor) => refuseProposal(db, input, actor),
    audit: (options: Parameters<typeof listAudit>[1]) => listAudit(db, options),
    /** GET /ops/audit/export: the same filters as CSV. */
    auditCsv: (filter: AuditFilter, limit: number) => exportAudit(db, filter, limit),
  };
}

