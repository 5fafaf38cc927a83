import { afterEach, describe, expect, test, vi } from 'vitest';
import { formatAmount, formatChange, formatCompact, formatQuote, formatRate, formatRateLine, ltrInText, rateLineText } from '../../../src/domain/format';
import { LOCALES, type Locale } from '../../../src/domain/locales';

const NBSP = '\u00a0';
const LRM = '\u200e';

/**
 * Per language: 100000 USDT, 54.92 EUR, 0.000099 USDT, -1234.567891 USDT, a 19-digit USDT
 * amount (a float would lose its last digits), the same in minor units as a signed EUR record
 * with its code, +12.5 USDT in a record, the rate 0.92.
 */
const EXPECTED: Record<Locale, string[]> = {
  en: ['100,000.00', '54.92', '0.000099', '-1,234.567891', '1,234,567,890,123,456,789.987654', `-12,345,678,901,234,567.89${NBSP}EUR`, '+12.50', '0.9200'],
  zh: ['100,000.00', '54.92', '0.000099', '-1,234.567891', '1,234,567,890,123,456,789.987654', `-12,345,678,901,234,567.89${NBSP}EUR`, '+12.50', '0.9200'],
  de: ['100.000,00', '54,92', '0,000099', '-1.234,567891', '1.234.567.890.123.456.789,987654', `-12.345.678.901.234.567,89${NBSP}EUR`, '+12,50', '0,9200'],
  es: ['100.000,00', '54,92', '0,000099', '-1.234,567891', '1.234.567.890.123.456.789,987654', `-12.345.678.901.234.567,89${NBSP}EUR`, '+12,50', '0,9200'],
  it: ['100.000,00', '54,92', '0,000099', '-1.234,567891', '1.234.567.890.123.456.789,987654', `-12.345.678.901.234.567,89${NBSP}EUR`, '+12,50', '0,9200'],
  pt: ['100.000,00', '54,92', '0,000099', '-1.234,567891', '1.234.567.890.123.456.789,987654', `-12.345.678.901.234.567,89${NBSP}EUR`, '+12,50', '0,9200'],
  tzm: [
    `100${NBSP}000,00`,
    '54,92',
    '0,000099',
    `-1${NBSP}234,567891`,
    ['1', '234', '567', '890', '123', '456', '789,987654'].join(NBSP),
    `${['-12', '345', '678', '901', '234', '567,89'].join(NBSP)}${NBSP}EUR`,
    '+12,50',
    '0,9200',
  ],
  // Latin digits; the left-to-right mark keeps the sign before the number in right-to-left text.
  ar: ['100,000.00', '54.92', '0.000099', `${LRM}-1,234.567891`, '1,234,567,890,123,456,789.987654', `${LRM}-12,345,678,901,234,567.89${NBSP}EUR`, `${LRM}+12.50`, '0.9200'],
  nl: ['100.000,00', '54,92', '0,000099', '-1.234,567891', '1.234.567.890.123.456.789,987654', `-12.345.678.901.234.567,89${NBSP}EUR`, '+12,50', '0,9200'],
  he: ['100,000.00', '54.92', '0.000099', `${LRM}-1,234.567891`, '1,234,567,890,123,456,789.987654', `${LRM}-12,345,678,901,234,567.89${NBSP}EUR`, `${LRM}+12.50`, '0.9200'],
};

describe('formatAmount and formatRate in the ten languages', () => {
  test.each(LOCALES)('%s', (locale) => {
    expect([
      formatAmount('100000', 'USDT', locale),
      formatAmount('54.92', 'EUR', locale),
      formatAmount('0.000099', 'USDT', locale),
      formatAmount('-1234.567891', 'USDT', locale),
      formatAmount('1234567890123456789.987654', 'USDT', locale),
      formatAmount(-1234567890123456789n, 'EUR', locale, { sign: 'always', withCode: true }),
      formatAmount('12.5', 'USDT', locale, { sign: 'always' }),
      formatRate('0.92', locale),
    ]).toEqual(EXPECTED[locale]);
  });

  test('every language writes Latin digits, Arabic included', () => {
    for (const locale of LOCALES) expect(formatAmount('9876543210.123456', 'USDT', locale)).toMatch(/^[0-9.,\u00a0]+$/);
  });
});

