/**
 * The pledge (docs/pledge.md). A user starts one order at a time in an operator's product: the
 * amount moves from available to the user's 'pledged' account with the order row. Every day at
 * the payout time the day's interest of every order that ran over it is paid into the users'
 * interest wallets in one set-based posting from the platform's interest account (payDay); at
 * its end an order's principal returns to available (matureDue). Redeemed early, the principal
 * less the product's penalty returns and no later day is paid. Interest moves from the interest
 * wallet to available when the user asks.
 *
 * Exactly once: a day's interest is a row per order and day (primary key) and a ledger transfer
 * per order and day (its idempotency key); the day itself is written in pledge_payout_days in the
 * same transaction, under an advisory lock, so a second process or a restart finds it done.
 *
 * The service is built once (app.services.pledge) from its parts: orders.ts (the user's calls),
 * payouts.ts (the payout round) and products.ts; rows.ts holds what they share.
 */
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { orderCalls } from './orders';
import { payoutCalls } from './payouts';
import { productCalls } from './products';

;

export function createPledge(db: Db, clock: Clock) {
  const deps = { db, clock };
  return { ...orderCalls(deps), ...payoutCalls(deps), ...productCalls(deps) };
}

export type Pledge = ReturnType<typeof createPledge>;
