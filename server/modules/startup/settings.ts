/**
 * Operator settings kept in the database (support link, EUR rate). The configuration seeds them
 * on first start; a variable set explicitly in the environment overrides them at every start.
 */
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { parseAmount, type Asset } from '../../../src/domain/money';
import { settings } from '../../db/schema';

export const SETTING_KEYS = {
  supportUrl: 'support_url',
  usdtEurRate: 'usdt_eur_rate',
  withdrawMinUsdt: 'withdraw_min_usdt',
  withdrawFeeUsdt: 'withdraw_fee_usdt',
  withdrawMinEur: 'withdraw_min_eur',
  withdrawFeeEur: 'withdraw_fee_eur',
  transferFeePercent: 'transfer_fee_percent',
} as const;
export type SettingKey = (typeof SETTING_KEYS)[keyof typeof SETTING_KEYS];

export async function readSetting(db: Db | Tx, key: SettingKey): Promise<string | null> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).limit(1);
  return row?.value ?? null;
}

export async function writeSetting(db: Db, key: SettingKey, value: string, overwrite: boolean): Promise<void> {
  const insert = db.insert(settings).values({ key, value });
  await (overwrite
    ? insert.onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } })
    : insert.onConflictDoNothing());
}

/** Values an operator may give each setting (checked before it is stored). */
export const SETTING_RULES: Record<SettingKey, (value: string) => boolean> = {
  support_url: (value) => /^https?:\/\/\S+$/.test(value),
  usdt_eur_rate: (value) => (parseAmount(value, 'USDT') ?? 0n) > 0n,
  withdraw_min_usdt: (value) => parseAmount(value, 'USDT') !== null,
  withdraw_fee_usdt: (value) => parseAmount(value, 'USDT') !== null,
  withdraw_min_eur: (value) => parseAmount(value, 'EUR') !== null,
  withdraw_fee_eur: (value) => parseAmount(value, 'EUR') !== null,
  // Percent with up to 2 decimals, below 100.
  transfer_fee_percent: (value) => /^\d{1,2}(\.\d{1,2})?$/.test(value),
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
  const [minimum, fee] = await Promise.all(keys.map(async (key) => parseAmount((await readSetting(db, key)) ?? '0', asset) ?? 0n));
  return { minimum, fee };
}
