/** What the withdrawals service's parts share: the row and its wire record. */
import type { WithdrawalRecord } from '../../../src/domain/wire';
import { toDecimalString } from '../../../src/domain/money';
import { withdrawalOrderNo } from '../../../src/domain/orderNumbers';
import type { withdrawals } from '../../db/schema';

export type WithdrawalRow = typeof withdrawals.$inferSelect;

export function recordOf(row: WithdrawalRow): WithdrawalRecord {
  return {
    id: row.id,
    orderNo: withdrawalOrderNo(row.id),
    method: row.method,
    asset: row.asset,
    network: row.network,
    destination: row.destination,
    amount: toDecimalString(row.amount, row.asset),
    fee: toDecimalString(row.fee, row.asset),
    net: toDecimalString(row.amount - row.fee, row.asset),
    status: row.status,
    txReference: row.txReference,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
  };
}
