/**
 * The bad values the fuzz puts in fields, queries and headers: control characters, lone
 * surrogates, very long text, numbers past what the ledger or an int4 column holds (as JSON
 * literals JSON.stringify cannot write), wrong types and deep nesting.
 */
import fc from 'fast-check';

/** JSON text put into a body as it is: 1e309, 2^63 as a literal, 1000 levels of nesting. */
export class RawJson {
  constructor(
    readonly text: string,
    readonly label = text,
  ) {}
}

/** A value only known when the request is sent (a fresh quote's id). */
export class Live {
  constructor(readonly name: string) {}
}

export const deepArray = (depth: number) => new RawJson(`${'['.repeat(depth)}${']'.repeat(depth)}`, `[…${depth} deep…]`);
export const deepObject = (depth: number) => new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`, `{"a":…${depth} deep…}`);

/** Numeric texts past what a column holds: int4, the 64-bit ledger column (in minor units too). */
export const OVERFLOW_TEXTS = [
  '9223372036854.775808', '9223372036854.775807', '9223372036854775807', '9223372036854775808', '-9223372036854775809', '18446744073709551616',
  '2147483647', '2147483648', '-2147483649', '4294967296', '9007199254740993', `1${'0'.repeat(400)}`, '99999999999999999999.999999', '100000000000000000000',
];

/** Texts that look like numbers to a person or to a lax parser, and the edges of the columns. */
export const NUMERIC_TEXTS = [
  ...OVERFLOW_TEXTS,
  '1e309', '-1e309', '1e20', '1E3', '1e-7', '-0', '0', '-1', '+1', '0.0000001', '1.', '.5', '1,5', '1_000', ' 1 ', '0x10', '00001',
  'NaN', 'Infinity', '-Infinity', '１２３', '٣', '1.2.3',
];

const CONTROL_TEXTS = [
  '\u0000', 'a\u0000b', '\u0000'.repeat(3), '\u0001\u0002\u0003', '\u0007\b\t\n\v\f\r\u001b\u007f', '\r\n\r\n', '\u0085\u2028\u2029',
  '\ufeff', '\u202e\u2066', '\ufffe\uffff', 'A\u0301', '\u200b', 'é'.normalize('NFD'),
];
const SURROGATE_TEXTS = ['\ud800', 'a\udfffb', '\udc00\ud800', '\ud83d', `${'\ud800'.repeat(10)}`];
const INJECTION_TEXTS = [
  '', ' ', '../../../../etc/passwd', "' OR 1=1--", '%00', '%s%s%n', '$' + '{jndi:ldap://x}', '<script>alert(1)</script>', 'null', 'true',
  '[]', '{}', '__proto__', 'constructor', '\\', '"', "'", '%', '%zz', 'TESTONLY'.repeat(3),
];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
const controlChar = fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code));

export const evilString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...CONTROL_TEXTS, ...SURROGATE_TEXTS) },
  { weight: 3, arbitrary: fc.constantFrom(...NUMERIC_TEXTS) },
  { weight: 2, arbitrary: fc.constantFrom(...INJECTION_TEXTS) },
  // Long: past every maxLength, past the 64 KB body limit, and long runs of NULs.
  { weight: 1, arbitrary: fc.constantFrom(300, 1_025, 10_000, 70_000).map((length) => 'a'.repeat(length)) },
  { weight: 1, arbitrary: fc.constantFrom('é'.repeat(40_000), '\u0000'.repeat(5_000), '😀'.repeat(200)) },
  { weight: 2, arbitrary: fc.string({ unit: fc.oneof(loneSurrogate, controlChar, fc.constantFrom('a', '1', '.', '-', '\u0000')), maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
);

/** Numbers: JavaScript ones, and literals only raw JSON can carry. */
export const evilNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 53, 2 ** 53 + 2, 2 ** 63, 2 ** 64, -1, 0, -0, 0.5, 1e21, -(2 ** 63), Number.MAX_VALUE, Number.MIN_VALUE),
  fc.constantFrom('1e309', '-1e309', '9223372036854775807', '9223372036854775808', '18446744073709551616', '2147483648', `1${'0'.repeat(400)}`, '1.0', '1e2', '-0', '1E400', '0.1e1').map((text) => new RawJson(text)),
  fc.integer(),
  fc.double(),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((value) => new RawJson(value.toString())),
);

export const wrongType: fc.Arbitrary<unknown> = fc.constantFrom(null, true, false, [], {}, [1, 'a'], { a: 1 }, [null], { '': '' });

export const deepValue: fc.Arbitrary<unknown> = fc.constantFrom(deepArray(1_000), deepObject(1_000), deepArray(10_000), deepArray(30));

/** Any bad value for a field. */
export const evilValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: evilString },
  { weight: 3, arbitrary: evilNumber },
  { weight: 2, arbitrary: wrongType },
  { weight: 1, arbitrary: deepValue },
);

/** A valid text made bad in one place: a NUL or other control character, a surrogate, length. */
export function spoilText(valid: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(`${valid}\u0000`, `\u0000${valid}`, `${valid.slice(0, 1)}\u0000${valid.slice(1)}`, `${valid}\ud800`, `${valid}\n`, ` ${valid} `),
    fc.constantFrom(`${valid}${'0'.repeat(30)}`, valid.repeat(50), valid.toUpperCase(), valid.normalize('NFKD'), `-${valid}`, `${valid}e309`),
    fc.tuple(fc.nat(Math.max(0, valid.length)), fc.oneof(controlChar, loneSurrogate)).map(([at, inserted]) => valid.slice(0, at) + inserted + valid.slice(at)),
  );
}

/**
 * A header value: only what HTTP can carry (visible ASCII, space, tab and obs-text bytes),
 * since a real client cannot send a NUL or a newline in a header.
 */
export const evilHeader: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', ' ', 'Bearer', 'Bearer ', 'Bearer  x', 'Basic YTpi', 'null', 'undefined', '\t', 'ÿÿÿ', 'é', '%00', 'Bearer %00', '*', ';;;', ',,,'),
  fc.constantFrom(300, 8_000).map((length) => 'x'.repeat(length)),
  fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).filter((code) => code !== 0x7f).map((code) => String.fromCharCode(code)), maxLength: 40 }),
);

/** A query value as it travels: percent-encoded UTF-8, or raw bad escapes (a lone surrogate as its bytes). */
export function encodeQueryValue(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      // Encodes the surrogate as UTF-8 would if it were allowed: bytes no decoder accepts.
      out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    } else out += encodeURIComponent(char);
  }
  return out;
}

/** Query pieces no encoder makes: broken escapes, brackets, repeats. */
export const RAW_QUERY_PIECES = ['%', '%zz', '%00', '%ED%A0%80', '%C0%80', '%FF', '[]=1', '[a]=1', '[__proto__]=1', '=', '&&', '+', '%2B1'];

/** JSON bodies no serialiser makes. */
export const BROKEN_JSON = [
  '', ' ', '{', '}', '{"a":', '{"a":1,}', "{'a':1}", 'nul', 'undefined', '{"a":1}garbage', '{"a":1}{"b":2}', '\ufeff{}', '[', '"', '"\\ud800"',
  '{"a":"\\u0000"}', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}', '{"a":1e309}', '{"a":NaN}', '{"a":"\\x00"}',
  '{"a":"\\uD800"}', '{"\\u0000":1}', '\u0000', '{"a":1} ', 'null', 'true', '123', '"text"', '[]',
];

/** Content types a JSON route should refuse or parse without harm. */
export const WRONG_CONTENT_TYPES = [
  'text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'application/json; charset=utf-16', 'application/json; charset=latin1',
  'application/JSON', 'application/vnd.api+json', 'application/json;;', 'multipart/form-data', 'multipart/form-data; boundary=x', 'image/png',
  'application/octet-stream', ';', 'application/json, text/html', '*/*', 'application/json; charset=nonsense',
];
