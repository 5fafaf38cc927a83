/**
 * VIP levels (docs/api.md): a level is reached by confirmed deposits (their USDT value, fixed when
 * each was approved) and gives a gift on later deposits and a number of daily orders. Deposit
 * approval (server/modules/deposits) moves the level; this reads it.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { AppError } from '../../../src/domain/errors';
import { percentText, toDecimalString } from '../../../src/domain/money';
import type { UserLevelReply, VipLevel } from '../../../src/domain/wire';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { users, vipLevels } from '../../db/schema';

/** Basis points as a percent without trailing zeros: 150 → "1.5", 100 → "1", 125 → "1.25". */
export function percentOfBps(bps: number): string {
  return percentText(BigInt(bps));
}

export async function vipLevelTable(db: Db | Tx): Promise<VipLevel[]> {
  const rows = await db.select().from(vipLevels).orderBy(asc(vipLevels.level));
  return rows.map((row) => ({
    level: row.level,
    upgradeAmount: toDecimalString(row.upgradeAmount, 'USDT'),
    giftPercent: percentOfBps(row.giftBps),
    dailyOrders: row.dailyOrders,
  }));
}

/** Sum of the USDT value of the user's approved deposits, minor units. */
export async function confirmedDepositsOf(db: Db | Tx, userId: string): Promise<bigint> {
  const [row] = await rowsOf<{ total: string }>(
    db,
    sql`SELECT coalesce(sum(usdt_value), 0)::text AS total FROM deposits WHERE user_id = ${userId} AND status = 'success'`,
  );
  return BigInt(row.total);
}

/** GET /user/user_level. */
async function userLevel(db: Db, userId: string): Promise<UserLevelReply> {
  const [[user], levels, confirmed] = await Promise.all([
    db.select({ level: users.vipLevel }).from(users).where(eq(users.id, userId)).limit(1),
    vipLevelTable(db),
    confirmedDepositsOf(db, userId),
  ]);
  if (!user) throw new AppError('session.gone', 401);
  return {
    level: user.level,
    confirmedDeposits: toDecimalString(confirmed, 'USDT'),
    next: levels.find((entry) => entry.level > user.level) ?? null,
    levels,
  };
}

/** The VIP levels' service, built once (app.services.vip). */
export function createVip(db: Db) {
  return {
    /** GET /user/user_level. */
    level: (userId: string) => userLevel(db, userId),
  };
}
