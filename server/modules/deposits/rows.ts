/** What the deposits service's parts share: the row, its wire record and the columns they are read with. */
import { toDecimalString } from '../../../src/domain/money';
import { depositOrderNo } from '../../../src/domain/orderNumbers';
import type { DepositRecord } from '../../../src/domain/wire';
import { coins, deposits } from '../../db/schema';

export type DepositRow = typeof deposits.$inferSelect;

/** The wire record of a row (its coin's name joined). */
export function recordOf(row: DepositRow, coin: string): DepositRecord {
  return {
    id: row.id,
    orderNo: depositOrderNo(row.id),
    coin,
    network: row.network,
    asset: row.asset,
    amount: toDecimalString(row.amount, row.asset),
    address: row.address,
    reference: row.reference,
    status: row.status,
    bonus: row.bonus === null ? null : toDecimalString(row.bonus, row.asset),
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
  };
}

export const depositColumns = { deposit: deposits, coin: coins.name };
