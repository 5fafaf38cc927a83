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
