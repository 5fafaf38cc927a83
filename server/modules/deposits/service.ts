/**
 * Deposits (docs/api.md, "Money calls"): the user tells us what they paid, where, and shows a
 * proof; the record waits as `processing` until an operator approves it (the money arrives on the
 * user's available account, with the VIP gift, and the VIP level follows) or rejects it with a
 * reason the user reads in their records. Crypto options are credited in USDT, the bank card
 * option in EUR.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { AppError } from '../../../src/domain/errors';
import type { DepositStatus, UsdtNetwork } from '../../../src/domain/ledger';
import { ASSETS, parseAmount, toDecimalString, type Asset } from '../../../src/domain/money';
import type { DepositAddressReply, DepositRecord, Page } from '../../../src/domain/wire';
import { queuePageOf, tablePageOf, type QueueRequest } from '../../db/pages';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { coins, deposits, users, type BankDetails } from '../../db/schema';
import { amountOrRefusal, Refusal } from '../../errors';
import { recordAudit } from '../../ledger/audit';
import { postTransfers } from '../../ledger/transfers';
import { readSetting, SETTING_KEYS } from '../startup';
import { confirmedDepositsOf } from '../vip';
import { depositOrderNo } from '../../../src/domain/orderNumbers';
import { isDemoDepositAddress } from '../../config';

/** The reference a user puts on bank transfers: one per user, from their invitation code. */
export function paymentReferenceOf(inviteCode: string): string {
  return `TSR-${inviteCode}`;
}

/** Where and in what a deposit of one option is paid. */
export interface DepositTarget {
  coinId: number;
  coin: string;
  kind: 'crypto' | 'bank';
  network: string | null;
  asset: Asset;
  address: string;
  bank: BankDetails | null;
}

/**
 * The option a user chose: an enabled coin, and for USDT its network (TRC20 by default; the
 * TRC20 address is address_omni, the ERC20 one address_erc). Other coins have one network: a
 * different one is refused rather than silently ignored.
 */
export async function depositTarget(db: Db | Tx, coinId: number, network: UsdtNetwork | undefined): Promise<DepositTarget> {
  const [coin] = await db.select().from(coins).where(and(eq(coins.id, coinId), eq(coins.enabled, true))).limit(1);
  if (!coin) throw new Refusal('coin.invalid', 400, { field: 'coinId' });
  const wrongNetwork = () => new Refusal('coin.networkInvalid', 400, { field: 'network' });
  const base = { coinId: coin.id, coin: coin.name, kind: coin.kind };

  if (coin.kind === 'bank') {
    if (network) throw wrongNetwork();
    // Seeded with the coin; missing means the row was changed by hand.
    if (!coin.bank) throw new AppError('server.error', 500);
    return { ...base, network: null, asset: 'EUR', address: coin.bank.iban, bank: coin.bank };
  }
  if (coin.addressOmni || coin.addressErc) {
    const chosen = network ?? 'TRC20';
    const address = chosen === 'TRC20' ? coin.addressOmni : coin.addressErc;
    if (!address) throw wrongNetwork();
    return { ...base, network: chosen, asset: 'USDT', address, bank: null };
  }
  if (network && network !== coin.network) throw wrongNetwork();
  if (!coin.address) throw new AppError('server.error', 500);
  return { ...base, network: coin.network, asset: 'USDT', address: coin.address, bank: null };
}

