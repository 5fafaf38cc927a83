import { describe, expect, it } from 'vitest';
import { exceedsMaximumAmount, formatDecimalString, maxAmountMinor, minorToDecimal, parseAmount, parseRate, toDecimalString } from '../../../src/domain/money';
import { amountOf, amountProblem, amountTextSchema } from '../../../src/domain/payments';
import { firstProblem } from '../../../src/domain/validation';

describe('money in minor units', () => {
  it('parses decimal strings exactly, refusing more decimals than the asset has', () => {
    expect(parseAmount('1000', 'USDT')).toBe(1_000_000_000n);
    expect(parseAmount('0.1', 'USDT')).toBe(100_000n);
    expect(parseAmount('12.34', 'EUR')).toBe(1234n);
    expect(parseAmount('12.345', 'EUR')).toBeNull();
    for (const bad of ['', '-1', '1e3', '1,5', 'abc', '.5']) expect(parseAmount(bad, 'USDT')).toBeNull();
  });

  it('shows four decimals and never rounds a balance up', () => {
    expect(minorToDecimal(1_999_999n, 'USDT')).toBe('1.9999');
    expect(minorToDecimal(0n, 'USDT')).toBe('0.0000');
    expect(minorToDecimal(1234n, 'EUR')).toBe('12.3400');
    expect(toDecimalString(100_000n, 'USDT')).toBe('0.100000');
    expect(formatDecimalString('5.123456')).toBe('5.1234');
    expect(formatDecimalString('7')).toBe('7.0000');
  });

  it('adds 0.1 ten times to exactly one', () => {
    let sum = 0n;
    for (let i = 0; i < 10; i++) sum += parseAmount('0.1', 'USDT')!;
    expect(toDecimalString(sum, 'USDT')).toBe('1.000000');
  });
});

describe('bounds', () => {
  it('parses nothing past the ledger column (PostgreSQL bigint)', () => {
    expect(parseAmount('9223372036854.775807', 'USDT')).toBe(2n ** 63n - 1n);
    expect(parseAmount('9223372036854.775808', 'USDT')).toBeNull();
    expect(parseAmount('99999999999999999999', 'EUR')).toBeNull();
  });

  it('knows the product maximum of a billion units, whatever the decimals', () => {
    expect(exceedsMaximumAmount('1000000000')).toBe(false);
    expect(exceedsMaximumAmount('1000000000.00')).toBe(false);
    expect(exceedsMaximumAmount('999999999.999999')).toBe(false);
    expect(exceedsMaximumAmount('1000000000.000001')).toBe(true);
    expect(exceedsMaximumAmount('1000000001')).toBe(true);
    expect(maxAmountMinor('EUR')).toBe(100_000_000_000n);
  });

  it('an entered amount above the maximum is amount.tooLarge, at the edge and where it is parsed', () => {
    const result = amountTextSchema.safeParse('9223372036854.775808');
    expect(result.success).toBe(false);
    expect(firstProblem(result.error!)).toMatchObject({ key: 'amount.tooLarge', params: { max: '1000000000' } });
    expect(() => amountOf('1000000000.01', 'EUR')).toThrow(expect.objectContaining({ key: 'amount.tooLarge' }));
    expect(amountOf('1000000000', 'EUR')).toBe(100_000_000_000n);
    // The money forms show the same refusal before anything is sent.
    expect(amountProblem('2000000000', 'EUR')).toEqual({ key: 'amount.tooLarge', params: { max: '1000000000' } });
  });

  it('a reference rate is 0.01 to 100 EUR per USDT', () => {
    expect(parseRate('0.92')).toBe(920_000n);
    expect(parseRate('0.01')).toBe(10_000n);
    expect(parseRate('100')).toBe(100_000_000n);
    for (const bad of ['0.009999', '100.000001', '0', '1e20', '100000000000000000000', '']) expect(parseRate(bad)).toBeNull();
  });
});
