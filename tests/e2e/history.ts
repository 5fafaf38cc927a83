/**
 * A history for the tour's "loaded" pass: what the demo merchant would have after a few weeks of
 * use, made through the same API the app calls and decided by an operator with `npm run ops`, so
 * every list and detail screen has rows in each of their states — conversions, deposits approved,
 * refused and waiting, withdrawals sent, returned and waiting, a pledge redeemed early and one
 * running, a credit loan refused and a principal loan (EUR against USDT) approved, trade orders completed, cancelled and matched and
 * waiting for confirmation, and a published news piece.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunningApp } from './harness';
import { idOfRow, TRON_ADDRESS } from './harness';
import { collateralFor } from '../../src/domain/ltv';
import { parseAmount, toDecimalString, type Asset } from '../../src/domain/money';

const root = fileURLToPath(new URL('../..', import.meta.url));
const IMAGE = readFileSync(join(root, 'public', 'icons', 'icon-192.png'));
/** A well-formed TRON address (base58check) that belongs to nobody we know. */

export interface History {
  /** Ids the tour opens detail screens with. */
  newsId: number;
  loanId: number;
}

type Ops = (...args: string[]) => Promise<string>;

interface Envelope<T> {
  type: string;
  message: string;
  data: T;
}

/** A signed-in API client for one account, failing loudly on any refusal. */
async function clientOf(app: RunningApp, account: { username: string; password: string }) {
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: Record<string, unknown> | FormData, options: { key?: boolean; token?: string } = {}): Promise<T> => {
    const headers: Record<string, string> = { 'Accept-Language': 'en' };
    if (options.token) headers.Authorization = options.token;
    if (options.key) headers['Idempotency-Key'] = randomUUID();
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const reply = await fetch(`${app.baseUrl}/api${path}`, { method, headers, body: payload });
    const envelope = (await reply.json()) as Envelope<T>;
    assert.equal(reply.status, 200, `${method} ${path}: ${reply.status} ${envelope.message}`);
    return envelope.data;
  };
  const { token } = await call<{ token: string }>('POST', '/user/login', { account: account.username, password: account.password });
  return {
    get: <T>(path: string) => call<T>('GET', path, undefined, { token }),
    post: <T>(path: string, body?: Record<string, unknown> | FormData) => call<T>('POST', path, body, { token }),
    /** A money call: its own idempotency key. */
    pay: <T>(path: string, body: Record<string, unknown> | FormData) => call<T>('POST', path, body, { token, key: true }),
  };
}

const imageForm = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([IMAGE], { type: 'image/png' }), 'image.png');
  return form;
};

