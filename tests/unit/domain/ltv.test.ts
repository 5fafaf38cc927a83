import { describe, expect, it } from 'vitest';
import {
  collateralFor,
  collateralRange,
  collateralValue,
  daysUsed,
  interestForDaysUsed,
  interestOwed,
  liquidation,
  LTV_SETTING_BOUNDS,
  ltvAbove,
  ltvAllowed,
  ltvAtLeast,
  ltvBp,
  thresholdRate,
  type Pair,
} from '../../../src/domain/ltv';
import { parseAmount, parseRate, percentText } from '../../../src/domain/money';

const usdt = (text: string) => parseAmount(text, 'USDT')!;
const eur = (text: string) => parseAmount(text, 'EUR')!;
const rate = (text: string) => parseRate(text)!;

/** docs/loans.md's example: 1,000 EUR borrowed against USDT at 0.92 EUR for one USDT. */
const eurAgainstUsdt = (at: string): Pair => ({ loanAsset: 'EUR', collateralAsset: 'USDT', rate: rate(at) });
const usdtAgainstEur = (at: string): Pair => ({ loanAsset: 'USDT', collateralAsset: 'EUR', rate: rate(at) });

describe('collateral and LTV of a loan across assets', () => {
  it('values the collateral in the loan asset at the rate, rounded down to the minor unit', () => {
    expect(collateralValue(usdt('1358.695653'), eurAgainstUsdt('0.92'))).toBe(eur('1250.00')); // 1250.00000076
    expect(collateralValue(usdt('0.010869'), eurAgainstUsdt('0.92'))).toBe(eur('0.00')); // 0.0099995 EUR
    expect(collateralValue(usdt('0.010870'), eurAgainstUsdt('0.92'))).toBe(eur('0.01'));
    // EUR → USDT divides by the rate exactly (not by 1/rate cut to six decimals).
    expect(collateralValue(eur('920.00'), usdtAgainstEur('0.92'))).toBe(usdt('1000'));
    expect(collateralValue(eur('1.00'), usdtAgainstEur('0.92'))).toBe(usdt('1.086956')); // 1.08695652…
  });

  it('computes the collateral a loan needs at a target LTV, rounded up, so the LTV is at most the target', () => {
    // 1,000 EUR at 80 % needs 1,250 EUR of USDT: 1358.69565217… USDT, rounded up.
    const collateral = collateralFor(eur('1000'), 8_000n, eurAgainstUsdt('0.92'));
    expect(collateral).toBe(usdt('1358.695653'));
    expect(ltvAllowed(eur('1000'), collateral, eurAgainstUsdt('0.92'))).toBe(true);
    expect(ltvAllowed(eur('1000'), collateral - 1n, eurAgainstUsdt('0.92'))).toBe(false);
    expect(collateralFor(eur('1000'), 5_000n, eurAgainstUsdt('0.92'))).toBe(usdt('2173.913044'));
    expect(collateralFor(usdt('500'), 5_000n, usdtAgainstEur('0.92'))).toBe(eur('920.00'));
    expect(collateralFor(usdt('500.000001'), 5_000n, usdtAgainstEur('0.92'))).toBe(eur('920.01'));
  });

  it('shows the LTV in hundredths of a percent rounded up, and decides thresholds exactly', () => {
    const pair = eurAgainstUsdt('0.92');
    expect(ltvBp(eur('1000'), usdt('1358.695653'), pair)).toBe(8_000n); // 79.99999995 %
    expect(ltvBp(eur('1000'), usdt('2000'), pair)).toBe(5_435n); // 1000 / 1840 = 54.3478… %
    expect(ltvBp(usdt('500'), eur('920'), usdtAgainstEur('0.92'))).toBe(5_000n);
    // Exactly at 80 % is allowed, past it not; at least 10 %.
    expect(ltvAllowed(eur('800'), usdt('1000'), eurAgainstUsdt('1'))).toBe(true);
    expect(ltvAllowed(eur('800.01'), usdt('1000'), eurAgainstUsdt('1'))).toBe(false);
    expect(ltvAllowed(eur('100'), usdt('1000'), eurAgainstUsdt('1'))).toBe(true);
    expect(ltvAllowed(eur('99.99'), usdt('1000'), eurAgainstUsdt('1'))).toBe(false);
    expect(ltvAllowed(0n, usdt('1000'), eurAgainstUsdt('1'))).toBe(false);
    // 850 EUR against 1,000 USDT at 1: exactly 85 % is a margin call, 849.99 is not.
    expect(ltvAtLeast(eur('850'), usdt('1000'), eurAgainstUsdt('1'), 8_500n)).toBe(true);
    expect(ltvAtLeast(eur('849.99'), usdt('1000'), eurAgainstUsdt('1'), 8_500n)).toBe(false);
  });

  it('gives the collateral a loan may have: from 80 % (rounded up) to 10 % (rounded down), as ltvAllowed decides', () => {
    const range = collateralRange(eur('1000'), eurAgainstUsdt('0.92'));
    // 1000 / 0.92 / 0.1 = 10869.5652173…
    expect(range).toEqual({ min: usdt('1358.695653'), max: usdt('10869.565217') });
    expect(ltvAllowed(eur('1000'), range.max, eurAgainstUsdt('0.92'))).toBe(true);
    expect(ltvAllowed(eur('1000'), range.max + 1n, eurAgainstUsdt('0.92'))).toBe(false);
    expect(collateralRange(usdt('500'), usdtAgainstEur('0.92'))).toEqual({ min: eur('575'), max: eur('4600') });
  });

  it('tells a strictly higher LTV apart and writes percents without trailing zeros', () => {
    expect(ltvAbove(eur('800'), usdt('1000'), eurAgainstUsdt('1'), 8_000n)).toBe(false);
    expect(ltvAbove(eur('800.01'), usdt('1000'), eurAgainstUsdt('1'), 8_000n)).toBe(true);
    expect([percentText(8_088n), percentText(8_000n), percentText(8_050n), percentText(5n)]).toEqual(['80.88', '80', '80.5', '0.05']);
  });

  it('refuses a loan and collateral in the same asset, or no collateral', () => {
    expect(() => collateralValue(1n, { loanAsset: 'EUR', collateralAsset: 'EUR', rate: rate('1') })).toThrow(RangeError);
    expect(() => ltvBp(1n, 0n, eurAgainstUsdt('1'))).toThrow(RangeError);
    expect(() => thresholdRate(1n, 1n, 8_500n, { loanAsset: 'USDT', collateralAsset: 'USDT' })).toThrow(RangeError);
  });
});

