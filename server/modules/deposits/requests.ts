/**
 * Deposits (docs/api.md, "Money calls"): the user tells us what they paid, where, and shows a
 * proof; the record waits as `processing` until an operator approves it (the money arrives on the
 * user's available account, with the VIP gift, and the VIP level follows) or rejects it with a
 * reason the user reads in their records. Crypto options are credited in USDT, the bank card
 * option in EUR.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { AppError } from '../../../src/domain/errors';
import type { UsdtNetwork } from '../../../src/domain/ledger';
import { type Asset } from '../../../src/domain/money';
import type { DepositAddressReply, DepositRecord, Page } from '../../../src/domain/wire';
import { tablePageOf } from '../../db/pages';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { coins, deposits, users, type BankDetails } from '../../db/schema';
import { Refusal } from '../../errors';
import { depositOrderNo } from '../../../src/domain/orderNumbers';
import { isDemoDepositAddress } from '../../config';
import { depositColumns, recordOf } from './rows';

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

/** GET /recharge/log: the user's deposits, newest first. */
export async function depositsOf(db: Db, userId: string, page: number, pageSize: number): Promise<Page<DepositRecord>> {
  const mine = eq(deposits.userId, userId);
  const select = db.select(depositColumns).from(deposits).innerJoin(coins, eq(coins.id, deposits.coinId)).$dynamic();
  return tablePageOf(db, { page, pageSize }, { table: deposits, select, where: mine, orderBy: desc(deposits.id) }, (row) =>
    recordOf(row.deposit, row.coin),
  );
}
