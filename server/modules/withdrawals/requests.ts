/**
 * Withdrawals (docs/api.md, "Money calls"): USDT to a TRC20 or ERC20 address, or EUR to the bound
 * bank account; either to an entry of the address book instead (address-book.ts: its cooling-off
 * and its lock are checked here, in the withdrawal's transaction). The amount includes the fee. At request the whole amount moves from available to
 * held in the same transaction as the record, so the money cannot be spent twice; an operator
 * then pays it out (held → platform withdrawals and fees) or cancels it (held → available).
 */
import { desc, eq } from 'drizzle-orm';
import { AppError } from '../../../src/domain/errors';
import { toDecimalString, type Asset } from '../../../src/domain/money';
import { type WithdrawInput } from '../../../src/domain/payments';
import type { Page, WithdrawalRecord, WithdrawInfoReply, WithdrawMethodInfo } from '../../../src/domain/wire';
import { tablePageOf } from '../../db/pages';
import type { Db, Tx } from '../../db/client';
import { allInOrder, nextIdOf } from '../../db/pipeline';
import { fixedStatement, tableRowOf } from '../../db/rows';
import { withdrawals } from '../../db/schema';
import { amountOrRefusal, Refusal } from '../../errors';
import { balanceOf } from '../../ledger/accounts';
import { postTransfer } from '../../ledger/transfers';
import { recordOf } from './rows';
import { bankBindingOf, bankDestinationOf } from '../banking';
import { bookedDestination, bookReadOf } from './address-book';
import { withdrawalLimits } from '../settings';

const CRYPTO_NETWORKS = ['TRC20', 'ERC20'];

/** A withdrawal's record, written once (db/rows.ts fixedStatement): amounts as text, the time the server's. */
const INSERT_WITHDRAWAL = fixedStatement<Record<string, unknown>>(
  `INSERT INTO withdrawals (id, user_id, method, asset, network, destination, amount, fee, status, created_at)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'processing', $9) RETURNING *`,
);
const withdrawalRow = tableRowOf(withdrawals);

/** An amount for messages: "10", "1.5" — the asset's precision without trailing zeros. */
function plainAmount(minor: bigint, asset: Asset): string {
  return toDecimalString(minor, asset).replace(/\.?0+$/, '');
}

/** The request without its payment password (checked before, never kept). */
export type WithdrawalRequest = WithdrawInput extends infer Input ? (Input extends unknown ? Omit<Input, 'payPassword' | 'secondFactor'> : never) : never;

function assetOfMethod(method: WithdrawInput['method']): Asset {
  return method === 'crypto' ? 'USDT' : 'EUR';
}

/** POST /wallet/get_info: what each method takes, costs and can pay out now. */
export async function withdrawInfo(db: Db, userId: string): Promise<WithdrawInfoReply> {
  const methodInfo = async (method: WithdrawInput['method']): Promise<WithdrawMethodInfo> => {
    const asset = assetOfMethod(method);
    const [limits, available] = await Promise.all([withdrawalLimits(db, asset), balanceOf(db, userId, asset, 'available')]);
    return {
      method,
      asset,
      networks: method === 'crypto' ? [...CRYPTO_NETWORKS] : [],
      minimum: toDecimalString(limits.minimum, asset),
      fee: toDecimalString(limits.fee, asset),
      available: toDecimalString(available, asset),
    };
  };
  const [crypto, bank, binding] = await Promise.all([methodInfo('crypto'), methodInfo('bank'), bankBindingOf(db, userId)]);
  return { methods: [crypto, bank], bank: binding };
}

/** What a withdrawal reads before its checks (withdrawalReads), and the record's id taken. */
export interface WithdrawalReads {
  book: Awaited<ReturnType<typeof bookReadOf>>;
  binding: Awaited<ReturnType<typeof bankBindingOf>> | null;
  limits: Awaited<ReturnType<typeof withdrawalLimits>>;
  id: number;
}

/**
 * A withdrawal's reads, sent with the key's claim and the payment password's reads
 * (http/paid-call.ts FirstReads: one round trip for all): that withdrawals are open (`open`: no
 * pause after a security change; its refusal reaches the work), the address book's lock and the
 * entry named, the bound account when it is what the money goes to, the limits, and the record's id.
 */
export function withdrawalReads(tx: Tx, userId: string, input: WithdrawalRequest, open: () => Promise<void>): Promise<WithdrawalReads> {
  const asset = assetOfMethod(input.method);
  return Promise.all([
    open(),
    bookReadOf(tx, userId, input.method, input.entryId),
    input.method === 'bank' && input.entryId === undefined ? bankBindingOf(tx, userId) : null,
    withdrawalLimits(tx, asset),
    nextIdOf(tx, 'withdrawals'),
  ]).then(([, book, binding, limits, id]) => ({ book, binding, limits, id }));
}

/**
 * Places a withdrawal inside the caller's transaction (the idempotency key's) from what
 * withdrawalReads found: the checks, the record and the hold. Refusals are thrown before anything
 * is written, or roll it back.
 */
export async function placeWithdrawal(tx: Tx, userId: string, input: WithdrawalRequest, at: Date, reads: WithdrawalReads): Promise<WithdrawalRecord> {
  const asset = assetOfMethod(input.method);
  const amount = amountOrRefusal(input.amount, asset);
  const { book, binding, id } = reads;
  const { minimum, fee } = reads.limits;
  const booked = bookedDestination(book, input.entryId, at);
  let network: string | null = null;
  let destination: string;
  if (booked) {
    ({ network, destination } = booked);
  } else if (input.method === 'bank') {
    if (!binding) throw new Refusal('bank.required', 400);
    destination = bankDestinationOf(binding);
  } else {
    // The schema gives a typed address its network (or an entry, handled above).
    if (!input.network || !input.address) throw new Refusal('request.invalid', 400);
    network = input.network;
    destination = input.address;
  }
  if (amount < minimum) {
    throw new Refusal('withdraw.belowMinimum', 400, { params: { min: plainAmount(minimum, asset), asset }, field: 'amount' });
  }
  if (amount <= fee) {
    throw new Refusal('withdraw.notAboveFee', 400, { params: { fee: plainAmount(fee, asset), asset }, field: 'amount' });
  }

  // The record and its hold in one round trip as well: the hold names the record by the id taken
  // above. Should the hold be refused, the transaction (and the record with it) rolls back.
  const recorded = INSERT_WITHDRAWAL(tx, [id, userId, input.method, asset, network, destination, String(amount), String(fee), at.toISOString()]);
  const held = postTransfer(tx, {
    debit: { userId, purpose: 'available' },
    credit: { userId, purpose: 'held' },
    asset,
    amount,
    kind: 'withdrawal_hold',
    reference: `withdrawal:${id}`,
    idempotencyKey: `withdrawal:${id}:hold`,
    at,
  }).catch((error: unknown) => {
    // The record goes with the transaction; the refusal names the field to correct.
    if (error instanceof AppError && error.key === 'balance.insufficient') throw new Refusal('balance.insufficient', 400, { field: 'amount' });
    throw error;
  });
  const [[row]] = await allInOrder([recorded, held]);
  return recordOf(withdrawalRow(row));
}

/** GET /user/withdraw/list: the user's withdrawals, newest first. */
export async function withdrawalsOf(db: Db, userId: string, page: number, pageSize: number): Promise<Page<WithdrawalRecord>> {
  const mine = eq(withdrawals.userId, userId);
  const select = db.select().from(withdrawals).$dynamic();
  return tablePageOf(db, { page, pageSize }, { table: withdrawals, select, where: mine, orderBy: desc(withdrawals.id) }, recordOf);
}
