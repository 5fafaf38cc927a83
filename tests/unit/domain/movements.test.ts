/** What each movement of the ledger is called in the fund record, and the figures its row shows. */
import { describe, expect, test } from 'vitest';
import { MOVEMENT_TOPICS, summarizeMovement, type MovementTopic } from '../../../src/domain/movements';
import type { Movement, MovementLeg } from '../../../src/domain/wire';

const leg = (kind: string, amount: string, from: MovementLeg['from'], to: MovementLeg['to'], asset: 'USDT' | 'EUR' = 'USDT'): MovementLeg => ({ kind, asset, amount, from, to });
const movement = (reference: string, legs: MovementLeg[]): Movement => ({ id: 1, reference, reason: null, createdAt: '2030-01-01T00:00:00.000Z', legs });

/** Every movement the modules post, as one side sees it, and what the row calls it. */
const CASES: Array<[MovementTopic, Movement]> = [
  ['deposit', movement('deposit:1', [leg('deposit', '100.000000', null, 'available'), leg('deposit_bonus', '1.000000', null, 'available')])],
  ['withdrawal_requested', movement('withdrawal:1', [leg('withdrawal_hold', '50.000000', 'available', 'held')])],
  ['withdrawal_sent', movement('withdrawal:1', [leg('withdrawal_payout', '49.000000', 'held', null), leg('withdrawal_fee', '1.000000', 'held', null)])],
  ['withdrawal_returned', movement('withdrawal:2', [leg('withdrawal_release', '50.000000', 'held', 'available')])],
  ['conversion', movement('conversion:1', [leg('conversion_out', '9.950000', 'available', null), leg('conversion_fee', '0.050000', 'available', null), leg('conversion_in', '9.20', null, 'available', 'EUR')])],
  ['trade_bought', movement('trade_order:1', [leg('trade_settle', '9.980000', null, 'available'), leg('trade_settle', '9.20', 'trading', null, 'EUR')])],
  ['trade_sold', movement('trade_order:1', [leg('trade_settle', '10.000000', 'trading', null), leg('trade_settle', '9.18', null, 'available', 'EUR'), leg('trade_fee', '0.02', 'trading', null, 'EUR')])],
  ['trade_set_aside', movement('trade_offer:1', [leg('trade_hold', '500.000000', 'available', 'trading')])],
  ['trade_returned', movement('trade_order:2', [leg('trade_release', '20.00', 'trading', 'available', 'EUR')])],
  ['pledge_started', movement('pledge:1', [leg('pledge_lock', '100.000000', 'available', 'pledged')])],
  ['pledge_ended', movement('pledge:1', [leg('pledge_release', '100.000000', 'pledged', 'available')])],
  ['pledge_redeemed', movement('pledge:2', [leg('pledge_release', '95.000000', 'pledged', 'available'), leg('pledge_penalty', '5.000000', 'pledged', null)])],
  ['pledge_interest', movement('pledge:1', [leg('pledge_interest', '0.500000', null, 'interest')])],
  ['interest_moved', movement('interest:u', [leg('interest_transfer', '1.500000', 'interest', 'available')])],
  ['loan_paid_out', movement('loan:1', [leg('loan_disburse', '300.000000', null, 'available'), leg('loan_collateral', '300.000000', 'available', 'collateral')])],
  ['loan_repayment_sent', movement('loan:1', [leg('loan_repay_hold', '309.000000', 'available', 'held')])],
  ['loan_repayment_returned', movement('loan:1', [leg('loan_repay_release', '309.000000', 'held', 'available')])],
  [
    'loan_repaid',
    movement('loan:1', [leg('loan_repay', '300.000000', 'held', null), leg('loan_interest', '9.000000', 'held', null), leg('loan_collateral_release', '300.000000', 'collateral', 'available')]),
  ],
  // An old principal loan ended (a repayment under review returned with it): the payout back from its collateral.
  ['loan_old_ended', movement('loan:2', [leg('loan_repay_release', '403.600000', 'held', 'available'), leg('loan_payout_return', '400.000000', 'collateral', null)])],
  // A liquidation, as the borrower sees it: the collateral converted went out, the rest came back to available.
  [
    'loan_liquidated',
    movement('loan:3', [leg('loan_liquidation', '1239.938801', 'collateral', null), leg('loan_collateral_release', '118.756852', 'collateral', 'available')]),
  ],
  // More collateral for a loan across assets (or the collateral of its approval, a posting of its own): set aside.
  ['loan_collateral_locked', movement('loan:4', [leg('loan_collateral', '300.000000', 'available', 'collateral')])],
  // Part of a EUR loan repaid with the interest so far.
  ['loan_part_repaid', movement('loan:5', [leg('loan_part_interest', '3.00', 'available', null, 'EUR'), leg('loan_part_repay', '400.00', 'available', null, 'EUR')])],
  ['adjustment', movement('adjustment:x', [leg('adjustment', '5.00', null, 'available', 'EUR')])],
  ['other', movement('something:1', [leg('a_kind_from_a_later_release', '1.000000', null, 'available')])],
];

