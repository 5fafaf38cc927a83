/**
 * Withdrawals (docs/api.md, "Money calls"): USDT to a TRC20 or ERC20 address, or EUR to the bound
 * bank account. The service is built once (app.services.withdrawals) from its parts: requests.ts
 * (what each method costs, the request with its hold, the user's records) and decisions.ts (the
 * operator's queue and decisions).
 */
import type { WithdrawalStatus } from '../../../src/domain/ledger';
import type { Db } from '../../db/client';
import { sql } from 'drizzle-orm';
import { queueLengthOf, type QueueRequest } from '../../db/pages';
import { approveWithdrawal, listWithdrawals, rejectWithdrawal } from './decisions';
import { placeWithdrawal, withdrawalReads, withdrawalsOf, withdrawInfo } from './requests';

export function createWithdrawals(db: Db) {
  return {
    /** POST /wallet/get_info. */
    info: (userId: string) => withdrawInfo(db, userId),
    /** POST /wallet/out's reads, sent with the payment's claim. */
    reads: withdrawalReads,
    /** POST /wallet/out, inside the payment's transaction, from its reads. */
    place: placeWithdrawal,
    /** GET /user/withdraw/list. */
    records: (userId: string, page: number, pageSize: number) => withdrawalsOf(db, userId, page, pageSize),
    /** GET /ops/withdrawals. */
    queue: (request: QueueRequest<WithdrawalStatus>) => listWithdrawals(db, request),
    /** GET /ops/queues: the withdrawals awaiting payment and since when the oldest waits. */
    waiting: () => queueLengthOf(db, 'withdrawals', sql`status = 'processing'`),
    approve: approveWithdrawal,
    reject: rejectWithdrawal,
  };
}

