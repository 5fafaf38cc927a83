/**
 * Deposits (docs/api.md, "Money calls"): the user tells us what they paid, where, and shows a
 * proof; an operator approves or rejects. The service is built once (app.services.deposits) from
 * its parts: requests.ts (where to pay, the request, the user's records) and decisions.ts (the
 * operator's queue, the proof and the decisions).
 */
import type { DepositStatus, UsdtNetwork } from '../../../src/domain/ledger';
import type { Db } from '../../db/client';
import { sql } from 'drizzle-orm';
import { queueLengthOf, type QueueRequest } from '../../db/pages';
import { approveDepositAs, listDeposits, previewApproval, proofNameOf, rejectDeposit } from './decisions';
import { createDeposit, depositAddress, depositsOf, depositTarget } from './requests';

export function createDeposits(db: Db) {
  return {
    /** The option a user chose, checked (before the upload is read). */
    target: (coinId: number, network: UsdtNetwork | undefined) => depositTarget(db, coinId, network),
    /** POST /wallet/get_in_address. */
    address: (userId: string, coinId: number, network: UsdtNetwork | undefined) => depositAddress(db, userId, coinId, network),
    /** POST /wallet/charge_req, inside the idempotency key's transaction. */
    create: createDeposit,
    /** GET /recharge/log. */
    records: (userId: string, page: number, pageSize: number) => depositsOf(db, userId, page, pageSize),
    /** GET /ops/deposits. */
    queue: (request: QueueRequest<DepositStatus>) => listDeposits(db, request),
    /** GET /ops/queues: the deposits awaiting a decision and since when the oldest waits. */
    waiting: () => queueLengthOf(db, 'deposits', sql`status = 'processing'`),
    /** The stored name of a deposit's proof image, or null. */
    proofName: (id: number) => proofNameOf(db, id),
    /** GET /ops/deposits/preview: what approving would post now. */
    preview: (input: { id: number; amount?: string }) => previewApproval(db, input),
    approve: approveDepositAs,
    reject: rejectDeposit,
  };
}

