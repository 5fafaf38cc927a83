/**
 * Loans: the identity images (JPG, PNG or HEIC by content, ≤ 2 MB; to their owner and operators
 * only; at most ten per user waiting for an application), every refusal of the application with
 * its message (the product's range, 10 %–80 % of the balance for a principal loan, the back of an
 * ID card, another user's image, one loan at a time), the operator's approval (paid out,
 * collateral held) and rejection (with or without a reason), "repay now" held for review, its
 * confirmation and refusal, and the images removed a stated time after the loan ended. The
 * ledger is verified after each test.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { LOAN_PENDING_DOCUMENTS_MAX, type Loan, type LoanConfig, type LoanProduct } from '../../src/domain/loan';
import type { Page, QuoteReply } from '../../src/domain/wire';
import { errorText } from '../../src/locales/errors';
import { rowsOf } from '../../server/db/rows';
import { inTransaction } from '../../server/db/transaction';
import { balanceOf } from '../../server/ledger/accounts';
import { postTransfers } from '../../server/ledger/transfers';
import { PNG, startTestApp, USDT, type TestApp } from './harness';

let t: TestApp;
let financeToken: string;
beforeAll(async () => {
  t = await startTestApp();
  financeToken = await t.operatorToken(await t.financeOperator());
});
afterAll(() => t?.close());
afterEach(async () => {
  await t.assertLedgerClean();
});

type PayingUser = Awaited<ReturnType<TestApp['payingUser']>>;
const DAY = 24 * 3600;

/** A 16 × 16 JPEG header (the type and size are read from the bytes). */
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x10, 0x00, 0x10, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]),
  Buffer.from([0xff, 0xda, 0x00, 0x04, 0, 0]),
  Buffer.alloc(200),
  Buffer.from([0xff, 0xd9]),
]);
const be32 = (n: number) => Buffer.from([n >>> 24, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]);
const isoBox = (type: string, ...content: Buffer[]) => Buffer.concat([be32(Buffer.concat(content).length + 8), Buffer.from(type), ...content]);
/** A HEIC whose image is 16 × 16. */
const HEIC = Buffer.concat([
  isoBox('ftyp', Buffer.from('heic'), be32(0), Buffer.from('mif1heic')),
  isoBox('meta', be32(0), isoBox('hdlr', be32(0), be32(0), Buffer.from('pict'), Buffer.alloc(13)), isoBox('iprp', isoBox('ipco', isoBox('ispe', be32(0), be32(16), be32(16))))),
  isoBox('mdat', Buffer.alloc(200)),
]);
/** A 16 × 16 WebP: an image, but not a kind an ID is taken in. */
const webpChunk = Buffer.concat([Buffer.from('VP8X'), Buffer.from([10, 0, 0, 0, 0, 0, 0, 0, 15, 0, 0, 15, 0, 0]), Buffer.alloc(200)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([(webpChunk.length + 4) & 0xff, (webpChunk.length + 4) >> 8, 0, 0]), Buffer.from('WEBP'), webpChunk]);

async function upload(user: { token: string }, bytes: Buffer, type = 'image/png', lang = 'en') {
  const form = new FormData();
  form.append('lang', lang);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'id');
  const encoded = new Response(form);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/loan/document',
    headers: { authorization: user.token, 'content-type': encoded.headers.get('content-type')! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  return { status: response.statusCode, body: response.json() as { data?: { id: number }; key?: string; message?: string } };
}

async function documentId(user: { token: string }, bytes = PNG, type = 'image/png'): Promise<number> {
  const reply = await upload(user, bytes, type);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data!.id;
}

async function config(user: PayingUser): Promise<LoanConfig> {
  const reply = await t.get<LoanConfig>('/loan/config', { token: user.token });
  expect(reply.status).toBe(200);
  return reply.body.data!;
}

const product = (cfg: LoanConfig, type: 'credit' | 'principal', days: number, asset: 'USDT' | 'EUR' = 'USDT'): LoanProduct =>
  cfg.products.find((p) => p.type === type && p.days === days && p.asset === asset)!;

async function user(usdt = 0): Promise<PayingUser> {
  const created = await t.payingUser();
  if (usdt > 0) await t.fund(created.userId, 'USDT', USDT(usdt));
  return created;
}

async function apply(borrower: PayingUser, fields: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.post<Loan>('/loan/apply', { fullName: 'Mira Haddad', idType: 'passport', idNumber: 'X1234567', accepted: true, ...fields }, { token: borrower.token, headers });
}

const ops = (url: string, body: Record<string, unknown>) => t.post<Loan>(url, body, { token: financeToken });
const repay = (borrower: PayingUser, id: number) =>
  t.post<Loan>('/loan/repay', { id, payPassword: borrower.payPassword }, { token: borrower.token, headers: { 'idempotency-key': crypto.randomUUID() } });

const eur = async (userId: string) => ({
  available: await balanceOf(t.database.db, userId, 'EUR', 'available'),
  collateral: await balanceOf(t.database.db, userId, 'EUR', 'collateral'),
});

const balances = async (userId: string) => ({
  available: await balanceOf(t.database.db, userId, 'USDT', 'available'),
  held: await balanceOf(t.database.db, userId, 'USDT', 'held'),
  collateral: await balanceOf(t.database.db, userId, 'USDT', 'collateral'),
});

