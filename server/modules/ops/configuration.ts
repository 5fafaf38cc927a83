/**
 * What admins may change besides money: settings (fees, minimums, rate, support link), the VIP
 * level table and the deposit addresses. Each change is validated, locks the row it replaces,
 * and writes an audit row with the old and the new value in the same transaction.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { AppError } from '../../../src/domain/errors';
import { parseAmount, toDecimalString } from '../../../src/domain/money';
import { depositAddressOk, isValidIban, isValidSwift } from '../../../src/domain/payments';
import type { VipLevel } from '../../../src/domain/wire';
import type { Db } from '../../db/client';
import { coins, settings, vipLevels, type BankDetails } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { Refusal } from '../../errors';
import { recordAudit } from '../../ledger/audit';
import { isSettingKey, SETTING_KEYS, SETTING_RULES } from '../settings';
import { percentOfBps } from '../vip';

const invalid = (field: string) => new Refusal('ops.settingInvalid', 400, { field });

// ---- settings --------------------------------------------------------------------------------

export interface SettingEntry {
  key: string;
  value: string | null;
  updatedAt: string | null;
}

export async function listSettings(db: Db): Promise<SettingEntry[]> {
  const rows = await db.select().from(settings);
  return Object.values(SETTING_KEYS).map((key) => {
    const row = rows.find((entry) => entry.key === key);
    return { key, value: row?.value ?? null, updatedAt: row ? row.updatedAt.toISOString() : null };
  });
}

export async function changeSetting(
  db: Db,
  input: { operatorId: string; key: string; value: string; reason: string; at: Date },
): Promise<SettingEntry> {
  const { key, value } = input;
  if (!isSettingKey(key)) throw invalid('key');
  if (!SETTING_RULES[key](value)) throw invalid('value');
  return inTransaction(db, async (tx) => {
    const [old] = await tx.select().from(settings).where(eq(settings.key, key)).for('update');
    await tx
      .insert(settings)
      .values({ key, value, updatedAt: input.at })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: input.at } });
    await recordAudit(tx, input, {
      action: 'setting.change',
      subject: `setting:${key}`,
      reason: input.reason,
      details: { key, old: old?.value ?? null, new: value },
    });
    return { key, value, updatedAt: input.at.toISOString() };
  });
}

// ---- VIP levels ------------------------------------------------------------------------------

export interface VipLevelChange {
  operatorId: string;
  level: number;
  upgradeAmount: string;
  giftPercent: string;
  dailyOrders: number;
  reason: string;
  at: Date;
}

/** "1.5" percent → 150 basis points; null when not a percent of 0–100 with up to 2 decimals. */
export function bpsOfPercent(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const bps = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return bps <= 10_000 ? bps : null;
}

const levelOf = (row: typeof vipLevels.$inferSelect): VipLevel => ({
  level: row.level,
  upgradeAmount: toDecimalString(row.upgradeAmount, 'USDT'),
  giftPercent: percentOfBps(row.giftBps),
  dailyOrders: row.dailyOrders,
});

/**
 * Changes a level or adds the next one. The table must stay a ladder: level 0 needs nothing,
 * each level needs more than the one below and less than the one above, and no level is
 * skipped. Users' levels follow at their next approved deposit.
 */
export async function changeVipLevel(db: Db, input: VipLevelChange): Promise<VipLevel> {
  const upgradeAmount = parseAmount(input.upgradeAmount, 'USDT');
  if (upgradeAmount === null) throw invalid('upgradeAmount');
  const giftBps = bpsOfPercent(input.giftPercent);
  if (giftBps === null) throw invalid('giftPercent');
  return inTransaction(db, async (tx) => {
    // Every row locked: two admins editing neighbouring levels cannot break the ladder together.
    const rows = await tx.select().from(vipLevels).orderBy(asc(vipLevels.level)).for('update');
    const old = rows.find((row) => row.level === input.level);
    const highest = rows.at(-1)?.level ?? -1;
    if (!old && input.level !== highest + 1) throw invalid('level');
    if (input.level === 0 && upgradeAmount !== 0n) throw invalid('upgradeAmount');
    const below = rows.find((row) => row.level === input.level - 1);
    const above = rows.find((row) => row.level === input.level + 1);
    if (below && upgradeAmount <= below.upgradeAmount) throw invalid('upgradeAmount');
    if (above && upgradeAmount >= above.upgradeAmount) throw invalid('upgradeAmount');

    const values = { upgradeAmount, giftBps, dailyOrders: input.dailyOrders };
    const [saved] = await tx
      .insert(vipLevels)
      .values({ level: input.level, ...values })
      .onConflictDoUpdate({ target: vipLevels.level, set: values })
      .returning();
    await recordAudit(tx, input, {
      action: 'vip.change',
      subject: `vip_level:${input.level}`,
      reason: input.reason,
      details: { old: old ? levelOf(old) : null, new: levelOf(saved) },
    });
    return levelOf(saved);
  });
}