describe('formatAmount', () => {
  test('shows the cents always, and further decimals only where they are not zero: no noise, no hidden digit', () => {
    expect(formatAmount('100000.000000', 'USDT', 'en')).toBe('100,000.00');
    expect(formatAmount('0.000000', 'USDT', 'en')).toBe('0.00');
    expect(formatAmount('12.500000', 'USDT', 'en')).toBe('12.50');
    expect(formatAmount('43.260800', 'USDT', 'en')).toBe('43.2608');
    // The smallest amounts keep their digits: 0.0001 USDT is not "0.00".
    expect(formatAmount('0.000100', 'USDT', 'en')).toBe('0.0001');
    expect(formatAmount(1n, 'USDT', 'en')).toBe('0.000001');
    expect(formatAmount('-0.000100', 'USDT', 'de', { sign: 'always', withCode: true })).toBe(`-0,0001${NBSP}USDT`);
    // EUR has cents and nothing below.
    expect(formatAmount('54.90', 'EUR', 'en')).toBe('54.90');
    expect(formatAmount('54', 'EUR', 'en')).toBe('54.00');
  });

  test("cuts toward zero past the asset's precision, never rounds up", () => {
    expect(formatAmount('0.99999999', 'USDT', 'en')).toBe('0.999999');
    expect(formatAmount('-0.99999999', 'USDT', 'en')).toBe('-0.999999');
    expect(formatAmount('54.929', 'EUR', 'en')).toBe('54.92');
    expect(formatAmount(999_999n, 'USDT', 'en')).toBe('0.999999');
    expect(formatAmount(-999_999n, 'USDT', 'en')).toBe('-0.999999');
  });

  test('bigint minor units and the wire string give the same text', () => {
    expect(formatAmount(12_500_000n, 'USDT', 'de')).toBe(formatAmount('12.500000', 'USDT', 'de'));
    expect(formatAmount(5492n, 'EUR', 'de', { withCode: true })).toBe(`54,92${NBSP}EUR`);
    expect(formatAmount(1n, 'EUR', 'en')).toBe('0.01');
    expect(formatAmount(0n, 'USDT', 'en')).toBe('0.00');
  });

  test('huge amounts stay exact to the last digit', () => {
    const minor = 10n ** 40n + 123_456_789n;
    expect(formatAmount(minor, 'USDT', 'en')).toBe('10,000,000,000,000,000,000,000,000,000,000,123.456789');
    expect(formatAmount('98765432109876543210987654321.99', 'EUR', 'nl')).toBe('98.765.432.109.876.543.210.987.654.321,99');
    // Past 2^63 too, where a 64-bit integer would overflow.
    expect(formatAmount('9223372036854775807.000001', 'USDT', 'en')).toBe('9,223,372,036,854,775,807.000001');
  });

  test('signs: a debit stays a debit when cut to zero, zero has none, "always" marks credits', () => {
    expect(formatAmount('-0.0000001', 'USDT', 'en')).toBe('-0.00');
    expect(formatAmount('-0.0000001', 'USDT', 'en', { sign: 'always' })).toBe('-0.00');
    expect(formatAmount('0.000099', 'USDT', 'en', { sign: 'always' })).toBe('+0.000099');
    expect(formatAmount('0', 'USDT', 'en', { sign: 'always' })).toBe('0.00');
    expect(formatAmount('-0.000000', 'USDT', 'en', { sign: 'always' })).toBe('0.00');
    expect(formatAmount('+30.000000', 'USDT', 'en', { sign: 'always' })).toBe('+30.00');
    expect(formatAmount('+30.000000', 'USDT', 'en')).toBe('30.00');
    expect(formatAmount(-3_000_000n, 'USDT', 'he', { sign: 'always', withCode: true })).toBe(`${LRM}-3.00${NBSP}USDT`);
  });

  test('groups four-digit amounts in every language', () => {
    expect(formatAmount('1000', 'EUR', 'es')).toBe('1.000,00');
    expect(formatAmount('1000', 'EUR', 'it')).toBe('1.000,00');
    expect(formatAmount('1000', 'EUR', 'en')).toBe('1,000.00');
  });

  test('a string that is not a decimal is an error, not a wrong number', () => {
    for (const text of ['', 'abc', '1e6', '1,5', '12.', '.5', 'NaN', '--1']) expect(() => formatAmount(text, 'USDT', 'en')).toThrow(RangeError);
  });
});

describe('formatRate: one rate format on every screen', () => {
  test('4 decimals always, every further non-zero digit up to the 6 rates are kept with, cut', () => {
    // The reference rate reads the same on home ("0.9200" from /currency/rate) and a loan ("0.920000" setting).
    expect(formatRate('0.9200', 'en')).toBe('0.9200');
    expect(formatRate('0.920000', 'en')).toBe('0.9200');
    expect(formatRate('0.92', 'de')).toBe('0,9200');
    // A quote's rate is what the server multiplies by: all of its digits, so the user can check the figures.
    expect(formatRate('1.086956', 'en')).toBe('1.086956');
    expect(formatRate('0.541300', 'en')).toBe('0.5413');
    expect(formatRate('1.0869565217', 'en')).toBe('1.086956');
    expect(formatRate('1234.5', 'de')).toBe('1.234,5000');
  });
});

