/**
 * The operators' own service, built once (app.services.ops): the settings, VIP levels and deposit
 * addresses they read and change, balance corrections and the audit trail. Operator accounts and
 * sessions are app.services.operators (operators.ts).
 */
import type { Db, Tx } from '../../db/client';
import { checkAdjustment, postAdjustment, type AdjustmentInput, type CheckedAdjustment } from './adjustments';
import { listAudit } from './audit-log';
import { changeCoin, changeSetting, changeVipLevel, listCoins, listSettings, type CoinChange, type VipLevelChange } from './configuration';
import { vipLevelTable } from '../vip';

export function createOps(db: Db) {
  return {
    settings: () => listSettings(db),
    changeSetting: (input: Parameters<typeof changeSetting>[1]) => changeSetting(db, input),
    vipLevels: () => vipLevelTable(db),
    changeVipLevel: (input: VipLevelChange) => changeVipLevel(db, input),
    coins: () => listCoins(db),
    changeCoin: (input: CoinChange) => changeCoin(db, input),
    /** A correction checked before its key's transaction (the user, the amount, the asset). */
    checkAdjustment: (input: AdjustmentInput) => checkAdjustment(db, input),
    /** The correction's posting and audit row, inside its key's transaction. */
    postAdjustment: (tx: Tx, adjustment: CheckedAdjustment) => postAdjustment(tx, adjustment),
    audit: (options: Parameters<typeof listAudit>[1]) => listAudit(db, options),
  };
}

