/**
 * The trading hall (docs/trading.md): merchants' offers, their orders and the matching between
 * them, each change with its postings in one transaction (book.ts holds the moves). Money calls
 * (posting or changing an offer, placing or confirming an order) run inside the payment's
 * transaction (payOnce); withdrawing an offer and cancelling an order only give money back, so
 * they need no payment password and run in a transaction of their own.
 *
 * The service is built once (app.services.trading) from its parts, each in its own file:
 * merchants.ts (applications), offers.ts (the hall and offers), orders.ts, summary.ts and
 * sweep.ts (the scheduled work); rows.ts holds what they share.
 */
import { sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import { queueLengthOf } from '../../db/pages';
import type { Db } from '../../db/client';
import { merchantCalls } from './merchants';
import { offerCalls } from './offers';
import { orderCalls } from './orders';
import { summaryCalls } from './summary';
import { sweepCalls } from './sweep';


export function createTrading(db: Db, clock: Clock) {
  const deps = { db, clock };
  return {
    ...merchantCalls(deps),
    ...offerCalls(deps),
    ...orderCalls(deps),
    ...summaryCalls(deps),
    ...sweepCalls(deps),
    /** GET /ops/queues: the applications to become a merchant awaiting a decision. */
    applicationsWaiting: () => queueLengthOf(db, 'merchant_applications', sql`status = 'pending'`),
  };
}

export type Trading = ReturnType<typeof createTrading>;