/** Gives `account` (a merchant with money, such as the demo merchant) its history; `ops` is a signed-in operator console. */
export async function giveHistory(app: RunningApp, ops: Ops, account: { username: string; password: string; payPassword: string }): Promise<History> {
  const me = await clientOf(app, account);
  const payPassword = account.payPassword;

  // Money in: three deposits — approved (1,000 USDT: VIP 1, five trade orders a day), refused, still waiting.
  const coins = await me.get<{ legal: Array<{ id: number; name: string; kind: string }> }>('/currency/list');
  const usdt = coins.legal.find((coin) => coin.kind === 'crypto' && coin.name === 'USDT');
  assert.ok(usdt, 'the USDT deposit option');
  const deposits: string[] = [];
  for (const amount of ['1000', '75', '120']) {
    const record = await me.pay<{ orderNo: string }>('/wallet/charge_req', imageForm({ coinId: String(usdt.id), network: 'TRC20', amount }));
    deposits.push(record.orderNo);
  }
  await ops('deposit', 'approve', idOfRow(await ops('deposits'), deposits[0]));
  await ops('deposit', 'reject', idOfRow(await ops('deposits'), deposits[1]), '--reason', 'The transfer did not arrive at the address');

  // A conversion each way.
  for (const [from, to, amount] of [['EUR', 'USDT', '40.00'], ['USDT', 'EUR', '60']] as const) {
    const quote = await me.post<{ quoteId: string }>('/transfer/quote', { from, to, amount });
    await me.pay('/transfer', { quoteId: quote.quoteId, payPassword });
  }

  // Money out: one withdrawal sent, one returned with the reason, one waiting.
  const withdrawals: string[] = [];
  for (const amount of ['30', '25', '45']) {
    const record = await me.pay<{ orderNo: string }>('/wallet/out', { method: 'crypto', network: 'TRC20', address: TRON_ADDRESS, amount, payPassword });
    withdrawals.push(record.orderNo);
  }
  await ops('withdrawal', 'approve', idOfRow(await ops('withdrawals'), withdrawals[0]), '--reference', '9f2c61d0a4b7e83519c2f0d6e4a7b1c3d5e9f0a2b4c6d8e0f1a3b5c7d9e1f3a5');
  await ops('withdrawal', 'reject', idOfRow(await ops('withdrawals'), withdrawals[1]), '--reason', 'The address is on a sanctions list');

  // The hall: one order bought and confirmed, one cancelled, one matched and waiting for the confirmation.
  const offers = await me.get<Array<{ price: string; mine: boolean; minAmount: string }>>('/trade/hall?side=buy&amount=20');
  const offer = offers.find((candidate) => !candidate.mine);
  assert.ok(offer, 'a sell offer of another merchant');
  const first = await me.pay<{ id: number; status: string }>('/trade/orders/place', { side: 'buy', amount: '20', price: offer.price, payPassword });
  assert.equal(first.status, 'matched');
  await me.pay('/trade/orders/confirm', { id: first.id, payPassword });
  const cancelled = await me.pay<{ id: number }>('/trade/orders/place', { side: 'buy', amount: '15', price: offer.price, payPassword });
  await me.post('/trade/orders/cancel', { id: cancelled.id });
  const second = await me.pay<{ status: string }>('/trade/orders/place', { side: 'buy', amount: '20', price: offer.price, payPassword });
  assert.equal(second.status, 'matched');

  // A pledge redeemed early (its penalty kept), and one running.
  const overview = await me.get<{ products: Array<{ id: number; asset: string; minAmount: string }> }>('/pledge/overview');
  const product = overview.products.find((candidate) => candidate.asset === 'USDT') ?? overview.products[0];
  const redeemed = await me.pay<{ id: number }>('/pledge/start', { productId: product.id, amount: product.minAmount, payPassword });
  await me.pay('/pledge/redeem', { id: redeemed.id, payPassword });
  await me.pay('/pledge/start', { productId: product.id, amount: product.minAmount, payPassword });

  // A credit loan refused with the operator's reason; then a principal loan of EUR against the
  // merchant's USDT (at an LTV of 50 % at the reference rate) approved, so the loan's screen shows
  // its collateral, its LTV, both prices, repaying a part and adding collateral.
  const config = await me.get<{
    products: Array<{ id: number; type: string; asset: Asset; minAmount: string }>;
    acrossAssets: { rate: string };
  }>('/loan/config');
  const credit = config.products.find((candidate) => candidate.type === 'credit');
  const principal = config.products.find((candidate) => candidate.type === 'principal' && candidate.asset === 'EUR');
  assert.ok(credit && principal, 'a credit loan product and a principal one lending EUR');
  const identity = async () => ({ fullName: 'Mara Keller', idType: 'passport', idNumber: 'C01X00T47', frontDocument: (await me.post<{ id: number }>('/loan/document', imageForm({}))).id, accepted: true });
  const refused = await me.post<{ loanNo: string }>('/loan/apply', { productId: credit.id, amount: credit.minAmount, ...(await identity()) });
  await ops('loan', 'reject', idOfRow(await ops('loans'), refused.loanNo), '--reason', 'The ID image is too blurred to read');
  const amount = '200.00';
  const pair = { loanAsset: 'EUR' as const, collateralAsset: 'USDT' as const, rate: parseAmount(config.acrossAssets.rate, 'USDT')! };
  const collateral = toDecimalString(collateralFor(parseAmount(amount, 'EUR')!, 5_000n, pair), 'USDT');
  const loan = await me.post<{ id: number; loanNo: string }>('/loan/apply', { productId: principal.id, amount, collateralAsset: 'USDT', collateral, ...(await identity()) });
  await ops('loan', 'approve', idOfRow(await ops('loans'), loan.loanNo));

  // A news piece on the home's ticker, in English and German.
  const written = await ops('news', 'write', '--title', 'Conversions now settle in seconds', '--body', 'Converting between EUR and USDT now completes as soon as you confirm it.\n\nThe rate is fixed for 30 seconds while you decide.');
  const newsId = /news (\d+):/.exec(written)?.[1];
  assert.ok(newsId, `the news id in: ${written}`);
  await ops('news', 'translate', newsId, '--locale', 'de', '--title', 'Umtausch jetzt in Sekunden', '--body', 'Der Umtausch zwischen EUR und USDT ist abgeschlossen, sobald Sie ihn bestätigen.\n\nDer Kurs gilt 30 Sekunden lang, während Sie entscheiden.');
  await ops('news', 'publish', newsId);

  return { newsId: Number(newsId), loanId: loan.id };
}
