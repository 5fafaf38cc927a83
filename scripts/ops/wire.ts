/**
 * What /api/ops answers, built from the wire types of src/domain: an operator sees the user's
 * own record plus whose it is. Only the fields the console prints are listed where the domain
 * has no type for the reply.
 */
import type { Asset } from '../../src/domain/money';
import type { DepositAddressReply, DepositRecord, MerchantApplication, VipLevel, WithdrawalRecord } from '../../src/domain/wire';

interface OfUser {
  userId: string;
  username: string;
}

export type OpsDeposit = DepositRecord & OfUser;
export type OpsWithdrawal = WithdrawalRecord & OfUser;
export type OpsMerchantApplication = MerchantApplication & OfUser & { nickname: string };
export type OpsVipLevel = VipLevel;

export interface OpsLoginReply {
  token: string;
  expiresAt: string;
}

export interface OpsAdjustment extends OfUser {
  outcome: 'posted';
  transferId: number;
  asset: Asset;
  /** Signed, full precision. */
  amount: string;
  /** The user's available balance after the correction. */
  balance: string;
}

/** A correction above the four-eyes threshold, waiting for another operator. */
export interface OpsProposal extends OfUser {
  id: number;
  asset: Asset;
  /** Signed, full precision. */
  amount: string;
  reason: string;
  status: 'pending' | 'approved' | 'refused';
  maker: string;
  createdAt: string;
  checker: string | null;
  decidedAt: string | null;
  decisionReason: string | null;
  transferId: number | null;
}

/** POST /adjustments: posted at once, or proposed. */
export type OpsCorrection = OpsAdjustment | { outcome: 'proposed'; threshold: string; proposal: OpsProposal };

export interface OpsSetting {
  key: string;
  value: string | null;
  updatedAt: string | null;
}

export interface OpsCoin {
  code: string;
  kind: DepositAddressReply['kind'];
  network: string | null;
  address: string | null;
  addressErc: string | null;
  bank: DepositAddressReply['bank'];
}

export interface OpsAuditEntry {
  id: number;
  createdAt: string;
  operator: string;
  action: string;
  subject: string;
  username: string | null;
  reason: string | null;
  details: unknown;
}

export interface OpsOperatorCreated {
  username: string;
  role: string;
  totpSecret: string;
  otpauthUrl: string;
}

export interface OpsQueueLength {
  queue: string;
  count: number;
  oldestAt: string | null;
}

export interface OpsUserRow {
  id: string;
  username: string;
  email: string | null;
  phone: string | null;
  nickname: string;
  vipLevel: number;
  isMerchant: boolean;
  merchantApplication: string | null;
  createdAt: string;
  loginLockedUntil: string | null;
  payPasswordLockedUntil: string | null;
}

export interface OpsUserDetail extends OpsUserRow {
  invitedBy: string | null;
  hasPayPassword: boolean;
  locale: string;
  /** Per asset, the balance of each account purpose. */
  balances: Record<string, Record<string, string>>;
}

interface CountAndAmount {
  count: number;
  amount: string;
}

export interface OpsTotals {
  asOf: string;
  users: Record<string, Record<string, string>>;
  platform: Record<string, Record<string, string>>;
  today: { day: string } & Record<'depositsApproved' | 'withdrawalsPaid' | 'conversions' | 'tradesSettled', Record<string, CountAndAmount>>;
  feesPerDay: Array<{ day: string } & Record<string, string>>;
}

export interface OpsLedgerReport {
  ok: boolean;
  accounts: number;
  transfers: number;
  problemCount?: number;
  problems: Array<{ check: string; detail: string }>;
}
