/**
 * The operator settings (support link, EUR rate, withdrawal minimums and fees, fee percents, the
 * LTV watch, the four-eyes thresholds) and the rule each value must follow: the server refuses a
 * value its rule rejects (server/modules/ops/configuration.ts), and the console checks the same
 * rule before sending.
 */
import { LTV_SETTING_BOUNDS } from './ltv';
import { maxAmountMinor, parseAmount, parseFeePercent, parseRate, type Asset } from './money';
import { settingChangeSchema } from './ops-wire';

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

/** A setting change whose value follows its key's rule (the console's form; the server checks the same). */
export const checkedSettingChangeSchema = settingChangeSchema.superRefine((change, context) => {
  if (!isSettingKey(change.key)) context.addIssue({ code: 'custom', path: ['key'], message: 'ops.settingInvalid' });
  else if (!SETTING_RULES[change.key](change.value)) context.addIssue({ code: 'custom', path: ['value'], message: 'ops.settingInvalid' });
});
