/**
 * Operator settings kept in the database (support link, EUR rate). The configuration seeds them
 * on first start; a variable set explicitly in the environment overrides them at every start.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { maxAmountMinor, parseAmount, parseFeePercent, parseRate, type Asset } from '../../../src/domain/money';
import { settings } from '../../db/schema';
import { LTV_SETTING_BOUNDS } from '../../../src/domain/ltv';

export const SETTING_KEYS = {
  supportUrl: 'support_url',
  usdtEurRate: 'usdt_eur_rate',
  withdrawMinUsdt: 'withdraw_min_usdt',
  withdrawFeeUsdt: 'withdraw_fee_usdt',
  withdrawMinEur: 'withdraw_min_eur',
  withdrawFeeEur: 'withdraw_fee_eur',
  transferFeePercent: 'transfer_fee_percent',
  tradeFeePercent: 'trade_fee_percent',
  loanMarginCallLtv: 'loan_margin_call_ltv',
  loanLiquidationLtv: 'loan_liquidation_ltv',
  loanLiquidationFeePercent: 'loan_liquidation_fee_percent',
  adjustmentFourEyesUsdt: 'adjustment_four_eyes_usdt',
  adjustmentFourEyesEur: 'adjustment_four_eyes_eur',
} as const;
export type SettingKey = (typeof SETTING_KEYS)[keyof typeof SETTING_KEYS];

export { parseFeePercent };

export async function readSetting(db: Db | Tx, key: SettingKey): Promise<string | null> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).limit(1);
  return row?.value ?? null;
}

/** Several settings in one statement, in the order asked (null where unset). */
export async function readSettings<const K extends readonly SettingKey[]>(db: Db | Tx, keys: K): Promise<{ [I in keyof K]: string | null }> {
  const rows = await db.select({ key: settings.key, value: settings.value }).from(settings).where(inArray(settings.key, [...keys])).execute();
  const byKey = new Map(rows.map((row) => [row.key, row.value]));
  return keys.map((key) => byKey.get(key) ?? null) as { [I in keyof K]: string | null };
}

export async function writeSetting(db: Db, key: SettingKey, value: string, overwrite: boolean): Promise<void> {
  const insert = db.insert(settings).values({ key, value });
  await (overwrite
    ? insert.onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } })
    : insert.onConflictDoNothing());
}


/** A minimum or fee: an amount of the asset, at most the largest amount anyone may enter. */
const feeOrMinimum = (asset: Asset) => (value: string) => {
  const minor = parseAmount(value, asset);
  return minor !== null && minor <= maxAmountMinor(asset);
};

/** A percent with up to two decimals within bounds given in hundredths of a percent. */
const percentWithin = ({ min, max }: { min: bigint; max: bigint }) => (value: string) => {
  const hundredths = parseFeePercent(value);
  return hundredths !== null && hundredths >= min && hundredths <= max;
};

/**
 * Values an operator may give each setting (checked before it is stored). Each is bounded, so
 * that no allowed value can make a quote, a withdrawal or a deposit fail.
 */
export const SETTING_RULES: Record<SettingKey, (value: string) => boolean> = {
  support_url: (value) => value.length <= 300 && /^https?:\/\/\S+$/.test(value),
  // EUR for one USDT, 0.01 to 100 (RATE_RANGE).
  usdt_eur_rate: (value) => parseRate(value) !== null,
  withdraw_min_usdt: feeOrMinimum('USDT'),
  withdraw_fee_usdt: feeOrMinimum('USDT'),
  withdraw_min_eur: feeOrMinimum('EUR'),
  withdraw_fee_eur: feeOrMinimum('EUR'),
  // Percent with up to 2 decimals, 0 to 99.99: at 100 nothing would be left to receive.
  transfer_fee_percent: (value) => parseFeePercent(value) !== null,
  trade_fee_percent: (value) => parseFeePercent(value) !== null,
  // A principal loan's LTV watch (docs/loans.md, src/domain/ltv.ts): a margin call from 81 to
  // 89.99 %, a liquidation from 90 to 95 %, its fee 0 to 2 % of principal and interest. The
  // ranges do not overlap: a call always comes first, and never at a new loan's 80 %.
  loan_margin_call_ltv: percentWithin(LTV_SETTING_BOUNDS.marginCall),
  loan_liquidation_ltv: percentWithin(LTV_SETTING_BOUNDS.liquidation),
  loan_liquidation_fee_percent: percentWithin(LTV_SETTING_BOUNDS.liquidationFee),
  // A correction above it (in absolute amount) waits for a second operator's approval.
  adjustment_four_eyes_usdt: feeOrMinimum('USDT'),
  adjustment_four_eyes_eur: feeOrMinimum('EUR'),
};

export function isSettingKey(value: unknown): value is SettingKey {
  return typeof value === 'string' && value in SETTING_RULES;
}

export interface WithdrawalLimits {
  /** Minor units of the asset. */
  minimum: bigint;
  fee: bigint;
}

/** Minimum and fee of withdrawals in `asset`, as the operators set them. */
export async function withdrawalLimits(db: Db | Tx, asset: Asset): Promise<WithdrawalLimits> {
  const keys = asset === 'USDT'
    ? [SETTING_KEYS.withdrawMinUsdt, SETTING_KEYS.withdrawFeeUsdt]
    : [SETTING_KEYS.withdrawMinEur, SETTING_KEYS.withdrawFeeEur];
  const [minimum, fee] = (await readSettings(db, keys)).map((value) => parseAmount(value ?? '0', asset) ?? 0n);
  return { minimum, fee };
}

/** What a threshold is until an admin sets one (0020_adjustment_proposals.sql seeds the same). */
const FOUR_EYES_DEFAULT = '1000';

/**
 * The four-eyes threshold of corrections in `asset` (minor units): a correction whose absolute
 * amount is above it is proposed, and posts only once another operator approves it.
 */
export async function fourEyesThreshold(db: Db | Tx, asset: Asset): Promise<bigint> {
  const key = asset === 'USDT' ? SETTING_KEYS.adjustmentFourEyesUsdt : SETTING_KEYS.adjustmentFourEyesEur;
  const [value] = await readSettings(db, [key]);
  return parseAmount(value ?? FOUR_EYES_DEFAULT, asset) ?? (parseAmount(FOUR_EYES_DEFAULT, asset) as bigint);
}
