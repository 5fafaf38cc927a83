/** What the asset log shows: the kinds of ledger transfers and the records' states. */
export const TRANSFER_KINDS = [
  'deposit',
  'deposit_bonus',
  'withdrawal_hold',
  'withdrawal_release',
  'withdrawal_payout',
  'withdrawal_fee',
  'conversion_out',
  'conversion_in',
  'conversion_fee',
  'adjustment',
  'trade_hold',
  'trade_release',
  'trade_settle',
  'trade_fee',
  'pledge_lock',
  'pledge_release',
  'pledge_penalty',
  'pledge_interest',
  'interest_transfer',
  'loan_disburse',
  'loan_collateral',
  'loan_repay_hold',
  'loan_repay_release',
  'loan_repay',
  'loan_interest',
  'loan_collateral_release',
  'loan_payout_return',
  'loan_liquidation',
  'loan_liquidation_repay',
  'loan_liquidation_fee',
  'loan_part_repay',
  'loan_part_interest',
] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

export const DEPOSIT_STATUSES = ['processing', 'success', 'failed'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

export const WITHDRAWAL_STATUSES = ['processing', 'completed', 'cancelled'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/**
 * The purposes of the ledger's accounts (server/ledger/accounts.ts), one account of each per asset:
 * available: spendable; held: set aside for a pending withdrawal; interest: pledge earnings;
 * trading: set aside for the user's offers and orders in the trading hall; pledged: locked in a
 * pledge order until it ends; collateral: a principal loan's security until it is repaid (held
 * also carries a loan repayment under review).
 */
export const USER_PURPOSES = ['available', 'held', 'interest', 'trading', 'pledged', 'collateral'] as const;
export type UserPurpose = (typeof USER_PURPOSES)[number];

/**
 * deposits: money that arrived from outside (negative: what the platform holds for users);
 * withdrawals: money paid out; fees: fees earned (and early-redemption penalties); bonus: VIP
 * gifts paid; exchange: the other side of conversions; adjustments: operator corrections;
 * interest: pledge interest paid out; loans: what borrowers owe (loan interest goes to fees).
 */
export const PLATFORM_PURPOSES = ['deposits', 'withdrawals', 'fees', 'bonus', 'exchange', 'adjustments', 'interest', 'loans'] as const;
export type PlatformPurpose = (typeof PLATFORM_PURPOSES)[number];


/** USDT networks a deposit or a crypto withdrawal can use. */
export const USDT_NETWORKS = ['TRC20', 'ERC20'] as const;
export type UsdtNetwork = (typeof USDT_NETWORKS)[number];

/** How long a conversion quote may be executed after it was shown. */
export const QUOTE_TTL_SECONDS = 30;

/** The Idempotency-Key header of money calls: 1–255 visible ASCII characters. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** Replies are kept at least this long. */
export const IDEMPOTENCY_KEEP_HOURS = 24;

/** A deposit's payment proof: JPG, PNG, HEIC or WebP, at most 2 MB. */
export const DEPOSIT_PROOF_MAX_BYTES = 2 * 1024 * 1024;
export const DEPOSIT_PROOF_TYPES = ['jpg', 'png', 'heic', 'webp'] as const;
