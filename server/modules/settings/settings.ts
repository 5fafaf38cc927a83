/**
 * Operator settings kept in the database (support link, EUR rate). The configuration seeds them
 * on first start; a variable set explicitly in the environment overrides them at every start.
 */
import type { Db, Tx } from '../../db/client';
import { parseAmount, parseFeePercent, type Asset } from '../../../src/domain/money';
import { fixedStatement } from '../../db/rows';
import { settings } from '../../db/schema';
import { SETTING_KEYS, type SettingKey } from '../../../src/domain/settings';

export { isSettingKey, SETTING_KEYS, SETTING_RULES, type SettingKey } from '../../../src/domain/settings';

export { parseFeePercent };

export async function readSetting(db: Db | Tx, key: SettingKey): Promise<string | null> {
  const [value] = await readSettings(db, [key]);
  return value;
}

/** Read by most money calls: its text written once (db/rows.ts). */
const SETTINGS_OF = fixedStatement<{ key: string; value: string }>('SELECT key, value FROM settings WHERE key = ANY($1::text[])');

/** Several settings in one statement, in the order asked (null where unset). */
export async function readSettings<const K extends readonly SettingKey[]>(db: Db | Tx, keys: K): Promise<{ [I in keyof K]: string | null }> {
  const rows = await SETTINGS_OF(db, [keys]);
  const byKey = new Map(rows.map((row) => [row.key, row.value]));
  return keys.map((key) => byKey.get(key) ?? null) as { [I in keyof K]: string | null };
}

export async function writeSetting(db: Db, key: SettingKey, value: string, overwrite: boolean): Promise<void> {
  const insert = db.insert(settings).values({ key, value });
  await (overwrite
    ? insert.onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } })
    : insert.onConflictDoNothing());
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

/** The setting that holds the four-eyes threshold of corrections in `asset`. */
export function fourEyesKey(asset: Asset): SettingKey {
  return asset === 'USDT' ? SETTING_KEYS.adjustmentFourEyesUsdt : SETTING_KEYS.adjustmentFourEyesEur;
}

/**
 * A four-eyes threshold setting's value (null: unset) in minor units of `asset`: a correction whose
 * absolute amount is above it is proposed, and posts only once another operator approves it.
 */
export function fourEyesThresholdOf(value: string | null, asset: Asset): bigint {
  return parseAmount(value ?? FOUR_EYES_DEFAULT, asset) ?? (parseAmount(FOUR_EYES_DEFAULT, asset) as bigint);
}
