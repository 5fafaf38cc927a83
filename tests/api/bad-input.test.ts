/**
 * Bad input is refused with a 4xx and a message in the user's language, and changes nothing:
 * control characters in any text, amounts past the product maximum, ids past the columns'
 * range, broken multipart, settings outside their range. Each case is a finding of an outside
 * probe that used to end in a 500.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { ErrorKey, MessageParams } from '../../src/domain/errors';
import type { Locale } from '../../src/domain/locales';
import { errorText } from '../../src/locales/errors';
import { rowsOf } from '../../server/db/rows';
import { totpCode } from '../../server/security/totp';
import { PNG, startTestApp, type Reply, type TestApp } from './harness';

let t: TestApp;
let user: Awaited<ReturnType<TestApp['payingUser']>>;
let adminToken: string;
let usdtCoinId: number;

const ADMIN = { username: 'inputadmin', password: 'input admin password' };

beforeAll(async () => {
  t = await startTestApp();
  user = await t.payingUser();
  await t.fund(user.userId, 'USDT', 500_000_000n);
  await t.fund(user.userId, 'EUR', 500_00n);
  const { secret } = await t.addOperator({ username: ADMIN.username, password: ADMIN.password, role: 'admin' });
  const login = await t.post<{ token: string }>('/ops/login', { username: ADMIN.username, password: ADMIN.password, totp: totpCode(secret, t.clock.now()), client: 'cli' });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  adminToken = login.body.data!.token;
  usdtCoinId = (await t.coins()).find((coin) => coin.name === 'USDT')!.id;
});
afterAll(() => t?.close());

/** Everything a refused request must leave as it was: balances, transfers and every business table. */
async function state(): Promise<unknown> {
  const [counts] = await rowsOf<Record<string, number>>(
    t.database.db,
    sql`SELECT
      (SELECT count(*)::int FROM ledger_transfers) AS transfers,
      (SELECT count(*)::int FROM deposits) AS deposits,
      (SELECT count(*)::int FROM withdrawals) AS withdrawals,
      (SELECT count(*)::int FROM conversion_quotes) AS quotes,
      (SELECT count(*)::int FROM audit_log) AS audit,
      (SELECT count(*)::int FROM users) AS users`,
  );
  const balances = await rowsOf(t.database.db, sql`SELECT id, asset, balance::text FROM ledger_accounts ORDER BY id`);
  const settings = await rowsOf(t.database.db, sql`SELECT key, value FROM settings ORDER BY key`);
  const nickname = await rowsOf(t.database.db, sql`SELECT nickname, avatar FROM users WHERE id = ${user.userId}`);
  return { counts, balances, settings, nickname };
}

let before: unknown;
beforeEach(async () => {
  before = await state();
});

/** The refusal: status, key and the text of `locale`; then nothing changed and the ledger is sound. */
async function expectRefused(reply: Reply, status: number, key: ErrorKey, locale: Locale = 'de', params?: MessageParams): Promise<void> {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  expect(reply.body.key).toBe(key);
  expect(reply.body.message).toBe(errorText(locale, key, params));
  expect(await state()).toEqual(before);
  await t.assertLedgerClean();
}

const german = { 'accept-language': 'de-DE,de;q=0.9' };
const keyed = (token: string) => ({ token, headers: { ...german, 'idempotency-key': crypto.randomUUID() } });

describe('control characters in text', () => {
  test('a NUL in the login name of /user/login, without a token', async () => {
    await expectRefused(await t.post('/user/login', { account: 'user\u0000', password: '583921' }, { headers: german }), 400, 'request.badCharacters');
  });

  test('a NUL in the name of /ops/login, without a token', async () => {
    await expectRefused(await t.post('/ops/login', { username: 'ops\u0000', password: 'x', totp: '123456' }, { headers: german }), 400, 'request.badCharacters');
  });

  test('a NUL in a signed-in form (nickname) and in an operator reason', async () => {
    await expectRefused(await t.post('/user/editNickname', { nickname: 'Ni\u0000ck' }, { token: user.token, headers: german }), 400, 'request.badCharacters');
    await expectRefused(
      await t.post('/ops/adjustments', { userId: user.userId, asset: 'USDT', amount: '1', reason: 'because\u0000' }, keyed(adminToken)),
      400,
      'request.badCharacters',
    );
  });

  test('other control characters, a lone surrogate, and a NUL in a field name or the query', async () => {
    await expectRefused(await t.post('/user/login', { account: 'us\u001ber', password: '583921' }, { headers: german }), 400, 'request.badCharacters');
    await expectRefused(await t.post('/user/login', { account: 'us\ud800er', password: '583921' }, { headers: german }), 400, 'request.badCharacters');
    await expectRefused(await t.post('/user/login', { account: 'user', password: '583921', 'x\u0000': 1 }, { headers: german }), 400, 'request.badCharacters');
    await expectRefused(await t.get('/ops/audit', { token: adminToken, query: { action: 'a\u0000b' }, headers: german }), 400, 'request.badCharacters');
  });

  test('a NUL in a multipart text field of the deposit form', async () => {
    const reply = await t.charge(user.token, { lang: 'de', coinId: String(usdtCoinId), network: 'TRC20\u0000', amount: '10' });
    await expectRefused({ ...reply, headers: {} }, 400, 'request.badCharacters');
  });

  test('line breaks and tabs stay allowed in free text', async () => {
    const reply = await t.post('/ops/settings', { key: 'withdraw_fee_usdt', value: '1', reason: 'two\nlines\tand a tab' }, { token: adminToken });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  });
});