describe('identity images', () => {
  test('JPG, PNG and HEIC are taken by their bytes; WebP, a text file, an empty or a too large file are refused', async () => {
    const borrower = await user();
    for (const [bytes, type] of [[PNG, 'image/png'], [JPEG, 'image/jpeg'], [HEIC, 'image/heic']] as const) expect((await upload(borrower, bytes, type)).status).toBe(200);
    // The declared type does not matter: a PNG sent as "image/jpeg" is a PNG.
    expect((await upload(borrower, PNG, 'image/jpeg')).status).toBe(200);
    const webp = await upload(borrower, WEBP, 'image/webp', 'de');
    expect(webp.status).toBe(415);
    expect(webp.body).toMatchObject({ key: 'upload.wrongType', message: errorText('de', 'upload.wrongType') });
    expect((await upload(borrower, Buffer.from('not an image at all'), 'image/png')).body).toMatchObject({ key: 'upload.wrongType' });
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooLarge = await upload(borrower, big, 'image/png', 'ar');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ key: 'upload.tooLarge', message: errorText('ar', 'upload.tooLarge') });
    expect((await upload(borrower, Buffer.alloc(0))).body).toMatchObject({ key: 'loan.documentRequired' });
  });

  test(`at most ${LOAN_PENDING_DOCUMENTS_MAX} images wait for an application: the next is refused in the user's language and nothing of it kept; an application makes room`, async () => {
    const borrower = await user();
    const dir = t.app.services.loanDocuments.dir;
    const filesBefore = fs.readdirSync(dir).length;
    // Five more than the limit at once: exactly the limit kept.
    const replies = await Promise.all(Array.from({ length: LOAN_PENDING_DOCUMENTS_MAX + 5 }, () => upload(borrower, PNG, 'image/png', 'de')));
    const taken = replies.filter((reply) => reply.status === 200).map((reply) => reply.body.data!.id);
    expect(taken).toHaveLength(LOAN_PENDING_DOCUMENTS_MAX);
    const message = errorText('de', 'loan.documentsPending', { max: LOAN_PENDING_DOCUMENTS_MAX });
    expect(message).toContain('10 Ausweisfotos');
    for (const refused of replies.filter((reply) => reply.status !== 200)) {
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ key: 'loan.documentsPending', field: 'file', message });
    }
    const pending = async () =>
      (await rowsOf<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM loan_documents WHERE user_id = ${borrower.userId} AND loan_id IS NULL`))[0].n;
    expect(await pending()).toBe(LOAN_PENDING_DOCUMENTS_MAX);
    expect(fs.readdirSync(dir).length - filesBefore).toBe(LOAN_PENDING_DOCUMENTS_MAX);
    expect((await upload(borrower, JPEG, 'image/jpeg')).body).toMatchObject({ key: 'loan.documentsPending', message: errorText('en', 'loan.documentsPending', { max: LOAN_PENDING_DOCUMENTS_MAX }) });

    // Another user's uploads are their own.
    expect((await upload(await user(), PNG)).status).toBe(200);
    // An application takes one of them: room for one more, and no more.
    const cfg = await config(borrower);
    expect((await apply(borrower, { productId: product(cfg, 'credit', 7).id, amount: '100', frontDocument: taken[0] })).status).toBe(200);
    expect((await upload(borrower, PNG)).status).toBe(200);
    expect((await upload(borrower, PNG)).status).toBe(409);
    expect(await pending()).toBe(LOAN_PENDING_DOCUMENTS_MAX);
  });
});

describe('applying', () => {
  test('the terms show the figures the loan will have: interest, total and APR', async () => {
    const borrower = await user(1_000);
    const cfg = await config(borrower);
    expect(cfg.open).toBeNull();
    expect(cfg.available.USDT).toBe('1000.000000');
    // A loan across assets: the rate and the thresholds the app computes the collateral, the LTV and the prices with.
    expect(cfg.acrossAssets).toEqual({ rate: '0.920000', minLtv: '10', maxLtv: '80', marginCallLtv: '85', liquidationLtv: '90', liquidationFeePercent: '1' });
    expect(product(cfg, 'credit', 7)).toMatchObject({ dailyRate: '0.05', apr: '18.25', minAmount: '50.000000', maxAmount: '1000.000000' });

    const front = await documentId(borrower);
    const reply = await apply(borrower, { productId: product(cfg, 'credit', 7).id, amount: '500', frontDocument: front });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    // 500 × 0.05 % × 7 = 1.75.
    expect(reply.body.data).toMatchObject({ status: 'pending', amount: '500.000000', interest: '1.750000', total: '501.750000', apr: '18.25', collateral: '0.000000', idNumber: '••••4567', documents: ['front'] });
    expect((await config(borrower)).open?.id).toBe(reply.body.data!.id);
  });

  test('every refusal says why and writes nothing', async () => {
    const borrower = await user(1_000);
    const cfg = await config(borrower);
    const credit = product(cfg, 'credit', 7);
    const principal = product(cfg, 'principal', 30);
    const front = await documentId(borrower);
    const back = await documentId(borrower, JPEG, 'image/jpeg');

    const range = await apply(borrower, { productId: credit.id, amount: '1000.01', frontDocument: front });
    expect(range.body).toMatchObject({ key: 'loan.amountOutOfRange', field: 'amount', message: 'This loan is between 50 and 1000 USDT.' });

    // A principal loan names the other asset as collateral: the old kind, held in its own asset, is no longer taken.
    const old = await apply(borrower, { productId: principal.id, amount: '400', frontDocument: front });
    expect(old.status).toBe(400);
    expect(old.body).toMatchObject({ key: 'loan.collateralRequired', field: 'collateralAsset', message: 'A principal loan in USDT is secured by EUR from your own balance: choose how much EUR to lock as collateral.' });
    expect((await apply(borrower, { productId: principal.id, amount: '400', collateralAsset: 'USDT', collateral: '500', frontDocument: front })).body).toMatchObject({ key: 'loan.collateralRequired', field: 'collateralAsset' });
    const noAmount = await apply(borrower, { productId: principal.id, amount: '400', collateralAsset: 'EUR', frontDocument: front }, { 'accept-language': 'he' });
    expect(noAmount.body).toMatchObject({ key: 'loan.collateralRequired', field: 'collateral', message: errorText('he', 'loan.collateralRequired', { asset: 'USDT', other: 'EUR' }) });
    expect((await apply(borrower, { productId: principal.id, amount: '9.99', collateralAsset: 'EUR', collateral: '100', frontDocument: front })).body).toMatchObject({ key: 'loan.amountOutOfRange', field: 'amount' });

    const noBack = await apply(borrower, { productId: credit.id, amount: '100', idType: 'id_card', frontDocument: front });
    expect(noBack.body).toMatchObject({ key: 'loan.backRequired', message: errorText('en', 'loan.backRequired') });
    expect((await apply(borrower, { productId: credit.id, amount: '100', idType: 'id_card', frontDocument: front, backDocument: front })).body).toMatchObject({ key: 'loan.documentInvalid' });

    const stranger = await user();
    const theirs = await documentId(stranger);
    expect((await apply(borrower, { productId: credit.id, amount: '100', frontDocument: theirs })).body).toMatchObject({ key: 'loan.documentInvalid' });

    expect((await apply(borrower, { productId: credit.id, amount: '100', frontDocument: front, accepted: false })).body).toMatchObject({ key: 'loan.disclaimerRequired' });
    expect((await apply(borrower, { productId: credit.id, amount: '100', frontDocument: front, idNumber: '12' })).body).toMatchObject({ key: 'loan.idNumberRequired' });
    expect((await apply(borrower, { productId: 999_999, amount: '100', frontDocument: front })).body).toMatchObject({ key: 'loan.configNotFound' });

    const none = await t.get<Page<Loan>>('/loan/list', { token: borrower.token });
    expect(none.body.data!.total).toBe(0);

    // An ID card with both sides goes through; a second application while it is open does not.
    expect((await apply(borrower, { productId: credit.id, amount: '100', idType: 'id_card', frontDocument: front, backDocument: back })).status).toBe(200);
    const second = await apply(borrower, { productId: credit.id, amount: '100', frontDocument: await documentId(borrower) }, { 'accept-language': 'zh' });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ key: 'loan.openExists', message: errorText('zh', 'loan.openExists') });
    // An image used once cannot be used again.
    const other = await user();
    expect((await apply(other, { productId: credit.id, amount: '100', frontDocument: front })).body).toMatchObject({ key: 'loan.documentInvalid' });
  });
});

describe('from approval to repayment', () => {
  test('a principal loan of USDT against EUR: approved (the EUR locked, the USDT paid out), repaid now, confirmed; every step in the records', async () => {
    // docs/loans.md's reverse: 500 USDT against EUR at 80 % locks 575.00 EUR at 0.92.
    const borrower = await user(1);
    await t.fund(borrower.userId, 'EUR', 60_000n);
    const cfg = await config(borrower);
    const loan = (
      await apply(borrower, {
        productId: product(cfg, 'principal', 30).id,
        amount: '500',
        collateralAsset: 'EUR',
        collateral: '575',
        idType: 'id_card',
        frontDocument: await documentId(borrower),
        backDocument: await documentId(borrower, HEIC, 'image/heic'),
      })
    ).body.data!;
    // 500 × 0.03 % × 30 = 4.5 for the whole period.
    expect(loan).toMatchObject({ collateral: '575.00', collateralAsset: 'EUR', interest: '4.500000', total: '504.500000', oldRule: false });

    const approved = await ops('/ops/loans/approve', { id: loan.id });
    expect(approved.body.data).toMatchObject({ status: 'approved', dueAt: new Date(t.clock.now().getTime() + 30 * DAY * 1000).toISOString() });
    // Paid out 500 USDT, spendable; 575.00 EUR of the borrower's own locked.
    expect(await balances(borrower.userId)).toEqual({ available: USDT(501), held: 0n, collateral: 0n });
    expect(await eur(borrower.userId)).toEqual({ available: 2_500n, collateral: 57_500n });
    expect((await ops('/ops/loans/approve', { id: loan.id })).status).toBe(409);

    // Repaid at once: one started day's interest, 0.15 USDT.
    const repaying = await repay(borrower, loan.id);
    expect(repaying.body.data).toMatchObject({ status: 'repaying', repayInterest: '0.150000' });
    expect(await balances(borrower.userId)).toEqual({ available: 850_000n, held: 500_150_000n, collateral: 0n });
    expect((await repay(borrower, loan.id)).body).toMatchObject({ key: 'loan.notRepayable' });

    const repaid = await ops('/ops/loans/repayment/confirm', { id: loan.id });
    expect(repaid.body.data).toMatchObject({ status: 'repaid' });
    // The EUR are back; what is left of the USDT is the balance less the interest.
    expect(await balances(borrower.userId)).toEqual({ available: 850_000n, held: 0n, collateral: 0n });
    expect(await eur(borrower.userId)).toEqual({ available: 60_000n, collateral: 0n });

    const log = await t.get<Page<{ kind: string }>>('/wallet/legal_log', { token: borrower.token, query: { pageSize: '20' } });
    expect(log.body.data!.list.map((entry) => entry.kind)).toEqual(
      expect.arrayContaining(['loan_disburse', 'loan_collateral', 'loan_repay_hold', 'loan_repay', 'loan_interest', 'loan_collateral_release']),
    );
    const mine = await t.get<Page<Loan>>('/loan/list', { token: borrower.token, query: { status: 'repaid' } });
    expect(mine.body.data!.list.map((l) => l.id)).toEqual([loan.id]);
    expect((await t.get<Page<Loan>>('/loan/list', { token: borrower.token, query: { status: 'pending' } })).body.data!.total).toBe(0);
  });

  test('a principal loan is refused at approval when the borrower\'s own balance no longer holds the collateral: nothing moves', async () => {
    const borrower = await user(1_500);
    const cfg = await config(borrower);
    const loan = (await apply(borrower, { productId: product(cfg, 'principal', 30, 'EUR').id, amount: '1000', collateralAsset: 'USDT', collateral: '1358.695653', frontDocument: await documentId(borrower) })).body.data!;
    // Before approval the borrower converts 900 USDT to EUR: 600 USDT are left.
    const quote = await t.post<QuoteReply>('/transfer/quote', { from: 'USDT', to: 'EUR', amount: '900' }, { token: borrower.token });
    const converted = await t.post('/transfer', { quoteId: quote.body.data!.quoteId, payPassword: borrower.payPassword }, { token: borrower.token, headers: { 'idempotency-key': crypto.randomUUID() } });
    expect(converted.status, JSON.stringify(converted.body)).toBe(200);
    const eurAfterConversion = (await eur(borrower.userId)).available;
    const loansAccount = () => t.platformBalance('loans', 'EUR');
    const platformBefore = await loansAccount();

    const refused = await t.post('/ops/loans/approve', { id: loan.id }, { token: financeToken, headers: { 'accept-language': 'de-DE,de;q=0.9' } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ key: 'loan.collateralShort', message: errorText('de', 'loan.collateralShort', { amount: '1358.695653', asset: 'USDT' }) });
    expect(refused.body.message).toContain('1358.695653 USDT');
    // Nothing paid out, nothing held, the application still waits for a decision.
    expect(await balances(borrower.userId)).toEqual({ available: USDT(600), held: 0n, collateral: 0n });
    expect(await eur(borrower.userId)).toEqual({ available: eurAfterConversion, collateral: 0n });
    expect(await loansAccount()).toEqual(platformBefore);
    expect((await t.get<Loan>('/loan/detail', { token: borrower.token, query: { id: String(loan.id) } })).body.data).toMatchObject({ status: 'pending' });
    await t.assertLedgerClean();

    // With the balance back, approval takes the collateral from it and pays the loan out.
    await t.fund(borrower.userId, 'USDT', USDT(800));
    expect((await ops('/ops/loans/approve', { id: loan.id })).body.data).toMatchObject({ status: 'approved', collateral: '1358.695653', collateralAsset: 'USDT' });
    expect(await balances(borrower.userId)).toEqual({ available: USDT(1_400) - 1_358_695_653n, held: 0n, collateral: 1_358_695_653n });
    expect(await eur(borrower.userId)).toEqual({ available: eurAfterConversion + 100_000n, collateral: 0n });
    const [kept] = await rowsOf<{ approval_rate: string; collateral_asset: string }>(t.database.db, sql`SELECT approval_rate::text, collateral_asset FROM loans WHERE id = ${loan.id}`);
    expect(kept).toEqual({ approval_rate: '920000', collateral_asset: 'USDT' });
  });

  test('across assets: 1,000 EUR against USDT at 0.92 — the collateral from the borrower\'s own USDT, the EUR paid out spendable, refused past 80 % of the collateral or once the rate moved past it', async () => {
    // docs/loans.md's example: the EUR principal product offered (migration 0017), 30 days at 0.03 % a day.
    const cfg = await config(await user());
    const productId = product(cfg, 'principal', 30, 'EUR').id;
    expect(product(cfg, 'principal', 30, 'EUR')).toMatchObject({ dailyRate: '0.03', minAmount: '10.00', maxAmount: '100000.00' });
    const setRate = (rate: string) => t.database.db.execute(sql`UPDATE settings SET value = ${rate} WHERE key = 'usdt_eur_rate'`);
    const both = async (userId: string) => ({
      usdt: await balanceOf(t.database.db, userId, 'USDT', 'available'),
      eur: await balanceOf(t.database.db, userId, 'EUR', 'available'),
      locked: await balanceOf(t.database.db, userId, 'USDT', 'collateral'),
    });
    try {
      await setRate('0.92');
      const borrower = await user(1_500);
      const fields = { productId, amount: '1000', collateralAsset: 'USDT', frontDocument: await documentId(borrower) };
      // 80 % needs 1,358.695653 USDT (rounded up); 10 % allows 10,869.565217 at most.
      const short = await apply(borrower, { ...fields, collateral: '1358.695652' }, { 'accept-language': 'de-DE,de;q=0.9' });
      expect(short.body).toMatchObject({
        key: 'loan.collateralRange',
        field: 'collateral',
        message: errorText('de', 'loan.collateralRange', { min: '1358.695653', max: '10869.565217', asset: 'USDT' }),
      });
      expect((await apply(borrower, { ...fields, collateral: '10869.565218' })).body).toMatchObject({ key: 'loan.collateralRange' });
      expect((await apply(borrower, { ...fields, collateral: '1600' })).body).toMatchObject({ key: 'balance.insufficient', field: 'collateral' });
      expect((await apply(borrower, { ...fields, collateralAsset: 'EUR', collateral: '1400' })).body).toMatchObject({ key: 'loan.collateralRequired', field: 'collateralAsset' });
      const loan = (await apply(borrower, { ...fields, collateral: '1358.695653' })).body.data!;
      // 1,000 × 0.03 % × 30 = 9.00 EUR.
      expect(loan).toMatchObject({ asset: 'EUR', amount: '1000.00', interest: '9.00', total: '1009.00', collateral: '1358.695653', collateralAsset: 'USDT', status: 'pending' });

      const approved = await ops('/ops/loans/approve', { id: loan.id });
      expect(approved.body.data).toMatchObject({ status: 'approved', collateral: '1358.695653', collateralAsset: 'USDT' });
      // The EUR are the borrower's to spend; the USDT came from their own balance.
      expect(await both(borrower.userId)).toEqual({ usdt: USDT(1_500) - 1_358_695_653n, eur: 100_000n, locked: 1_358_695_653n });
      await t.assertLedgerClean();

      // Collateral added with the payment password: 100 USDT more, locked from available.
      const addCollateral = (amount: string, id = loan.id) =>
        t.post<Loan>('/loan/collateral/add', { id, amount, payPassword: borrower.payPassword }, { token: borrower.token, headers: { 'idempotency-key': crypto.randomUUID() } });
      expect((await addCollateral('100')).body.data).toMatchObject({ collateral: '1458.695653', collateralAsset: 'USDT' });
      expect((await addCollateral('41.304348')).body).toMatchObject({ key: 'balance.insufficient', field: 'amount' });
      expect((await addCollateral('1.0000001')).body).toMatchObject({ key: 'amount.invalid' });
      expect(await both(borrower.userId)).toEqual({ usdt: USDT(1_400) - 1_358_695_653n, eur: 100_000n, locked: 1_458_695_653n });
      await t.assertLedgerClean();

      // Repaid early, on day 10: 1,003.00 EUR — ten days' interest, not thirty (the borrower funds it);
      // the USDT back in the same transaction as the EUR are taken.
      // (Paid out nine days and a second ago: the loan's payout moved back, the sessions' clock left alone.)
      await t.database.db.execute(sql`UPDATE loans SET decided_at = decided_at - interval '9 days 1 second' WHERE id = ${loan.id}`);
      await t.fund(borrower.userId, 'EUR', 300n);
      expect((await repay(borrower, loan.id)).body.data).toMatchObject({ status: 'repaying', interest: '9.00', repayInterest: '3.00' });
      expect(await balanceOf(t.database.db, borrower.userId, 'EUR', 'held')).toBe(100_300n);
      // A refused repayment returns exactly what it held; asked again, the same ten days.
      expect((await ops('/ops/loans/repayment/refuse', { id: loan.id, reason: 'Not matched' })).body.data).toMatchObject({ status: 'failed' });
      expect(await both(borrower.userId)).toMatchObject({ eur: 100_300n });
      await t.assertLedgerClean();
      expect((await repay(borrower, loan.id)).body.data).toMatchObject({ status: 'repaying', repayInterest: '3.00' });
      // Not while its repayment is under review.
      expect((await addCollateral('1')).body).toMatchObject({ key: 'loan.collateralNotAddable' });
      expect((await ops('/ops/loans/repayment/confirm', { id: loan.id })).body.data).toMatchObject({ status: 'repaid' });
      expect(await both(borrower.userId)).toEqual({ usdt: USDT(1_500), eur: 0n, locked: 0n });
      await t.assertLedgerClean();

      // Applied at 0.92, the rate at 0.91 before approval: 1000 / (1358.695653 × 0.91) = 80.88 %.
      const second = (await apply(borrower, { ...fields, frontDocument: await documentId(borrower), collateral: '1358.695653' })).body.data!;
      await setRate('0.91');
      const moved = await t.post('/ops/loans/approve', { id: second.id }, { token: financeToken, headers: { 'accept-language': 'ar' } });
      expect(moved.status).toBe(409);
      expect(moved.body).toMatchObject({ key: 'loan.rateMoved', message: errorText('ar', 'loan.rateMoved', { ltv: '80.88' }) });
      expect(await both(borrower.userId)).toEqual({ usdt: USDT(1_500), eur: 0n, locked: 0n });
      expect((await t.get<Loan>('/loan/detail', { token: borrower.token, query: { id: String(second.id) } })).body.data).toMatchObject({ status: 'pending' });
      await ops('/ops/loans/reject', { id: second.id, reason: 'The rate moved; please apply again' });
    } finally {
      await setRate('0.92');
    }
  });

  test('partial repayment across assets: 1,000 EUR against USDT — on day 10 the interest so far (3.00) and 400.00 of the principal; interest then runs on the principal left; the final repayment on day 20 owes it and ten days on it', async () => {
    const cfg = await config(await user());
    const productId = product(cfg, 'principal', 30, 'EUR').id;
    const borrower = await user(1_500);
    const loan = (await apply(borrower, { productId, amount: '1000', collateralAsset: 'USDT', collateral: '1358.695653', frontDocument: await documentId(borrower) })).body.data!;
    expect(loan).toMatchObject({ principalLeft: '1000.00', interestRepaid: '0.00', interestDaysPaid: 0, interestFrom: null });
    const approved = (await ops('/ops/loans/approve', { id: loan.id })).body.data!;
    expect(approved).toMatchObject({ status: 'approved', principalLeft: '1000.00', interestFrom: approved.decidedAt });
    const part = (amount: string, key: string = crypto.randomUUID(), id = loan.id, who = borrower) =>
      t.post<Loan>('/loan/repay/part', { id, amount, payPassword: who.payPassword }, { token: who.token, headers: { 'idempotency-key': key } });
    const platform = (purpose: 'fees' | 'loans') => t.platformBalance(purpose, 'EUR');
    const [feesBefore, loansBefore] = [await platform('fees'), await platform('loans')];
    // Paid out nine days and a second ago: the tenth day has started.
    await t.database.db.execute(sql`UPDATE loans SET decided_at = decided_at - interval '9 days 1 second' WHERE id = ${loan.id}`);

    // The part is less than the principal left; principal and interest come from the available EUR.
    const all = await part('1000', crypto.randomUUID());
    expect(all.status).toBe(400);
    expect(all.body).toMatchObject({ key: 'loan.partTooLarge', field: 'amount', message: 'A part is less than the 1000 EUR of the loan still owed. To repay it all, use “Repay now”.' });
    // 999.99 + 3.00 of interest is more than the 1,000.00 EUR available.
    expect((await part('999.99')).body).toMatchObject({ key: 'balance.insufficient', field: 'amount' });
    expect((await part('1.001')).body).toMatchObject({ key: 'amount.invalid' });
    expect(await eur(borrower.userId)).toEqual({ available: 100_000n, collateral: 0n });

    // 400.00 of the principal with ten days' interest on 1,000.00: 403.00 EUR.
    const key = crypto.randomUUID();
    const first = await part('400', key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const tenDays = new Date(new Date(first.body.data!.decidedAt!).getTime() + 10 * DAY * 1000).toISOString();
    // The LTV it lowers is written at once: 600.00 owed against 1,250.00 EUR of USDT at 0.92.
    expect(first.body.data).toMatchObject({ status: 'approved', amount: '1000.00', principalLeft: '600.00', interestRepaid: '3.00', interestDaysPaid: 10, interestFrom: tenDays, collateral: '1358.695653', ltvBp: 4800 });
    expect(await eur(borrower.userId)).toEqual({ available: 59_700n, collateral: 0n });
    expect([(await platform('fees')) - feesBefore, (await platform('loans')) - loansBefore]).toEqual([300n, 40_000n]);
    // The same key again: the same reply, nothing moved again.
    expect((await part('400', key)).body.data).toEqual(first.body.data);
    expect(await eur(borrower.userId)).toEqual({ available: 59_700n, collateral: 0n });
    await t.assertLedgerClean();

    // Two more parts at once, still on day 10 (no more interest): the loan's lock lets one through; the other asks for more than the 250.00 left.
    const both = await Promise.all([part('350'), part('350')]);
    expect(both.map((reply) => reply.status).sort()).toEqual([200, 400]);
    expect(both.find((reply) => reply.status === 400)!.body).toMatchObject({ key: 'loan.partTooLarge', message: errorText('en', 'loan.partTooLarge', { left: '250', asset: 'EUR' }) });
    expect(both.find((reply) => reply.status === 200)!.body.data).toMatchObject({ principalLeft: '250.00', interestRepaid: '3.00', interestDaysPaid: 10, ltvBp: 2000 });
    expect(await eur(borrower.userId)).toEqual({ available: 24_700n, collateral: 0n });
    const legs = await rowsOf<{ kind: string; amount: string }>(t.database.db, sql`SELECT kind, amount::text FROM ledger_transfers WHERE reference = ${`loan:${loan.id}`} AND kind LIKE 'loan_part%' ORDER BY id`);
    expect(legs).toEqual([
      { kind: 'loan_part_interest', amount: '300' },
      { kind: 'loan_part_repay', amount: '40000' },
      { kind: 'loan_part_repay', amount: '35000' },
    ]);
    const log = await t.get<Page<{ kind: string; amount: string }>>('/wallet/legal_log', { token: borrower.token, query: { pageSize: '3' } });
    expect(log.body.data!.list.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['loan_part_repay', '-350.00'],
      ['loan_part_repay', '-400.00'],
      ['loan_part_interest', '-3.00'],
    ]);
    await t.assertLedgerClean();

    // Day 20: ten more days on the 250.00 left, 0.75 EUR — not twenty days on 1,000.00.
    await t.database.db.execute(sql`UPDATE loans SET decided_at = decided_at - interval '10 days' WHERE id = ${loan.id}`);
    await t.fund(borrower.userId, 'EUR', 375n);
    const repaying = await repay(borrower, loan.id);
    expect(repaying.body.data).toMatchObject({ status: 'repaying', principalLeft: '250.00', repayInterest: '0.75' });
    expect(await balanceOf(t.database.db, borrower.userId, 'EUR', 'held')).toBe(25_075n);
    // Not while the repayment is under review.
    expect((await part('10')).body).toMatchObject({ key: 'loan.partNotRepayable' });
    expect((await ops('/ops/loans/repayment/confirm', { id: loan.id })).body.data).toMatchObject({ status: 'repaid' });
    // All 1,000.00 back in the loans account since the payout; 3.75 EUR of interest in all; the USDT released.
    expect([(await platform('fees')) - feesBefore, (await platform('loans')) - loansBefore]).toEqual([375n, 100_000n]);
    expect(await eur(borrower.userId)).toEqual({ available: 0n, collateral: 0n });
    expect(await balances(borrower.userId)).toEqual({ available: USDT(1_500), held: 0n, collateral: 0n });
    await t.assertLedgerClean();

    // A credit loan is not repaid in parts.
    const other = await user(100);
    const credit = (await apply(other, { productId: product(cfg, 'credit', 7).id, amount: '100', frontDocument: await documentId(other) })).body.data!;
    await ops('/ops/loans/approve', { id: credit.id });
    const refused = await part('10', crypto.randomUUID(), credit.id, other);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ key: 'loan.partNotRepayable', message: errorText('en', 'loan.partNotRepayable') });
  });

  test('an old principal loan (its collateral the payout) is ended by "repay" at once, without interest, held repayment returned; or by the operator\'s confirmation', async () => {
    // Written as the code before migration 0017 approved it: 400 USDT from the balance to
    // collateral, then 400 USDT paid out.
    const oldLoan = async (borrower: PayingUser, held: boolean) => {
      const front = await documentId(borrower);
      const [{ id }] = await rowsOf<{ id: string }>(
        t.database.db,
        sql`INSERT INTO loans (user_id, product_id, type, asset, amount, days, daily_ppm, interest, total, collateral, collateral_asset, status, full_name, id_type, id_number,
                               front_document, created_at, decided_at, due_at, approval_rate, old_rule)
            VALUES (${borrower.userId}, 1, 'principal', 'USDT', 400000000, 30, 300, 3600000, 403600000, 400000000, 'USDT', 'approved', 'Mira Haddad', 'passport', 'X1234567',
                    ${front}, ${t.clock.now().toISOString()}::timestamptz, ${t.clock.now().toISOString()}::timestamptz, ${t.clock.now().toISOString()}::timestamptz + interval '30 days', 920000, true)
            RETURNING id::text`,
      );
      await t.database.db.execute(sql`UPDATE loan_documents SET loan_id = ${id} WHERE id = ${front}`);
      const step = (name: string) => ({ reference: `loan:${id}`, idempotencyKey: `loan:${id}:${name}`, asset: 'USDT' as const, at: t.clock.now() });
      const userId = borrower.userId;
      await inTransaction(t.database.db, async (tx) => {
        await postTransfers(tx, [{ debit: { userId, purpose: 'available' }, credit: { userId, purpose: 'collateral' }, amount: USDT(400), kind: 'loan_collateral', ...step('collateral') }]);
        await postTransfers(tx, [{ debit: { platform: 'loans' }, credit: { userId, purpose: 'available' }, amount: USDT(400), kind: 'loan_disburse', ...step('disburse') }]);
        // Its repayment asked for before the migration: the old total held.
        if (held) {
          await postTransfers(tx, [{ debit: { userId, purpose: 'available' }, credit: { userId, purpose: 'held' }, amount: 403_600_000n, kind: 'loan_repay_hold', ...step('repay-hold:0') }]);
          await tx.execute(sql`UPDATE loans SET status = 'repaying', repay_requested_at = decided_at WHERE id = ${id}`);
        }
      });
      return Number(id);
    };
    const platformLoans = () => t.platformBalance('loans', 'USDT');

    // Paid out and running: "repay" ends it at once; nothing is taken from the 400 USDT available.
    const first = await user(400);
    const running = await oldLoan(first, false);
    expect(await balances(first.userId)).toEqual({ available: USDT(400), held: 0n, collateral: USDT(400) });
    const platformBefore = await platformLoans();
    const ended = await repay(first, running);
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect(ended.body.data).toMatchObject({ status: 'repaid', oldRule: true, repayInterest: '0.000000', collateralAsset: 'USDT', repaidAt: t.clock.now().toISOString() });
    expect(await balances(first.userId)).toEqual({ available: USDT(400), held: 0n, collateral: 0n });
    expect((await platformLoans()) - platformBefore).toBe(USDT(400));
    expect((await repay(first, running)).body).toMatchObject({ key: 'loan.notRepayable' });
    const log = await t.get<Page<{ kind: string; amount: string }>>('/wallet/legal_log', { token: first.token, query: { pageSize: '5' } });
    expect(log.body.data!.list[0]).toMatchObject({ kind: 'loan_payout_return', amount: '-400.000000' });
    await t.assertLedgerClean();

    // Under review (403.60 held under the old terms): "repay" returns the hold in full and ends it.
    const second = await user(1_000);
    const reviewed = await oldLoan(second, true);
    expect(await balances(second.userId)).toEqual({ available: 596_400_000n, held: 403_600_000n, collateral: USDT(400) });
    expect((await repay(second, reviewed)).body.data).toMatchObject({ status: 'repaid', repayInterest: '0.000000' });
    expect(await balances(second.userId)).toEqual({ available: USDT(1_000), held: 0n, collateral: 0n });
    await t.assertLedgerClean();

    // Or the operator confirms the repayment under review: no interest taken, the same end.
    const third = await user(1_000);
    const confirmed = await oldLoan(third, true);
    expect((await ops('/ops/loans/repayment/confirm', { id: confirmed })).body.data).toMatchObject({ status: 'repaid', oldRule: true, repayInterest: '0.000000' });
    expect(await balances(third.userId)).toEqual({ available: USDT(1_000), held: 0n, collateral: 0n });
    // An old loan takes no collateral added.
    const adding = await t.post('/loan/collateral/add', { id: confirmed, amount: '1', payPassword: third.payPassword }, { token: third.token, headers: { 'idempotency-key': crypto.randomUUID() } });
    expect(adding.body).toMatchObject({ key: 'loan.collateralNotAddable' });
  });

  test('a refused repayment returns its hold and says why; repaying again works', async () => {
    const borrower = await user(600);
    const cfg = await config(borrower);
    const loan = (await apply(borrower, { productId: product(cfg, 'credit', 30).id, amount: '500', frontDocument: await documentId(borrower) })).body.data!;
    await ops('/ops/loans/approve', { id: loan.id });
    expect((await balances(borrower.userId)).available).toBe(USDT(1_100));
    // A credit loan has no collateral to add to.
    const adding = await t.post('/loan/collateral/add', { id: loan.id, amount: '1', payPassword: borrower.payPassword }, { token: borrower.token, headers: { 'idempotency-key': crypto.randomUUID() } });
    expect(adding.body).toMatchObject({ key: 'loan.collateralNotAddable' });
    await repay(borrower, loan.id);
    expect((await ops('/ops/loans/repayment/refuse', { id: loan.id })).body).toMatchObject({ key: 'ops.reasonRequired' });
    const failed = await ops('/ops/loans/repayment/refuse', { id: loan.id, reason: 'The transfer could not be matched' });
    expect(failed.body.data).toMatchObject({ status: 'failed', repayReason: 'The transfer could not be matched' });
    expect(await balances(borrower.userId)).toMatchObject({ available: USDT(1_100), held: 0n });
    expect((await repay(borrower, loan.id)).body.data).toMatchObject({ status: 'repaying', repayReason: null });
    expect((await ops('/ops/loans/repayment/confirm', { id: loan.id })).body.data).toMatchObject({ status: 'repaid' });
    // 500 + 500 × 0.04 % × 30 = 506.
    expect((await balances(borrower.userId)).available).toBe(USDT(594));
  });

  test('rejected with a reason, or with none; then the user may apply again', async () => {
    const borrower = await user(100);
    const cfg = await config(borrower);
    const credit = product(cfg, 'credit', 7).id;
    const first = (await apply(borrower, { productId: credit, amount: '100', frontDocument: await documentId(borrower) })).body.data!;
    const rejected = await ops('/ops/loans/reject', { id: first.id, reason: 'Your credit information does not allow this loan' });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reason: 'Your credit information does not allow this loan' });
    const again = (await apply(borrower, { productId: credit, amount: '100', frontDocument: await documentId(borrower) })).body.data!;
    expect((await ops('/ops/loans/reject', { id: again.id })).body.data).toMatchObject({ status: 'rejected', reason: null });
    expect(await balances(borrower.userId)).toEqual({ available: USDT(100), held: 0n, collateral: 0n });
  });

  test('repaying without the balance is refused and nothing changes', async () => {
    const borrower = await user(0);
    const cfg = await config(borrower);
    const loan = (await apply(borrower, { productId: product(cfg, 'credit', 7).id, amount: '100', frontDocument: await documentId(borrower) })).body.data!;
    await ops('/ops/loans/approve', { id: loan.id });
    const refused = await repay(borrower, loan.id);
    expect(refused.body).toMatchObject({ key: 'balance.insufficient' });
    expect((await t.get<Loan>('/loan/detail', { token: borrower.token, query: { id: String(loan.id) } })).body.data).toMatchObject({ status: 'approved' });
  });
});

describe('privacy', () => {
  test("a user cannot read another user's loan or its images; operators can; the images are not public files", async () => {
    const owner = await user(100);
    const stranger = await user();
    const cfg = await config(owner);
    const loan = (await apply(owner, { productId: product(cfg, 'credit', 7).id, amount: '60', frontDocument: await documentId(owner, JPEG, 'image/jpeg') })).body.data!;

    const own = await t.app.inject({ method: 'GET', url: `/api/loan/document?id=${loan.id}&side=front`, headers: { authorization: owner.token } });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect(own.headers['cache-control']).toBe('no-store');
    expect(Buffer.from(own.rawPayload).equals(JPEG)).toBe(true);

    const theirs = await t.app.inject({ method: 'GET', url: `/api/loan/document?id=${loan.id}&side=front`, headers: { authorization: stranger.token } });
    expect(theirs.statusCode).toBe(404);
    const detail = await t.get('/loan/detail', { token: stranger.token, query: { id: String(loan.id) } });
    expect(detail.status).toBe(404);
    expect(detail.body).toMatchObject({ key: 'loan.notFound', message: errorText('en', 'loan.notFound') });
    expect((await repay(stranger, loan.id)).status).toBe(404);
    expect((await t.get<Page<Loan>>('/loan/list', { token: stranger.token })).body.data!.total).toBe(0);

    const operator = await t.app.inject({ method: 'GET', url: `/api/ops/loans/document?id=${loan.id}&side=front`, headers: { authorization: await t.operatorToken(await t.financeOperator()) } });
    expect(operator.statusCode).toBe(200);
    // Not under any public path.
    const [{ file }] = await rowsOf<{ file: string }>(t.database.db, sql`SELECT file FROM loan_documents WHERE loan_id = ${loan.id}`);
    for (const url of [`/h5/${file}`, `/api/uploads/avatars/${file}`, `/uploads/identity/${file}`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).not.toBe(200);
    }
  });

  test('images are deleted a stated time after the loan ended, unused uploads after a day', async () => {
    const borrower = await user(100);
    const cfg = await config(borrower);
    const unused = await documentId(borrower);
    const loan = (await apply(borrower, { productId: product(cfg, 'credit', 7).id, amount: '60', frontDocument: await documentId(borrower) })).body.data!;
    await ops('/ops/loans/reject', { id: loan.id });
    const files = await rowsOf<{ id: string; file: string }>(
      t.database.db,
      sql`SELECT id::text, file FROM loan_documents WHERE id = ${unused} OR id = (SELECT front_document FROM loans WHERE id = ${loan.id})`,
    );
    const dir = t.app.services.loanDocuments.dir;
    for (const row of files) expect(fs.existsSync(`${dir}/${row.file}`)).toBe(true);

    t.clock.advance(2 * DAY);
    await t.app.services.loans.purgeDocuments(30);
    const unusedFile = files.find((row) => Number(row.id) === unused)!.file;
    const loanFile = files.find((row) => Number(row.id) !== unused)!.file;
    expect(fs.existsSync(`${dir}/${unusedFile}`)).toBe(false);
    expect(fs.existsSync(`${dir}/${loanFile}`)).toBe(true);

    t.clock.advance(30 * DAY);
    await t.app.services.loans.purgeDocuments(30);
    expect(fs.existsSync(`${dir}/${loanFile}`)).toBe(false);
    // Asked for now, the image is not found (the session of a month ago has ended: asked as an operator).
    const gone = await t.app.inject({ method: 'GET', url: `/api/ops/loans/document?id=${loan.id}&side=front`, headers: { authorization: await t.operatorToken(await t.financeOperator()) } });
    expect(gone.statusCode).toBe(404);
  });
});
