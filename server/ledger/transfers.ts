/**
 * The only writer of balances: a transfer moves an amount of one asset from a debit account to a
 * credit account, inside the caller's database transaction (the one that writes the business row).
 * One statement updates both balances and records the transfer; the debit row's lock serialises
 * concurrent postings on an account, and the "enough funds" test is part of the same UPDATE, so
 * two withdrawals can never both spend the same money. The CHECK constraint on ledger_accounts
 * stands behind it.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { TransferKind } from '../../src/domain/ledger';
import { AppError } from '../../src/domain/errors';
import type { Asset } from '../../src/domain/money';
import type { Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import type { AccountRef } from './accounts';

export interface TransferInput {
  debit: AccountRef;
  credit: AccountRef;
  asset: Asset;
  /** Minor units, > 0. */
  amount: bigint;
  kind: TransferKind;
  /** The business row, e.g. "deposit:42". */
  reference: string;
  /** Unique per business event, e.g. "deposit:42:credit". */
  idempotencyKey: string;
  reason?: string | null;
  operatorId?: string | null;
  at: Date;
}

function accountId(ref: AccountRef, asset: Asset): SQL {
  return 'platform' in ref
    ? sql`(SELECT id FROM ledger_accounts WHERE owner_kind = 'platform' AND purpose = ${ref.platform} AND asset = ${asset})`
    : sql`(SELECT id FROM ledger_accounts WHERE owner_kind = 'user' AND user_id = ${ref.userId} AND purpose = ${ref.purpose} AND asset = ${asset})`;
}

/** Posts one transfer; refuses with balance.insufficient when a user debit account lacks the amount. */
export async function postTransfer(tx: Tx, input: TransferInput): Promise<number> {
  if (input.amount <= 0n) throw new Error(`transfer amount must be positive, got ${input.amount}`);
  const amount = input.amount.toString();
  const rows = await rowsOf<{ id: string | number }>(
    tx,
    sql`WITH debit AS (
          UPDATE ledger_accounts SET balance = balance - ${amount}::bigint
          WHERE id = ${accountId(input.debit, input.asset)}
            AND (owner_kind = 'platform' OR balance >= ${amount}::bigint)
          RETURNING id
        ), credit AS (
          UPDATE ledger_accounts SET balance = balance + ${amount}::bigint
          WHERE id = ${accountId(input.credit, input.asset)} AND EXISTS (SELECT 1 FROM debit)
          RETURNING id
        )
        INSERT INTO ledger_transfers
          (asset, amount, debit_account_id, credit_account_id, kind, reference, idempotency_key, reason, operator_id, created_at)
        SELECT ${input.asset}, ${amount}::bigint, debit.id, credit.id, ${input.kind}, ${input.reference},
               ${input.idempotencyKey}, ${input.reason ?? null}, ${input.operatorId ?? null}, ${input.at.toISOString()}::timestamptz
        FROM debit, credit
        RETURNING id`,
  );
  if (rows.length === 0) throw new AppError('balance.insufficient', 400);
  return Number(rows[0].id);
}