describe('amounts past the ledger column', () => {
  const huge = '9223372036854.775808';

  test('/wallet/out', async () => {
    const reply = await t.post(
      '/wallet/out',
      { method: 'crypto', network: 'TRC20', address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', amount: huge, payPassword: user.payPassword },
      keyed(user.token),
    );
    await expectRefused(reply, 400, 'amount.tooLarge', 'de', { max: '1000000000' });
  });

  test('/wallet/charge_req', async () => {
    const reply = await t.charge(user.token, { coinId: String(usdtCoinId), network: 'TRC20', amount: huge, lang: 'de' });
    await expectRefused({ ...reply, headers: {} }, 400, 'amount.tooLarge', 'de', { max: '1000000000' });
  });

  test('/ops/adjustments, both signs', async () => {
    for (const amount of [huge, `-${huge}`, '99999999999999999999']) {
      const reply = await t.post('/ops/adjustments', { userId: user.userId, asset: 'USDT', amount, reason: 'probe' }, keyed(adminToken));
      await expectRefused(reply, 400, 'amount.tooLarge', 'de', { max: '1000000000' });
    }
  });

  test('/transfer/quote', async () => {
    await expectRefused(await t.post('/transfer/quote', { from: 'EUR', to: 'USDT', amount: huge }, { token: user.token, headers: german }), 400, 'amount.tooLarge', 'de', {
      max: '1000000000',
    });
  });

  test('the product maximum itself is still an amount (refused for the balance, not the size)', async () => {
    const reply = await t.post('/transfer/quote', { from: 'EUR', to: 'USDT', amount: '1000000000' }, { token: user.token, headers: german });
    await expectRefused(reply, 400, 'balance.insufficient');
  });
});

describe('ids past the column', () => {
  test.each([2 ** 31, 2 ** 63, 1e300])('coinId %d on /wallet/get_in_address', async (coinId) => {
    await expectRefused(await t.post('/wallet/get_in_address', { coinId }, { token: user.token, headers: german }), 400, 'coin.invalid');
  });

  test('coinId 2^31 on /wallet/charge_req', async () => {
    const reply = await t.charge(user.token, { coinId: String(2 ** 31), network: 'TRC20', amount: '10', lang: 'de' });
    await expectRefused({ ...reply, headers: {} }, 400, 'coin.invalid');
  });
});

describe('paths the router refuses', () => {
  test('a path segment that is no valid percent-encoding: 400 in our envelope and language', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/uploads/avatars/%ED%A0%BD.png', headers: german });
    await expectRefused({ status: reply.statusCode, body: reply.json(), headers: {} }, 400, 'request.invalid');
  });

  test('a path segment past the parameter length: 414 in our envelope and language', async () => {
    const reply = await t.app.inject({ method: 'GET', url: `/api/uploads/avatars/${'a'.repeat(5000)}.png`, headers: german });
    await expectRefused({ status: reply.statusCode, body: reply.json(), headers: {} }, 414, 'request.tooLarge');
  });
});

describe('broken multipart', () => {
  const uploads = (): Array<{ url: string; headers: Record<string, string> }> => [
    { url: '/api/user/uploadHeadPortrait', headers: { authorization: user.token } },
    { url: '/api/wallet/charge_req', headers: { authorization: user.token, 'idempotency-key': crypto.randomUUID() } },
  ];

  function formBody(boundary: string): Buffer {
    return Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="coinId"\r\n\r\n${usdtCoinId}\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="amount"\r\n\r\n10\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  }

  const send = async (url: string, headers: Record<string, string>, contentType: string, payload: Buffer): Promise<Reply> => {
    const response = await t.app.inject({ method: 'POST', url, headers: { ...headers, ...german, 'content-type': contentType }, payload });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  };

  test('without a boundary', async () => {
    for (const { url, headers } of uploads()) {
      await expectRefused(await send(url, headers, 'multipart/form-data', formBody('b0undary')), 400, 'upload.incomplete');
    }
  });

  test('cut off before its end', async () => {
    for (const { url, headers } of uploads()) {
      const whole = formBody('b0undary');
      await expectRefused(await send(url, headers, 'multipart/form-data; boundary=b0undary', whole.subarray(0, whole.length - 40)), 400, 'upload.incomplete');
    }
  });

  test('cut off in the middle of the headers of a part', async () => {
    for (const { url, headers } of uploads()) {
      await expectRefused(
        await send(url, headers, 'multipart/form-data; boundary=b0undary', Buffer.from('--b0undary\r\nContent-Disposition: form-da')),
        400,
        'upload.incomplete',
      );
    }
  });
});

