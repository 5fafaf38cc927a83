import { describe, expect, it } from 'vitest';
import { minorToDecimal, formatDecimalString, parseAmount, toDecimalString } from '../../../src/domain/money';

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