describe('margin-call and liquidation prices', () => {
  it('USDT collateral: the highest rate at which the threshold is reached, rounded down', () => {
    const sides = { loanAsset: 'EUR', collateralAsset: 'USDT' } as const;
    const collateral = usdt('1358.695653');
    // 0.92 × 80 / 85 = 0.86588235…; 0.92 × 80 / 90 = 0.81777777…
    const call = thresholdRate(eur('1000'), collateral, 8_500n, sides);
    expect(call).toEqual({ rate: rate('0.865882'), when: 'atOrBelow' });
    expect(thresholdRate(eur('1000'), collateral, 9_000n, sides).rate).toBe(rate('0.817777'));
    // At the price the call comes; one millionth above it, not.
    expect(ltvAtLeast(eur('1000'), collateral, { ...sides, rate: call.rate }, 8_500n)).toBe(true);
    expect(ltvAtLeast(eur('1000'), collateral, { ...sides, rate: call.rate + 1n }, 8_500n)).toBe(false);
  });

  it('EUR collateral: the lowest rate at which the threshold is reached, rounded up', () => {
    const sides = { loanAsset: 'USDT', collateralAsset: 'EUR' } as const;
    // 500 USDT against 920 EUR: LTV = 500 × rate / 920, 85 % at 1.564 exactly.
    expect(thresholdRate(usdt('500'), eur('920'), 8_500n, sides)).toEqual({ rate: rate('1.564'), when: 'atOrAbove' });
    // 90 %: 1.656 exactly; a millionth of a USDT more owed: 1.655999996… rounded up to 1.656000.
    expect(thresholdRate(usdt('500'), eur('920'), 9_000n, sides).rate).toBe(rate('1.656'));
    const odd = thresholdRate(usdt('500.000001'), eur('920'), 9_000n, sides);
    expect(odd.rate).toBe(rate('1.656'));
    expect(ltvAtLeast(usdt('500.000001'), eur('920'), { ...sides, rate: odd.rate }, 9_000n)).toBe(true);
    expect(ltvAtLeast(usdt('500.000001'), eur('920'), { ...sides, rate: odd.rate - 1n }, 9_000n)).toBe(false);
  });
});