describe('operator settings within their range', () => {
  const change = (key: string, value: string) => t.post('/ops/settings', { key, value, reason: 'probe' }, { token: adminToken, headers: german });

  test.each([
    ['usdt_eur_rate', '1e20'],
    ['usdt_eur_rate', '100000000000000000000'],
    ['usdt_eur_rate', '100.000001'],
    ['usdt_eur_rate', '0.009999'],
    ['usdt_eur_rate', '0'],
    ['transfer_fee_percent', '100'],
    ['transfer_fee_percent', '-1'],
    ['withdraw_min_usdt', '1000000000.000001'],
    ['withdraw_fee_eur', '99999999999999999999'],
    ['support_url', `https://example.com/${'a'.repeat(600)}`],
    // A principal loan's LTV watch: a margin call 81–89.99 %, a liquidation 90–95 %, its fee 0–2 %.
    ['loan_margin_call_ltv', '80.99'],
    ['loan_margin_call_ltv', '90'],
    ['loan_margin_call_ltv', '85.001'],
    ['loan_liquidation_ltv', '89.99'],
    ['loan_liquidation_ltv', '95.01'],
    ['loan_liquidation_fee_percent', '2.01'],
    ['loan_liquidation_fee_percent', '-1'],
  ])('%s = %s is refused', async (key, value) => {
    await expectRefused(await change(key, value), 400, 'ops.settingInvalid');
  });

  test('the loan watch\'s thresholds and fee are seeded and accepted at the edges of their bounds', async () => {
    const listed = await t.get<{ key: string; value: string | null }[]>('/ops/settings', { token: adminToken });
    const value = (key: string) => listed.body.data!.find((entry) => entry.key === key)?.value;
    expect([value('loan_margin_call_ltv'), value('loan_liquidation_ltv'), value('loan_liquidation_fee_percent')]).toEqual(['85', '90', '1']);
    try {
      for (const [key, edge] of [['loan_margin_call_ltv', '81'], ['loan_margin_call_ltv', '89.99'], ['loan_liquidation_ltv', '90'], ['loan_liquidation_ltv', '95'], ['loan_liquidation_fee_percent', '0'], ['loan_liquidation_fee_percent', '2']]) {
        expect((await change(key, edge)).status, `${key} = ${edge}`).toBe(200);
      }
    } finally {
      await change('loan_margin_call_ltv', '85');
      await change('loan_liquidation_ltv', '90');
      await change('loan_liquidation_fee_percent', '1');
    }
  });

  test('a VIP threshold past the ledger column is refused', async () => {
    const reply = await t.post(
      '/ops/vip_levels',
      { level: 1, upgradeAmount: '999999999999999.999999', giftPercent: '1', dailyOrders: 1, reason: 'probe' },
      { token: adminToken, headers: german },
    );
    await expectRefused(reply, 400, 'ops.settingInvalid');
  });

  test('at every edge of the allowed rate and fee a quote answers without a 500', async () => {
    const rich = await t.payingUser();
    await t.fund(rich.userId, 'USDT', 1_000_000_000_000_000n);
    await t.fund(rich.userId, 'EUR', 100_000_000_000n);
    try {
      for (const rate of ['0.01', '0.92', '100']) {
        for (const fee of ['0', '0.5', '99.99']) {
          expect((await change('usdt_eur_rate', rate)).status).toBe(200);
          expect((await change('transfer_fee_percent', fee)).status).toBe(200);
          for (const [from, to] of [['EUR', 'USDT'], ['USDT', 'EUR']]) {
            for (const amount of ['0.01', '1', '1000000000']) {
              const reply = await t.post('/transfer/quote', { from, to, amount }, { token: rich.token });
              expect(reply.status, `${rate} ${fee}% ${amount} ${from}: ${JSON.stringify(reply.body)}`).toBeLessThan(500);
            }
          }
        }
      }
    } finally {
      await change('usdt_eur_rate', '0.92');
      await change('transfer_fee_percent', '0.5');
    }
  });
});

