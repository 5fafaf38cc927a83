/**
 * The fund record's rows: what one movement of a person's money was, in their terms.
 *
 * A movement is every posting the ledger made together for one business row (a conversion's
 * three legs, a deposit with its VIP bonus, a trade's settlement with its fee and the hold it
 * returns). Seen from the person, its legs are of two sorts:
 * - money that came in from outside their accounts or went out of them: the movement's `net`,
 *   per asset (a conversion: −60 USDT, +54.92 EUR);
 * - money moved between their own accounts: set aside for a withdrawal, an offer or a pledge, or
 *   given back to what they can spend: `aside` (into a held account) and `back` (to available).
 * The topic says which of the product's events it was and chooses the words on screen.
 */
import { parseAmount, type Asset } from './money';
import { orderNoOfReference } from './orderNumbers';
import type { Movement } from './wire';

export const MOVEMENT_TOPICS = [
  'deposit',
  'withdrawal_requested',
  'withdrawal_sent',
  'withdrawal_returned',
  'conversion',
  'trade_bought',
  'trade_sold',
  'trade_set_aside',
  'trade_returned',
  'pledge_started',
  'pledge_ended',
  'pledge_redeemed',
  'pledge_interest',
  'interest_moved',
  'loan_paid_out',
  'loan_repayment_sent',
  'loan_repayment_returned',
  'loan_repaid',
  'loan_old_ended',
  'loan_liquidated',
  'loan_collateral_locked',
  'loan_part_repaid',
  'adjustment',
  'other',
] as const;
export type MovementTopic = (typeof MOVEMENT_TOPICS)[number];

export interface AssetAmount {
  asset: Asset;
  /** Minor units; signed in `net` (+ in, − out), positive elsewhere. */
  minor: bigint;
}

export interface MovementSummary {
  topic: MovementTopic;
  /** What came in (+) or went out (−) of the person's accounts, per asset, zero sums left out. */
  net: AssetAmount[];
  /** Moved from what they can spend into one of their own held accounts. */
  aside: AssetAmount[];
  /** Given back from one of their own held accounts to what they can spend. */
  back: AssetAmount[];
  /** A conversion or a trade: what the person gave and what they got. */
  gave: AssetAmount | null;
  got: AssetAmount | null;
  /** The VIP bonus a deposit brought, or a penalty an early redemption kept. */
  extra: AssetAmount | null;
  /** The order number of its record ("D0000000042"), when it has one. */
  orderNo: string | null;
  /** Whether it was an offer's (trade_offer:…) rather than an order's. */
  offer: boolean;
}

/** The first kind present decides the topic; the order is the order of precedence. */
const TOPIC_BY_KIND: ReadonlyArray<[string, MovementTopic]> = [
  ['conversion_out', 'conversion'],
  ['deposit', 'deposit'],
  ['withdrawal_payout', 'withdrawal_sent'],
  ['withdrawal_hold', 'withdrawal_requested'],
  ['withdrawal_release', 'withdrawal_returned'],
  ['trade_settle', 'trade_bought'],
  ['trade_hold', 'trade_set_aside'],
  ['trade_release', 'trade_returned'],
  ['pledge_penalty', 'pledge_redeemed'],
  ['pledge_release', 'pledge_ended'],
  ['pledge_lock', 'pledge_started'],
  ['pledge_interest', 'pledge_interest'],
  ['interest_transfer', 'interest_moved'],
  ['loan_disburse', 'loan_paid_out'],
  ['loan_repay', 'loan_repaid'],
  ['loan_payout_return', 'loan_old_ended'],
  ['loan_liquidation', 'loan_liquidated'],
  ['loan_part_repay', 'loan_part_repaid'],
  ['loan_repay_hold', 'loan_repayment_sent'],
  ['loan_repay_release', 'loan_repayment_returned'],
  // At approval (a posting of its own, before the payout) and when the borrower adds more.
  ['loan_collateral', 'loan_collateral_locked'],
  ['adjustment', 'adjustment'],
];

function add(into: Map<Asset, bigint>, asset: Asset, minor: bigint): void {
  into.set(asset, (into.get(asset) ?? 0n) + minor);
}

function listOf(sums: Map<Asset, bigint>, keepZero = false): AssetAmount[] {
  return [...sums].filter(([, minor]) => keepZero || minor !== 0n).map(([asset, minor]) => ({ asset, minor }));
}

const positive = (amount: AssetAmount): AssetAmount => ({ asset: amount.asset, minor: amount.minor < 0n ? -amount.minor : amount.minor });

export function summarizeMovement(movement: Movement): MovementSummary {
  const net = new Map<Asset, bigint>();
  const aside = new Map<Asset, bigint>();
  const back = new Map<Asset, bigint>();
  const byKind = new Map<string, AssetAmount>();
  for (const leg of movement.legs) {
    const minor = parseAmount(leg.amount, leg.asset) ?? 0n;
    const known = byKind.get(leg.kind);
    byKind.set(leg.kind, { asset: leg.asset, minor: (known && known.asset === leg.asset ? known.minor : 0n) + minor });
    if (leg.from === null && leg.to !== null) add(net, leg.asset, minor);
    else if (leg.from !== null && leg.to === null) add(net, leg.asset, -minor);
    else if (leg.from === 'available' && leg.to !== null && leg.to !== 'available') add(aside, leg.asset, minor);
    else if (leg.to === 'available' && leg.from !== null) add(back, leg.asset, minor);
  }
  let topic: MovementTopic = TOPIC_BY_KIND.find(([kind]) => byKind.has(kind))?.[1] ?? 'other';
  const netList = listOf(net);
  let gave: AssetAmount | null = null;
  let got: AssetAmount | null = null;
  if (topic === 'conversion' || topic === 'trade_bought') {
    const out = netList.find((amount) => amount.minor < 0n);
    const into = netList.find((amount) => amount.minor > 0n);
    gave = out ? positive(out) : null;
    got = into ? positive(into) : null;
    if (topic === 'trade_bought' && got?.asset !== 'USDT') topic = 'trade_sold';
  }
  const extra = byKind.get('deposit_bonus') ?? byKind.get('pledge_penalty') ?? null;
  return {
    topic,
    net: netList,
    aside: listOf(aside),
    back: listOf(back),
    gave,
    got,
    extra,
    orderNo: orderNoOfReference(movement.reference),
    offer: movement.reference.startsWith('trade_offer:'),
  };
}