describe('the fund record’s rows', () => {
  test('every topic has a movement that is called by it', () => {
    expect(CASES.map(([topic]) => topic).sort()).toEqual([...MOVEMENT_TOPICS].sort());
    for (const [topic, move] of CASES) expect([move.reference, summarizeMovement(move).topic]).toEqual([move.reference, topic]);
  });

  test('what came in or went out is the net per asset; moves between the person’s own accounts are apart', () => {
    const summary = (topic: MovementTopic) => summarizeMovement(CASES.find(([t]) => t === topic)![1]);
    expect(summary('conversion')).toMatchObject({ net: [{ asset: 'USDT', minor: -10_000_000n }, { asset: 'EUR', minor: 9_20n }], gave: { asset: 'USDT', minor: 10_000_000n }, got: { asset: 'EUR', minor: 9_20n } });
    expect(summary('deposit')).toMatchObject({ net: [{ asset: 'USDT', minor: 101_000_000n }], extra: { asset: 'USDT', minor: 1_000_000n }, orderNo: 'D0000000001' });
    expect(summary('withdrawal_requested')).toMatchObject({ net: [], aside: [{ asset: 'USDT', minor: 50_000_000n }], back: [], orderNo: 'W0000000001' });
    expect(summary('withdrawal_returned')).toMatchObject({ net: [], aside: [], back: [{ asset: 'USDT', minor: 50_000_000n }] });
    expect(summary('trade_sold')).toMatchObject({ gave: { asset: 'USDT', minor: 10_000_000n }, got: { asset: 'EUR', minor: 9_16n }, orderNo: 'T0000000001', offer: false });
    expect(summary('trade_set_aside')).toMatchObject({ offer: true, orderNo: null });
    expect(summary('pledge_redeemed')).toMatchObject({ net: [{ asset: 'USDT', minor: -5_000_000n }], back: [{ asset: 'USDT', minor: 95_000_000n }], extra: { asset: 'USDT', minor: 5_000_000n } });
    expect(summary('loan_paid_out')).toMatchObject({ net: [{ asset: 'USDT', minor: 300_000_000n }], aside: [{ asset: 'USDT', minor: 300_000_000n }] });
    expect(summary('loan_repaid')).toMatchObject({ net: [{ asset: 'USDT', minor: -309_000_000n }], back: [{ asset: 'USDT', minor: 300_000_000n }] });
    expect(summary('loan_liquidated')).toMatchObject({ net: [{ asset: 'USDT', minor: -1_239_938_801n }], back: [{ asset: 'USDT', minor: 118_756_852n }] });
    expect(summary('loan_collateral_locked')).toMatchObject({ net: [], aside: [{ asset: 'USDT', minor: 300_000_000n }] });
    expect(summary('interest_moved')).toMatchObject({ net: [], back: [{ asset: 'USDT', minor: 1_500_000n }] });
  });
});