describe('formatRateLine', () => {
  test('"1 USDT = 0.9200 EUR", its words joined by no-break spaces so the line never breaks inside', () => {
    expect(formatRateLine({ base: 'USDT', rate: '0.920000', quote: 'EUR' }, 'en')).toBe(`1${NBSP}USDT${NBSP}=${NBSP}0.9200${NBSP}EUR`);
    expect(formatRateLine({ base: 'EUR', rate: '1.086956', quote: 'USDT', relation: '≈' }, 'de')).toBe(`1${NBSP}EUR${NBSP}≈${NBSP}1,086956${NBSP}USDT`);
    expect(rateLineText({ base: 'USDT', rate: '0.541338', quote: 'EUR', relation: '≤' }, 'ar')).toBe(`1${NBSP}USDT${NBSP}≤${NBSP}0.541338${NBSP}EUR`);
  });

  test('in Arabic and Hebrew, one isolated left-to-right run that the sentence around it cannot reorder', () => {
    for (const locale of ['ar', 'he'] as const) {
      const line = formatRateLine({ base: 'EUR', rate: '1.086956', quote: 'USDT' }, locale);
      expect(line).toBe(`\u2066${rateLineText({ base: 'EUR', rate: '1.086956', quote: 'USDT' }, locale)}\u2069`);
      expect(line).not.toMatch(/ /);
    }
  });
});

describe('Tamazight on an engine without its data', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.resetModules();
  });

  test('falls back to Kabyle, then French separators', async () => {
    const supported = Intl.NumberFormat.supportedLocalesOf.bind(Intl.NumberFormat);
    const spy = vi.spyOn(Intl.NumberFormat, 'supportedLocalesOf');
    spy.mockImplementation((tags) => supported(tags).filter((tag) => !['tzm', 'zgh'].includes(tag)));
    vi.resetModules();
    expect((await import('../../../src/domain/format')).formatAmount('100000', 'USDT', 'tzm')).toBe(`100${NBSP}000,00`);

    spy.mockImplementation((tags) => supported(tags).filter((tag) => !['tzm', 'zgh', 'kab'].includes(tag)));
    vi.resetModules();
    expect((await import('../../../src/domain/format')).formatAmount('100000', 'USDT', 'tzm')).toBe('100\u202f000,00');
  });
});

describe('market quotes', () => {
  test('a price shows 2 decimals from 100 up, 4 down to a cent, 6 below, cut and never rounded up', () => {
    expect(formatQuote('64012.5', 'en')).toBe('64,012.50');
    expect(formatQuote('64012.509', 'de')).toBe('64.012,50');
    expect(formatQuote('0.92159', 'en')).toBe('0.9215');
    expect(formatQuote('3.5', 'es')).toBe('3,5000');
    expect(formatQuote('0.00123456789', 'en')).toBe('0.001234');
  });

  test('a change always carries its sign, in the language form of a percentage', () => {
    expect(formatChange('-1.25', 'en')).toBe('-1.25%');
    expect(formatChange('3.4', 'en')).toBe('+3.40%');
    expect(formatChange('0.00', 'en')).toBe('+0.00%');
    expect(formatChange('-0.00', 'en')).toBe('+0.00%');
    expect(formatChange('12.5', 'de')).toBe('+12,50\u00a0%');
  });
});

describe('formatCompact', () => {
  test('a volume is compact in every language: abbreviated where the language abbreviates, else rounded to three digits', () => {
    expect(formatCompact('2248.5', 'en')).toBe('2.2K');
    expect(formatCompact('2248.5', 'zh')).toBe('2250');
    expect(formatCompact('2248.5', 'de')).toBe('2250');
    expect(formatCompact('2248.5', 'es')).toBe('2,2\u00a0mil');
    expect(formatCompact('45678.9', 'zh')).toBe('4.6万');
    expect(formatCompact('12345678', 'de')).toBe('12,3\u00a0Mio.');
    expect(formatCompact('20', 'en')).toBe('20');
    expect(formatCompact('0.5', 'de')).toBe('0,5');
  });

  test('with Latin digits in every language, Arabic too', () => {
    for (const locale of LOCALES) expect(formatCompact('2248.5', locale)).toMatch(/^[^\u0660-\u0669\u06f0-\u06f9]*\d/);
    expect(formatCompact('2248.5', 'ar')).toBe('2.2\u00a0ألف');
  });
});

describe('ltrInText', () => {
  test('keeps an amount and its unit together, left to right, inside Arabic and Hebrew sentences only', () => {
    expect(ltrInText('19.9600 USDT', 'ar')).toBe('\u206619.9600 USDT\u2069');
    expect(ltrInText('19.9600 USDT', 'he')).toBe('\u206619.9600 USDT\u2069');
    for (const locale of ['en', 'de', 'zh', 'tzm'] as const) expect(ltrInText('19.9600 USDT', locale)).toBe('19.9600 USDT');
  });
});