describe('liquidation', () => {
  const collateral = usdt('1358.695653');

  it('converts just enough collateral for principal, interest so far and the fee, rounded up, and returns the rest', () => {
    // 1,000 EUR, 10 days at 0.03 % a day: 3.00 EUR interest; fee 1 % of 1,003.00 = 10.03 EUR.
    const result = liquidation({ principal: eur('1000'), interest: eur('3'), feeBp: 100n, collateral, ...eurAgainstUsdt('0.81') });
    expect(result).toEqual({
      fee: eur('10.03'),
      owed: eur('1013.03'),
      converted: usdt('1250.654321'), // 1013.03 / 0.81 = 1250.65432098…
      returned: usdt('108.041332'),
      proceeds: eur('1013.03'), // 1013.03000001 EUR, rounded down
      shortfall: 0n,
    });
    expect(result.converted + result.returned).toBe(collateral);
  });

  it('rounds the fee up to the loan asset\'s minor unit', () => {
    expect(liquidation({ principal: eur('1000.01'), interest: 0n, feeBp: 100n, collateral, ...eurAgainstUsdt('0.81') }).fee).toBe(eur('10.01')); // 10.0001
    expect(liquidation({ principal: eur('1000'), interest: 0n, feeBp: 0n, collateral, ...eurAgainstUsdt('0.81') }).fee).toBe(0n);
  });

  it('converts all the collateral when the rate jumped past it, the difference being the platform\'s', () => {
    const result = liquidation({ principal: eur('1000'), interest: eur('3'), feeBp: 100n, collateral, ...eurAgainstUsdt('0.70') });
    // 1358.695653 USDT × 0.70 = 951.0869571 EUR.
    expect(result).toMatchObject({ converted: collateral, returned: 0n, proceeds: eur('951.08'), shortfall: eur('61.95') });
  });

  it('works the other way round: USDT repaid from EUR collateral', () => {
    // 500 USDT + 1 USDT interest + 1 % fee (5.01) = 506.01 USDT at 1.70 EUR each = 860.217 EUR → 860.22.
    const result = liquidation({ principal: usdt('500'), interest: usdt('1'), feeBp: 100n, collateral: eur('920'), ...usdtAgainstEur('1.70') });
    expect(result).toMatchObject({ fee: usdt('5.01'), owed: usdt('506.01'), converted: eur('860.22'), returned: eur('59.78'), shortfall: 0n });
    expect(result.proceeds).toBe(usdt('506.011764')); // 860.22 / 1.70, rounded down: at least what is owed
  });

  it('has bounds where a liquidation at the highest LTV with the highest fee asks less than the collateral is worth', () => {
    const { liquidation: at, liquidationFee } = LTV_SETTING_BOUNDS;
    expect(at.max * (10_000n + liquidationFee.max)).toBeLessThan(10_000n * 10_000n);
    expect(LTV_SETTING_BOUNDS.marginCall.min).toBeGreaterThan(8_000n);
    expect(LTV_SETTING_BOUNDS.marginCall.max).toBeLessThan(at.min);
  });
});

describe('interest for the days used', () => {
  const paidOut = new Date('2026-11-01T12:00:00Z');
  const later = (ms: number) => new Date(paidOut.getTime() + ms);
  const day = 86_400_000;

  it('counts every started day, at least one and at most the period', () => {
    expect(daysUsed(paidOut, paidOut, 30)).toBe(1);
    expect(daysUsed(paidOut, later(1), 30)).toBe(1);
    expect(daysUsed(paidOut, later(day), 30)).toBe(1);
    expect(daysUsed(paidOut, later(day + 1), 30)).toBe(2);
    expect(daysUsed(paidOut, later(100 * day), 30)).toBe(30);
  });

  it('charges the daily rate for those days, rounded down to the minor unit', () => {
    // 1,000 EUR at 0.03 % a day (300 ppm): 0.30 EUR a day.
    expect(interestForDaysUsed(eur('1000'), 300n, 30, paidOut, later(9 * day + 1))).toEqual({ days: 10, interest: eur('3'), total: eur('1003') });
    // 3.33 EUR × 0.03 % × 7 = 0.006993 EUR → 0.00.
    expect(interestForDaysUsed(eur('3.33'), 300n, 30, paidOut, later(7 * day)).interest).toBe(0n);
    // 1000.000001 USDT × 0.025 % × 3 = 0.75000000075 USDT → 0.750000.
    expect(interestForDaysUsed(usdt('1000.000001'), 250n, 90, paidOut, later(3 * day)).interest).toBe(usdt('0.75'));
  });

  it('after a partial repayment, charges only the days not yet paid, on the principal left', () => {
    // Nothing repaid: the same as interestForDaysUsed.
    expect(interestOwed(eur('1000'), 300n, 30, paidOut, 0, later(9 * day + 1))).toEqual({ days: 10, interest: eur('3') });
    // 10 days paid with 400 EUR repaid on day 10: on day 20, ten more days on 600 EUR = 1.80 EUR.
    expect(interestOwed(eur('600'), 300n, 30, paidOut, 10, later(19 * day + 1))).toEqual({ days: 20, interest: eur('1.8') });
    // Still within the tenth day: nothing more.
    expect(interestOwed(eur('600'), 300n, 30, paidOut, 10, later(9 * day + 3_600_000))).toEqual({ days: 10, interest: 0n });
    // Past the period: the days up to it only (20 more on 600 = 3.60 EUR).
    expect(interestOwed(eur('600'), 300n, 30, paidOut, 10, later(45 * day))).toEqual({ days: 30, interest: eur('3.6') });
    // 333.33 EUR × 0.03 % × 3 = 0.299997 → 0.29.
    expect(interestOwed(eur('333.33'), 300n, 30, paidOut, 2, later(4 * day + 1)).interest).toBe(eur('0.29'));
  });
});