// ---- deposit addresses -----------------------------------------------------------------------

export interface CoinAddresses {
  id: number;
  code: string;
  name: string;
  kind: 'crypto' | 'bank';
  network: string | null;
  address: string | null;
  addressOmni: string | null;
  addressErc: string | null;
  bank: BankDetails | null;
  enabled: boolean;
}

const coinOf = (row: typeof coins.$inferSelect): CoinAddresses => ({
  id: row.id,
  code: row.code,
  name: row.name,
  kind: row.kind,
  network: row.network,
  address: row.address,
  addressOmni: row.addressOmni,
  addressErc: row.addressErc,
  bank: row.bank ?? null,
  enabled: row.enabled,
});

export async function listCoins(db: Db): Promise<CoinAddresses[]> {
  const rows = await db.select().from(coins).orderBy(asc(coins.sortOrder), asc(coins.id));
  return rows.map(coinOf);
}

export interface CoinChange {
  operatorId: string;
  code: string;
  address?: string;
  addressErc?: string;
  bank?: BankDetails;
  reason: string;
  at: Date;
}

/** Checks an address for the coin it is for; users will send real money to it. */
function checkAddress(code: string, field: 'address' | 'addressErc', address: string): void {
  if (!depositAddressOk(code, field, address)) throw invalid(field);
}

/**
 * New deposit details for one option: crypto addresses (for USDT `address` is the TRC20 one,
 * also kept as address_omni, and `addressErc` the ERC20 one), or the bank account of the bank
 * card option. Deposits already requested keep the address they were shown.
 */
export async function changeCoin(db: Db, input: CoinChange): Promise<CoinAddresses> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx.select().from(coins).where(sql`upper(${coins.code}) = upper(${input.code})`).for('update');
    if (!row) throw new Refusal('coin.invalid', 400, { field: 'code' });
    const set: Partial<typeof coins.$inferInsert> = {};
    if (row.kind === 'bank') {
      if (input.address !== undefined) throw invalid('address');
      if (input.addressErc !== undefined) throw invalid('addressErc');
      if (!input.bank) throw invalid('bank');
      const bank = { ...input.bank, iban: input.bank.iban.replace(/\s+/g, '').toUpperCase(), bic: input.bank.bic.replace(/\s+/g, '').toUpperCase() };
      if (!isValidIban(bank.iban)) throw invalid('iban');
      if (!isValidSwift(bank.bic)) throw invalid('bic');
      set.bank = bank;
    } else {
      if (input.bank !== undefined) throw invalid('bank');
      if (input.addressErc !== undefined && row.code !== 'USDT') throw invalid('addressErc');
      if (input.address === undefined && input.addressErc === undefined) throw invalid('address');
      if (input.address !== undefined) {
        checkAddress(row.code, 'address', input.address);
        set.address = input.address;
        if (row.code === 'USDT') set.addressOmni = input.address;
      }
      if (input.addressErc !== undefined) {
        checkAddress(row.code, 'addressErc', input.addressErc);
        set.addressErc = input.addressErc;
      }
    }
    const [saved] = await tx.update(coins).set(set).where(eq(coins.id, row.id)).returning();
    if (!saved) throw new AppError('server.error', 500);
    const before = coinOf(row);
    const after = coinOf(saved);
    await recordAudit(tx, input, {
      action: 'coin.change',
      subject: `coin:${row.code}`,
      reason: input.reason,
      details: {
        old: { address: before.address, addressOmni: before.addressOmni, addressErc: before.addressErc, bank: before.bank },
        new: { address: after.address, addressOmni: after.addressOmni, addressErc: after.addressErc, bank: after.bank },
      },
    });
    return after;
  });
}