async function inviteCodeOf(db: Db | Tx, userId: string): Promise<string> {
  const [user] = await db.select({ inviteCode: users.inviteCode }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('session.gone', 401);
  return user.inviteCode;
}

/** POST /wallet/get_in_address. Crypto deposits get their reference (the order number) when made. */
export async function depositAddress(db: Db, userId: string, coinId: number, network: UsdtNetwork | undefined): Promise<DepositAddressReply> {
  const target = await depositTarget(db, coinId, network);
  return {
    coinId: target.coinId,
    coin: target.coin,
    kind: target.kind,
    network: target.network,
    asset: target.asset,
    address: target.address,
    bank: target.bank,
    reference: target.kind === 'bank' ? paymentReferenceOf(await inviteCodeOf(db, userId)) : '',
    demo: isDemoDepositAddress(target.address),
  };
}

type DepositRow = typeof deposits.$inferSelect;

/** The wire record of a row (its coin's name joined). */
function recordOf(row: DepositRow, coin: string): DepositRecord {
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

export interface NewDeposit {
  userId: string;
  target: DepositTarget;
  amount: bigint;
  /** Stored name of the proof image. */
  proof: string;
  at: Date;
}

/** Stores a deposit request (status processing). Nothing moves until an operator approves it. */
export async function createDeposit(tx: Tx, input: NewDeposit): Promise<DepositRecord> {
  const { target } = input;
  // The id first: a crypto deposit's reference is its own order number.
  const [{ id }] = await rowsOf<{ id: string }>(tx, sql`SELECT nextval(pg_get_serial_sequence('deposits', 'id'))::text AS id`);
  const depositId = Number(id);
  const reference = target.kind === 'bank' ? paymentReferenceOf(await inviteCodeOf(tx, input.userId)) : depositOrderNo(depositId);
  const [row] = await tx
    .insert(deposits)
    .values({
      id: depositId,
      userId: input.userId,
      coinId: target.coinId,
      network: target.network,
      asset: target.asset,
      amount: input.amount,
      address: target.address,
      reference,
      proof: input.proof,
      status: 'processing',
      createdAt: input.at,
    })
    .returning();
  return recordOf(row, target.coin);
}

const depositColumns = { deposit: deposits, coin: coins.name };

/** GET /recharge/log: the user's deposits, newest first. */
export async function depositsOf(db: Db, userId: string, page: number, pageSize: number): Promise<Page<DepositRecord>> {
  const mine = eq(deposits.userId, userId);
  const select = db.select(depositColumns).from(deposits).innerJoin(coins, eq(coins.id, deposits.coinId)).$dynamic();
  return tablePageOf(db, { page, pageSize }, { table: deposits, select, where: mine, orderBy: desc(deposits.id) }, (row) =>
    recordOf(row.deposit, row.coin),
  );
}

// ---- the operator side ------------------------------------------------------------------------

/** A deposit as operators see it: the user's record plus whose it is and the stored proof. */
export interface OperatorDepositRecord extends DepositRecord {
  userId: string;
  username: string;
  /** Stored name of the proof image (the proof store reads it). */
  proof: string;
  /** USDT value counted towards VIP levels, fixed at approval. */
  usdtValue: string | null;
  operatorId: string | null;
}

/** GET /ops/deposits: by status (all when absent), oldest first so the queue is worked in order. */
export async function listDeposits(db: Db | Tx, options: QueueRequest<DepositStatus>): Promise<Page<OperatorDepositRecord>> {
  const select = db
    .select({ ...depositColumns, username: users.username })
    .from(deposits)
    .innerJoin(coins, eq(coins.id, deposits.coinId))
    .innerJoin(users, eq(users.id, deposits.userId))
    .$dynamic();
  return queuePageOf(db, options, deposits, select, (row) => ({
    ...recordOf(row.deposit, row.coin),
    userId: row.deposit.userId,
    username: row.username,
    proof: row.deposit.proof,
    usdtValue: row.deposit.usdtValue === null ? null : toDecimalString(row.deposit.usdtValue, 'USDT'),
    operatorId: row.deposit.operatorId,
  }));
}

export type DecidedDeposit = DepositRecord & { userId: string };

/** Locks a processing deposit for a decision: unknown 404, already decided 409. */
async function lockProcessing(tx: Tx, id: number): Promise<{ row: DepositRow; coin: string }> {
  const [row] = await tx.select().from(deposits).where(eq(deposits.id, id)).for('update');
  if (!row) throw new AppError('record.notFound', 404);
  if (row.status !== 'processing') throw new AppError('ops.alreadyDecided', 409);
  const [coin] = await tx.select({ name: coins.name }).from(coins).where(eq(coins.id, row.coinId));
  return { row, coin: coin?.name ?? '' };
}

/** A reason an operator must give: at least 3 characters once trimmed. */
export function operatorReason(reason: string | null | undefined): string {
  const text = reason?.trim() ?? '';
  if (text.length < 3) throw new AppError('ops.reasonRequired', 400);
  return text;
}

const BPS = 10_000n;

/**
 * USDT minor units worth `amount` of `asset` for the VIP levels: USDT as it is, EUR at the
 * reference rate (EUR per USDT), rounded down.
 */
async function usdtValueOf(tx: Tx, amount: bigint, asset: Asset): Promise<bigint> {
  if (asset === 'USDT') return amount;
  const rate = parseAmount((await readSetting(tx, SETTING_KEYS.usdtEurRate)) ?? '', 'USDT');
  if (!rate || rate <= 0n) throw new AppError('server.error', 500);
  // cents × 10^4 = EUR in 6 decimals; ÷ (rate in 6 decimals) × 10^6 = USDT minor units.
  return (amount * 10n ** 4n * 10n ** 6n) / rate;
}

/**
 * Approves a processing deposit: the amount (the operator may credit a different one, e.g. the
 * value that arrived for BTC) moves from the platform's deposits account to the user, plus the
 * gift of the VIP level this deposit brings the user to (it counts towards its own level: the
 * deposit that reaches VIP 1 earns VIP 1's gift) from the platform's bonus account. One audit
 * row says who did it and why.
 */
export async function approveDeposit(
  tx: Tx,
  input: {
    id: number;
    operatorId: string;
    /** Minor units, or a decimal string in the deposit's asset; absent: the amount requested. */
    amount?: bigint | string;
    reason?: string | null;
    at: Date;
  },
): Promise<DecidedDeposit> {
  const { row, coin } = await lockProcessing(tx, input.id);
  const amount = typeof input.amount === 'string' ? amountOrRefusal(input.amount, row.asset) : (input.amount ?? row.amount);
  if (amount <= 0n) throw new Refusal('amount.invalid', 400, { params: { decimals: ASSETS[row.asset].scale }, field: 'amount' });
  const reason = input.reason?.trim() || null;
  const reference = `deposit:${row.id}`;

  // The user's row lock serialises approvals of one user, so each sees the level the one
  // before it reached.
  const [user] = await tx.select({ vipLevel: users.vipLevel }).from(users).where(eq(users.id, row.userId)).for('update');
  const usdtValue = await usdtValueOf(tx, amount, row.asset);
  const confirmed = (await confirmedDepositsOf(tx, row.userId)) + usdtValue;
  const [level] = await rowsOf<{ level: number; giftBps: number }>(
    tx,
    sql`SELECT level, gift_bps AS "giftBps" FROM vip_levels WHERE upgrade_amount <= ${confirmed.toString()}::bigint ORDER BY level DESC LIMIT 1`,
  );
  const newLevel = level?.level ?? 0;
  const bonus = (amount * BigInt(level?.giftBps ?? 0)) / BPS;

  const posting = { asset: row.asset, reference, reason, operatorId: input.operatorId, at: input.at };
  await postTransfers(tx, [
    { ...posting, debit: { platform: 'deposits' }, credit: { userId: row.userId, purpose: 'available' }, amount, kind: 'deposit', idempotencyKey: `${reference}:credit` },
    ...(bonus > 0n
      ? [{ ...posting, debit: { platform: 'bonus' as const }, credit: { userId: row.userId, purpose: 'available' as const }, amount: bonus, kind: 'deposit_bonus' as const, idempotencyKey: `${reference}:bonus` }]
      : []),
  ]);

  const [updated] = await tx
    .update(deposits)
    .set({ status: 'success', amount, usdtValue, bonus, reason, operatorId: input.operatorId, decidedAt: input.at })
    .where(eq(deposits.id, row.id))
    .returning();
  await tx.update(users).set({ vipLevel: newLevel }).where(eq(users.id, row.userId));

  await recordAudit(tx, input, {
    action: 'deposit.approve',
    subject: reference,
    userId: row.userId,
    reason,
    details: {
      asset: row.asset,
      requestedAmount: toDecimalString(row.amount, row.asset),
      amount: toDecimalString(amount, row.asset),
      bonus: toDecimalString(bonus, row.asset),
      usdtValue: toDecimalString(usdtValue, 'USDT'),
      vipLevelBefore: user.vipLevel,
      vipLevelAfter: newLevel,
    },
  });
  return { ...recordOf(updated, coin), userId: row.userId };
}

/** Rejects a processing deposit: nothing moves; the user reads the reason on the record. */
export async function rejectDeposit(tx: Tx, input: { id: number; operatorId: string; reason: string; at: Date }): Promise<DecidedDeposit> {
  const reason = operatorReason(input.reason);
  const { row, coin } = await lockProcessing(tx, input.id);
  const [updated] = await tx
    .update(deposits)
    .set({ status: 'failed', reason, operatorId: input.operatorId, decidedAt: input.at })
    .where(eq(deposits.id, row.id))
    .returning();
  await recordAudit(tx, input, {
    action: 'deposit.reject',
    subject: `deposit:${row.id}`,
    userId: row.userId,
    reason,
    details: { asset: row.asset, amount: toDecimalString(row.amount, row.asset) },
  });
  return { ...recordOf(updated, coin), userId: row.userId };
}