describe('the last line of defence', () => {
  test('a value the database refuses is a 400 in the language of the request, not a 500', async () => {
    // A route that hands the database what no check may let through.
    const probes: Record<string, string> = {
      nul: "SELECT convert_from('\\x6100'::bytea, 'UTF8')",
      range: "SELECT '9223372036854775808'::bigint",
      syntax: "SELECT 'twelve'::int",
    };
    const other = await startTestApp({
      beforeReady: (app) =>
        app.get<{ Params: { probe: string } }>('/probe/:probe', async (request) => {
          await request.server.deps.db.execute(sql.raw(probes[request.params.probe]));
          return { ok: true };
        }),
    });
    try {
      for (const probe of Object.keys(probes)) {
        const response = await other.app.inject({ method: 'GET', url: `/probe/${probe}`, headers: german });
        expect(response.statusCode, `${probe}: ${response.body}`).toBe(400);
        expect(response.json()).toMatchObject({ key: 'request.invalid', message: errorText('de', 'request.invalid') });
      }
    } finally {
      await other.close();
    }
  });
});

describe('image bombs', () => {
  /** A 4 KB PNG whose header declares 65535 × 65535 pixels. */
  const pngBomb = Buffer.concat([PNG.subarray(0, 16), Buffer.from([0, 0, 0xff, 0xff, 0, 0, 0xff, 0xff]), PNG.subarray(24), Buffer.alloc(4000)]);
  /** A JPEG whose frame header declares 20000 × 3000 pixels (60 megapixels). */
  const jpegBomb = Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x0b, 0xb8, 0x4e, 0x20, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]),
    Buffer.from([0xff, 0xda, 0x00, 0x04, 0, 0]),
    Buffer.alloc(2000),
    Buffer.from([0xff, 0xd9]),
  ]);
  const be32 = (n: number) => Buffer.from([n >>> 24, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]);
  const isoBox = (type: string, ...content: Buffer[]) => Buffer.concat([be32(Buffer.concat(content).length + 8), Buffer.from(type), ...content]);
  /** A HEIC whose image item declares 65535 × 65535 pixels (its `ispe` property). */
  const heicBomb = Buffer.concat([
    isoBox('ftyp', Buffer.from('heic'), be32(0), Buffer.from('mif1heic')),
    isoBox('meta', be32(0), isoBox('hdlr', be32(0), be32(0), Buffer.from('pict'), Buffer.alloc(13)), isoBox('iprp', isoBox('ipco', isoBox('ispe', be32(0), be32(65_535), be32(65_535))))),
    isoBox('mdat', Buffer.alloc(2000)),
  ]);
  /** An extended WebP whose canvas is 16384 × 16384 pixels. */
  const webpChunk = Buffer.concat([Buffer.from('VP8X'), Buffer.from([10, 0, 0, 0, 0x10, 0, 0, 0, 0xff, 0x3f, 0, 0xff, 0x3f, 0]), Buffer.alloc(2000)]);
  const webpBomb = Buffer.concat([Buffer.from('RIFF'), Buffer.from([(webpChunk.length + 4) & 0xff, (webpChunk.length + 4) >> 8, 0, 0]), Buffer.from('WEBP'), webpChunk]);
  const params = { maxSide: 10_000, maxMegapixels: 40 };

  /** Every stored upload (avatars and proofs). */
  const storedFiles = () => (fs.existsSync(t.config.uploadsDir) ? fs.readdirSync(t.config.uploadsDir, { recursive: true }).length : 0);

  async function uploadAvatar(bytes: Buffer, type: string): Promise<Reply> {
    const form = new FormData();
    form.append('lang', 'de');
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'avatar');
    const encoded = new Response(form);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/uploadHeadPortrait',
      headers: { authorization: user.token, 'content-type': encoded.headers.get('content-type')! },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  }

  test('as avatar: 413 upload.tooManyPixels, nothing stored', async () => {
    const files = storedFiles();
    for (const [bytes, type] of [[pngBomb, 'image/png'], [jpegBomb, 'image/jpeg'], [heicBomb, 'image/heic'], [webpBomb, 'image/webp']] as const) {
      await expectRefused(await uploadAvatar(bytes, type), 413, 'upload.tooManyPixels', 'de', params);
    }
    expect(storedFiles()).toBe(files);
  });

  test('as deposit proof: 413 upload.tooManyPixels, no deposit, nothing stored', async () => {
    const files = storedFiles();
    for (const [bytes, type] of [[pngBomb, 'image/png'], [jpegBomb, 'image/jpeg']] as const) {
      const reply = await t.charge(user.token, { lang: 'de', coinId: String(usdtCoinId), network: 'TRC20', amount: '10' }, { file: { bytes, name: 'proof', type } });
      await expectRefused({ ...reply, headers: {} }, 413, 'upload.tooManyPixels', 'de', params);
    }
    expect(storedFiles()).toBe(files);
  });

  test('an image within the limits is still taken', async () => {
    const reply = await uploadAvatar(PNG, 'image/png');
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  });
});
