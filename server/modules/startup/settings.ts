/**
 * Operator settings kept in the database (support link, EUR rate). The configuration seeds them
 * on first start; a variable set explicitly in the environment overrides them at every start.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';

export const SETTING_KEYS = { supportUrl: 'support_url', usdtEurRate: 'usdt_eur_rate' } as const;
export type SettingKey = (typeof SETTING_KEYS)[keyof typeof SETTING_KEYS];

export async function readSetting(db: Db, key: SettingKey): Promise<string | null> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).limit(1);
  return row?.value ?? null;
}

export async function writeSetting(db: Db, key: SettingKey, value: string, overwrite: boolean): Promise<void> {
  const insert = db.insert(settings).values({ key, value });
  await (overwrite
    ? insert.onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } })
    : insert.onConflictDoNothing());
}
