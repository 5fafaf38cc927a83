/**
 * The operator console in Chromium (issue 36), at a finance desk's 1440×900 and on a tablet: the
 * demo operator signs in with a TOTP code; a deposit the demo user makes in the app on their phone
 * appears in the queue without a reload; its proof image is seen in the page; the approval is
 * confirmed with what the ledger will post, and the user's phone shows the new balance without a
 * reload; a support operator sees the deposit but no decision; the operator's own sessions; every
 * page in English and Chinese with axe finding nothing serious and no page error.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { totpCode } from '../../server/security/totp';
import { decryptPush, pushDevice } from '../fixtures/push-device';
import { collateralFor } from '../../src/domain/ltv';
import { parseAmount, toDecimalString } from '../../src/domain/money';
import { bodyText, browserSuite, deskPage, logInWithForm, type Ops, type RunningApp, screenshot, TABLET } from './harness';
import { axeFindings } from './inspect';

const root = fileURLToPath(new URL('../..', import.meta.url));
const DEMO = { username: 'demo', password: '583927', payPassword: '260418' };
const OPERATOR = { username: 'ops', password: 'tessera-ops-demo', secret: 'TESSERADEMOOPERATORTOTPSECRET234' };
const PROOF = join(root, 'public', 'icons', 'icon-512.png');

/** Waits for the next 30 s step of the TOTP clock, so that the code typed has not been used by an earlier sign-in. */
async function freshCode(page: Page, secret: string, used: Set<string>): Promise<string> {
  for (;;) {
    const code = totpCode(secret, new Date());
    if (!used.has(code)) {
      used.add(code);
      return code;
    }
    await page.waitForTimeout(1000);
  }
}

async function signIn(page: Page, baseUrl: string, who: { username: string; password: string; secret: string }, used: Set<string>, words = EN): Promise<void> {
  await page.goto(`${baseUrl}/ops/`);
  await page.getByLabel(words.name).fill(who.username);
  await page.getByLabel(words.password, { exact: true }).fill(who.password);
  await page.getByLabel(words.code).fill(await freshCode(page, who.secret, used));
  await page.getByRole('button', { name: words.signIn }).click();
  await page.getByRole('navigation', { name: words.menu }).waitFor();
}

/** A user's session token, as the app's sign-in gets it. */
async function userToken(baseUrl: string, who: { username: string; password: string }): Promise<string> {
  const reply = await fetch(`${baseUrl}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account: who.username, password: who.password }) });
  const body = (await reply.json()) as { type: string; data: { token: string } };
  assert.equal(body.type, 'ok');
  return body.data.token;
}

/** A money call as the app makes it: the session's token and an Idempotency-Key. */
async function appCall<T>(baseUrl: string, path: string, token: string, input: unknown): Promise<T> {
  const reply = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token, 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify(input),
  });
  const body = (await reply.json()) as { type: string; data: T; message: string };
  assert.equal(body.type, 'ok', body.message);
  return body.data;
}

/** The demo user as the desk reads them (its session's own fetch). */
function userDetail(_baseUrl: string, page: Page): Promise<{ id: string }> {
  return page.evaluate(async () => {
    const found = await (await fetch('/api/ops/users?q=demo')).json();
    return { id: found.data.list[0].id as string };
  });
}

const NEWS = { title: 'Bank deposits pause on Sunday night', body: 'Bank transfers that arrive between 02:00 and 03:00 UTC on Sunday are credited after 03:00.\n\nCrypto deposits are not affected.' };
const NEWS_ZH = { title: '周日夜间银行充值暂停', body: '周日 UTC 02:00 至 03:00 之间到账的银行转账将在 03:00 之后入账。\n\n加密货币充值不受影响。' };

const EN = { name: 'Operator name', password: 'Password', code: 'Authenticator code', signIn: 'Sign in', menu: 'Console menu' };
const ZH = { name: '操作员名称', password: '密码', code: '身份验证器验证码', signIn: '登录', menu: '控制台菜单' };

/** What only finance or an admin may do, as the console's buttons name it: none of it is shown to support. */
const FINANCE_OR_ADMIN = /^(Approve|Reject|Refuse|Confirm|Pay|Post|Propose|Change|Edit|Create|Disable|Run|Add)\b/;

/** Every page of the console: the menu's, and a record's page of each kind (the newest of each). */
async function everyPage(page: Page): Promise<string[]> {
  const kinds = { deposits: '/deposits', withdrawals: '/withdrawals', loans: '/loans', users: '/users?q=demo', news: '/news' };
  // No named function inside: the page cannot see the test's helpers.
  const ids = await page.evaluate(
    (paths) => Promise.all(paths.map(async (path) => ((await (await fetch(`/api/ops${path}`)).json()).data.list[0]?.id as number | string | undefined) ?? null)),
    Object.values(kinds),
  );
  const records = Object.keys(kinds).map((kind, index) => {
    assert.notEqual(ids[index], null, `no ${kind} record to open`);
    return `/${kind}/${ids[index]}`;
  });
  const menu = ['/', '/deposits', '/withdrawals', '/merchants', '/loans', '/repayments', '/users', '/corrections', '/news', '/content', '/audit', '/settings', '/vip', '/coins', '/pledge-products', '/operators', '/account'];
  return [...menu, ...records];
}

/** Opens a page by its address and waits until it has drawn what it reads. */
async function openPage(page: Page, baseUrl: string, path: string): Promise<void> {
  await page.goto(`${baseUrl}/ops${path}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForFunction(() => document.querySelector('.animate-spin') === null);
}

async function assertAccessible(page: Page, where: string): Promise<void> {
  const findings = await axeFindings(page);
  assert.deepEqual(findings, [], `axe on ${where}`);
}

describe('the operator console in Chromium at 1440×900 and on a tablet', () => {
  let app: RunningApp;
  let browser: Browser;
  let phone: Page;
  let ops: Ops;
  let desk: Page;
  const used = new Set<string>();
  let orderNo = '';
  /** The TOTP secret of the support operator made on the way. */
  let supportSecret = '';
  /** A session of the demo user besides the phone's, made by the app's sign-in call. */
  let token = '';
  // Push messages go to the test's own push service on this machine (the news step).
  browserSuite({ env: () => ({ PUSH_SERVICE_HOSTS: '127.0.0.1' }) }, (suite) => ({ app, browser, page: phone, ops } = suite));

  it('signs the demo operator in with password and TOTP code; the session cookie is not readable by script', async () => {
    desk = await deskPage(browser);
    await desk.goto(`${app.baseUrl}/ops/deposits`);
    // Not signed in: the sign-in, which continues to the page asked for.
    await desk.getByRole('heading', { name: 'Operator sign-in' }).waitFor();
    await assertAccessible(desk, 'the sign-in');
    await screenshot(desk, 'ops-en-sign-in');
    await desk.getByLabel(EN.name).fill(OPERATOR.username);
    await desk.getByLabel(EN.password, { exact: true }).fill(OPERATOR.password);
    await desk.getByLabel(EN.code).fill('000000');
    await desk.getByRole('button', { name: EN.signIn }).click();
    await desk.getByText('The authenticator code is not correct or was already used.').waitFor();
    await desk.getByLabel(EN.code).fill(await freshCode(desk, OPERATOR.secret, used));
    await desk.getByRole('button', { name: EN.signIn }).click();
    await desk.getByRole('heading', { name: 'Deposits' }).waitFor();
    assert.equal(await desk.evaluate(() => document.cookie), '', 'no cookie a script can read');
    const cookies = await desk.context().cookies();
    const session = cookies.find((cookie) => cookie.name === 'tessera_ops');
    assert.ok(session?.httpOnly, 'the session cookie is HttpOnly');
    assert.equal(session.sameSite, 'Strict');
    assert.equal(session.path, '/api/ops');
    await desk.getByText('Queues update live').waitFor();
  });

  it("shows the user's new deposit in the queue without a reload", async () => {
    await logInWithForm(phone, app.baseUrl, DEMO);
    await phone.goto(`${app.baseUrl}/h5/recharge`);
    await phone.getByRole('radio', { name: 'USDT' }).click();
    await phone.getByRole('radio', { name: 'TRC20' }).waitFor();
    await phone.getByLabel('Amount (USDT)').fill('1000');
    await phone.getByLabel('Payment proof image').setInputFiles(PROOF);
    await phone.getByRole('img', { name: 'Chosen payment proof' }).waitFor();
    await phone.getByRole('button', { name: 'Submit deposit' }).click();
    await phone.getByText('Deposit submitted').waitFor({ timeout: 30_000 });
    const text = await bodyText(phone);
    orderNo = /\b([A-Z]\d{6,})\b/.exec(text.slice(text.indexOf('Order number')))?.[1] ?? '';
    assert.ok(orderNo, `an order number on: ${text}`);

    // The desk was not touched: the row arrives over the operators' socket.
    const row = desk.getByRole('row').filter({ hasText: orderNo });
    await row.waitFor({ timeout: 15_000 });
    assert.match(await row.innerText(), /demo/);
    assert.match(await row.innerText(), /1,000\.00\sUSDT/);
    assert.match(await desk.getByRole('navigation', { name: EN.menu }).innerText(), /Deposits\s*1/);
    await assertAccessible(desk, 'the deposits queue');
    await screenshot(desk, 'ops-en-deposits');
  });

  it('shows the proof image in the page, with zoom and rotation', async () => {
    // The user's phone waits on the assets screen, 0.00 USDT, and is not touched again.
    await phone.goto(`${app.baseUrl}/h5/assets`);
    await phone.getByText('0.00').first().waitFor();

    await desk.getByRole('link', { name: orderNo }).click();
    await desk.getByRole('heading', { name: `Deposit ${orderNo}` }).waitFor();
    const proof = desk.getByRole('img', { name: `The payment proof of deposit ${orderNo}` });
    await proof.waitFor();
    const shown = await proof.evaluate((image: HTMLImageElement) => ({ width: image.naturalWidth, src: image.src }));
    assert.equal(shown.width, 512, 'the proof image itself, decoded');
    assert.match(shown.src, /^blob:/, 'shown from the session fetch, never a cacheable URL');
    await desk.getByRole('button', { name: 'Zoom in' }).click();
    await desk.getByRole('button', { name: 'Rotate' }).click();
    assert.match((await proof.getAttribute('style')) ?? '', /scale\(1\.5\) rotate\(90deg\)/);
    await assertAccessible(desk, "a deposit's page");
    await screenshot(desk, 'ops-en-deposit');
  });

  it("approves it after the dialog shows the ledger's postings; the user's phone shows the balance without a reload", async () => {
    await desk.getByRole('button', { name: 'Approve…' }).click();
    const dialog = desk.getByRole('dialog', { name: `Approve deposit ${orderNo}?` });
    await dialog.getByText('The ledger will post').waitFor();
    const plan = await dialog.innerText();
    assert.match(plan, /Platform · deposits\s*→\s*demo · available\s*1,000\.00\sUSDT/);
    assert.match(plan, /Platform · VIP gifts\s*→\s*demo · available\s*10\.00\sUSDT/);
    assert.match(plan, /VIP level 0 → 1/);
    await assertAccessible(desk, 'the approval dialog');
    await screenshot(desk, 'ops-en-approve');
    await dialog.getByRole('button', { name: 'Approve and credit' }).click();
    await dialog.waitFor({ state: 'detached' });
    await desk.getByText('Approved').first().waitFor();

    // 1,000 and the 1 % gift of VIP 1, on the screen the phone was left on.
    await phone.getByText('1,010.00').first().waitFor({ timeout: 15_000 });
    await screenshot(phone, 'ops-phone-balance');
    // The queue no longer counts it.
    await desk.getByRole('link', { name: 'Back to the queue' }).click();
    await desk.getByText('No deposit is waiting for a decision.').waitFor();
  });

  it('lists the operator\'s sessions, the command line\'s too', async () => {
    const code = await freshCode(desk, OPERATOR.secret, used);
    assert.match(await ops('login', '--user', OPERATOR.username, '--password', OPERATOR.password, '--totp', code), /signed in as ops/);
    await desk.getByRole('link', { name: 'My account' }).click();
    await desk.getByText('Command line').waitFor();
    await desk.getByText('This session', { exact: true }).waitFor();
    await assertAccessible(desk, 'my account');
    await screenshot(desk, 'ops-en-account');
  });

  it('lets a support operator see the deposit but decide nothing', async () => {
    const created = await ops('operator', 'create', 'desk.support', '--role', 'support', '--password', 'a long support password');
    const secret = /secret\s+([A-Z2-7]{32})/i.exec(created)?.[1];
    assert.ok(secret, `a TOTP secret in: ${created}`);
    supportSecret = secret;
    const support = await deskPage(browser);
    await signIn(support, app.baseUrl, { username: 'desk.support', password: 'a long support password', secret }, used);
    await support.goto(`${app.baseUrl}/ops/deposits?status=all`);
    await support.getByRole('link', { name: orderNo }).click();
    await support.getByRole('heading', { name: `Deposit ${orderNo}` }).waitFor();
    assert.equal(await support.getByRole('button', { name: 'Approve…' }).count(), 0);
    assert.equal(await support.getByRole('button', { name: 'Reject…' }).count(), 0);
    // Asked by hand, the server refuses it anyway.
    const refused = await support.evaluate(async () => {
      const session = await (await fetch('/api/ops/session')).json();
      const reply = await fetch('/api/ops/deposits/reject', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.data.csrfToken },
        body: JSON.stringify({ id: 1, reason: 'trying anyway' }),
      });
      return { status: reply.status, key: (await reply.json()).key };
    });
    assert.deepEqual(refused, { status: 403, key: 'ops.roleForbidden' });
    await support.context().close();
  });

  it('pays a withdrawal with its payout reference, after the dialog says what the ledger posts', async () => {
    // The demo user asks for 100 USDT to a TRC20 address, through the call the app makes.
    token = await userToken(app.baseUrl, DEMO);
    const withdrawal = await appCall<{ orderNo: string }>(app.baseUrl, '/wallet/out', token, {
      method: 'crypto',
      network: 'TRC20',
      address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
      amount: '100',
      payPassword: DEMO.payPassword,
    });
    await desk.getByRole('link', { name: /^Withdrawals/ }).click();
    await desk.getByRole('link', { name: withdrawal.orderNo }).click();
    await desk.getByText('TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7').first().waitFor();
    await desk.getByLabel('Payout reference').fill('0x5be9c7a1f0d2e3b4a5968778695a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a');
    await desk.getByRole('button', { name: 'Mark as paid…' }).click();
    const dialog = desk.getByRole('dialog', { name: `Mark withdrawal ${withdrawal.orderNo} as paid?` });
    assert.match(await dialog.innerText(), /demo · held\s*→\s*Platform · withdrawals/);
    await assertAccessible(desk, 'the payout dialog');
    await screenshot(desk, 'ops-en-withdrawal-pay');
    await dialog.getByRole('button', { name: 'Mark as paid' }).click();
    await dialog.waitFor({ state: 'detached' });
    await desk.getByText('0x5be9c7a1f0d2e3b4a5968778695a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a').first().waitFor();
  });

  it('a correction above the four-eyes threshold is proposed by one operator, refused to its maker and approved by a second', async () => {
    const demoId = (await userDetail(app.baseUrl, desk)).id;
    await desk.getByRole('link', { name: /^Corrections/ }).click();
    await desk.getByLabel('User id').fill(demoId);
    await desk.getByLabel('Amount (signed)').fill('1500');
    await desk.getByLabel('Reason (the user reads it in their fund record)').fill('Bank transfer received twice, credited by hand');
    await desk.getByRole('button', { name: 'Correct…' }).click();
    const propose = desk.getByRole('dialog', { name: 'Propose this correction?' });
    await propose.getByText(/Above the four-eyes threshold/).waitFor();
    await screenshot(desk, 'ops-en-correction-propose');
    await propose.getByRole('button', { name: 'Propose it' }).click();
    await propose.waitFor({ state: 'detached' });
    const row = desk.getByRole('row').filter({ hasText: 'Bank transfer received twice' });
    await row.waitFor();
    // Its maker sees no approval, and is refused one by hand.
    assert.equal(await row.getByRole('button', { name: 'Approve…' }).count(), 0);
    const own = await desk.evaluate(async () => {
      const session = await (await fetch('/api/ops/session')).json();
      const list = await (await fetch('/api/ops/adjustments/proposals?status=pending')).json();
      const reply = await fetch('/api/ops/adjustments/proposals/approve', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.data.csrfToken },
        body: JSON.stringify({ id: list.data.list[0].id }),
      });
      return { status: reply.status, key: (await reply.json()).key };
    });
    assert.deepEqual(own, { status: 403, key: 'ops.ownProposal' });

    const created = await ops('operator', 'create', 'desk.finance', '--role', 'finance', '--password', 'a long finance password');
    const secret = /secret\s+([A-Z2-7]{32})/i.exec(created)?.[1];
    assert.ok(secret);
    const second = await deskPage(browser);
    await signIn(second, app.baseUrl, { username: 'desk.finance', password: 'a long finance password', secret }, used);
    await second.goto(`${app.baseUrl}/ops/corrections`);
    const waiting = second.getByRole('row').filter({ hasText: 'Bank transfer received twice' });
    await waiting.getByRole('button', { name: 'Approve…' }).click();
    const approve = second.getByRole('dialog', { name: /^Approve proposal no\. \d+\?$/ });
    assert.match(await approve.innerText(), /Platform · adjustments\s*→\s*demo · available\s*1,500\.00\sUSDT/);
    await approve.getByRole('button', { name: 'Approve and post' }).click();
    await approve.waitFor({ state: 'detached' });
    await waiting.waitFor({ state: 'detached' });
    await second.getByRole('button', { name: 'Approved', exact: true }).click();
    await second.getByRole('row').filter({ hasText: 'Bank transfer received twice' }).filter({ hasText: 'desk.finance' }).waitFor();
    await screenshot(second, 'ops-en-correction-approved');
    await second.context().close();
    // 1,010 − 100 paid out + 1,500: on the phone, without a reload.
    await phone.getByText('2,410.00').first().waitFor({ timeout: 15_000 });
  });

  it('finds a user by phone, ends their session and lifts their lockout', async () => {
    // Five wrong passwords lock the demo user's sign-in.
    const keys: string[] = [];
    for (let tries = 0; tries < 8 && keys.at(-1) !== 'login.locked'; tries++) {
      const reply = await fetch(`${app.baseUrl}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account: DEMO.username, password: '000000' }) });
      keys.push(((await reply.json()) as { key: string }).key);
    }
    assert.equal(keys.at(-1), 'login.locked', `the sign-in locks: ${keys.join(', ')}`);
    await desk.getByRole('link', { name: 'Users' }).click();
    await desk.getByLabel('Id, username, e-mail or phone').fill('+49 151 23456789');
    await desk.getByRole('button', { name: 'Search' }).click();
    await desk.getByRole('link', { name: 'demo' }).click();
    await desk.getByText(/Locked until/).first().waitFor();
    await assertAccessible(desk, "a user's page");
    await screenshot(desk, 'ops-en-user');
    await desk.getByRole('button', { name: 'Lift…' }).click();
    const lift = desk.getByRole('dialog', { name: 'Lift the locks of demo?' });
    await lift.getByLabel('Reason (kept in the audit log)').fill('Verified by phone call');
    await lift.getByRole('button', { name: 'Lift the locks' }).click();
    await lift.waitFor({ state: 'detached' });
    await desk.getByText('Not locked').first().waitFor();
    const unlocked = await fetch(`${app.baseUrl}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account: DEMO.username, password: DEMO.password }) });
    assert.equal(((await unlocked.json()) as { type: string }).type, 'ok', 'the user signs in again');

    // The phone's session, ended from the desk: its next call is refused.
    await desk.getByRole('button', { name: 'Sessions', exact: true }).click();
    await desk.getByRole('button', { name: 'End all sessions…' }).click();
    const end = desk.getByRole('dialog', { name: 'End every session of demo?' });
    await end.getByLabel('Reason (kept in the audit log)').fill('Lost phone reported');
    await end.getByRole('button', { name: 'End all sessions' }).click();
    await end.waitFor({ state: 'detached' });
    const refused = await fetch(`${app.baseUrl}/api/user/info`, { headers: { authorization: token } });
    assert.equal(((await refused.json()) as { type: string }).type, '999', 'the ended session is refused');
  });

  it("shows a loan application's identity image and approves the loan after its postings are shown", async () => {
    // The demo user asks for 200 EUR against USDT at an LTV of 50 %, with a passport's image, as the app does.
    token = await userToken(app.baseUrl, DEMO);
    const form = new FormData();
    form.append('file', new Blob([readFileSync(PROOF)], { type: 'image/png' }), 'passport.png');
    const document = (await (await fetch(`${app.baseUrl}/api/loan/document`, { method: 'POST', headers: { authorization: token }, body: form })).json()) as { data: { id: number } };
    const config = (await (await fetch(`${app.baseUrl}/api/loan/config`, { headers: { authorization: token } })).json()) as {
      data: { products: Array<{ id: number; type: string; asset: string }>; acrossAssets: { rate: string } };
    };
    const product = config.data.products.find((candidate) => candidate.type === 'principal' && candidate.asset === 'EUR');
    assert.ok(product, 'a principal loan lending EUR');
    const collateral = toDecimalString(collateralFor(parseAmount('200.00', 'EUR')!, 5_000n, { loanAsset: 'EUR', collateralAsset: 'USDT', rate: parseAmount(config.data.acrossAssets.rate, 'USDT')! }), 'USDT');
    const loan = await appCall<{ loanNo: string }>(app.baseUrl, '/loan/apply', token, {
      productId: product.id,
      amount: '200.00',
      collateralAsset: 'USDT',
      collateral,
      fullName: 'Mara Keller',
      idType: 'passport',
      idNumber: 'C01X00T47',
      frontDocument: document.data.id,
      accepted: true,
    });
    await desk.getByRole('link', { name: /^Loans/ }).first().click();
    await desk.getByRole('link', { name: loan.loanNo }).click();
    const image = desk.getByRole('img', { name: "The front of Mara Keller's identity document" });
    await image.waitFor();
    assert.equal(await image.evaluate((element: HTMLImageElement) => element.naturalWidth), 512, 'the identity image itself, decoded');
    await assertAccessible(desk, "a loan's page");
    await screenshot(desk, 'ops-en-loan');
    await desk.getByRole('button', { name: 'Approve…' }).click();
    const dialog = desk.getByRole('dialog', { name: `Approve loan ${loan.loanNo}?` });
    const plan = await dialog.innerText();
    assert.match(plan, /demo · available\s*→\s*demo · collateral/);
    assert.match(plan, /Platform · loans\s*→\s*demo · available\s*200\.00\sEUR/);
    await dialog.getByRole('button', { name: 'Approve and pay out' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Decided: no decision is offered any more; the borrower's EUR arrived.
    await desk.getByRole('button', { name: 'Approve…' }).waitFor({ state: 'detached' });
    const wallet = (await (await fetch(`${app.baseUrl}/api/wallet/list`, { method: 'POST', headers: { authorization: token, 'content-type': 'application/json' }, body: '{}' })).json()) as {
      data: { legal_wallet: { balance: Array<{ currency_name: string; legal_balance: string }> } };
    };
    const eur = wallet.data.legal_wallet.balance.find((entry) => entry.currency_name === 'EUR');
    assert.equal(Number(eur?.legal_balance), 200, 'the loan paid out in EUR');
  });

  it('writes a piece of news, translates it beside the English, previews it as the app shows it and publishes it to a subscribed device', async () => {
    // A push service on this machine (PUSH_SERVICE_HOSTS=127.0.0.1) taking what the server sends.
    const received: Buffer[] = [];
    const service = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push(Buffer.concat(chunks));
        response.statusCode = 201;
        response.end();
      });
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    try {
      // The demo user's device, subscribed to announcements; its owner reads Chinese, so the push comes in Chinese.
      const device = pushDevice('demo-phone');
      const session = await userToken(app.baseUrl, DEMO);
      const endpoint = `http://127.0.0.1:${(service.address() as AddressInfo).port}/push/demo-phone`;
      await appCall(app.baseUrl, '/push/subscribe', session, { endpoint, keys: device.keys, channels: ['system'] });
      await appCall(app.baseUrl, '/set/lang', session, { locale: 'zh' });

      await desk.getByRole('link', { name: 'News' }).click();
      await desk.getByRole('heading', { name: 'News', exact: true }).waitFor();
      await desk.getByRole('button', { name: 'Write a piece' }).click();
      await desk.getByLabel('Title').fill(NEWS.title);
      await desk.getByLabel('Text').fill(NEWS.body);
      // The preview draws it as the app does while it is typed.
      const preview = desk.getByRole('figure').getByRole('article');
      await preview.getByRole('heading', { name: NEWS.title }).waitFor();
      assert.match(await preview.innerText(), /Crypto deposits are not affected\./);
      await desk.getByRole('button', { name: 'Save as draft' }).click();
      await desk.getByRole('heading', { name: NEWS.title, level: 1 }).waitFor();

      // Chinese beside the English, previewed in Chinese before it is saved.
      await desk.getByRole('navigation', { name: 'Languages' }).getByRole('button', { name: /中文/ }).click();
      await desk.getByLabel('Title').fill(NEWS_ZH.title);
      await desk.getByLabel('Text').fill(NEWS_ZH.body);
      const chinese = desk.locator('article[lang="zh"]');
      await chinese.getByRole('heading', { name: NEWS_ZH.title }).waitFor();
      await desk.getByRole('button', { name: 'Save 中文' }).click();
      await desk.getByText('Saved. The app shows it from now on.').waitFor();
      await assertAccessible(desk, 'a piece of news');
      await screenshot(desk, 'ops-en-news-piece');

      await desk.getByRole('button', { name: 'Publish', exact: true }).click();
      const dialog = desk.getByRole('dialog', { name: 'Publish this piece?' });
      await dialog.getByRole('button', { name: 'Publish and notify' }).click();
      await desk.getByText('Published. The notification reached 1 device.').waitFor();
      // The device got it, encrypted for it, in its owner's language.
      const deadline = Date.now() + 10_000;
      while (received.length === 0 && Date.now() < deadline) await desk.waitForTimeout(100);
      assert.equal(received.length, 1, 'one push message to the one subscribed device');
      const message = JSON.parse(decryptPush(received[0], device)) as { title: string; kind: string; url: string };
      assert.equal(message.title, NEWS_ZH.title);
      assert.equal(message.kind, 'news');
      await screenshot(desk, 'ops-en-news-published');

      // The app's news list shows it at once (the phone reads English).
      await phone.goto(`${app.baseUrl}/h5/news`);
      await phone.getByRole('article', { name: NEWS.title }).waitFor();
      await appCall(app.baseUrl, '/set/lang', session, { locale: 'en' });
    } finally {
      await new Promise((resolve) => service.close(resolve));
    }
  });

  it('shows each step in the audit log with its operator, and exports it as CSV', async () => {
    await desk.goto(`${app.baseUrl}/ops/operators`);
    await desk.getByRole('row').filter({ hasText: 'desk.support' }).getByRole('cell', { name: 'Support', exact: true }).waitFor();
    await assertAccessible(desk, 'the operators');
    await screenshot(desk, 'ops-en-operators');
    await desk.getByRole('link', { name: 'Audit log' }).click();
    const approval = desk.getByRole('row').filter({ hasText: 'deposit.approve' });
    await approval.waitFor();
    assert.match(await approval.innerText(), /\bops\b[\s\S]*deposit\.approve[\s\S]*deposit:\d+[\s\S]*demo/);
    await desk.getByRole('row').filter({ hasText: 'operator.create' }).first().waitFor();
    // Only the approvals, by the filter.
    await desk.getByLabel('Action').fill('deposit.approve');
    await desk.getByRole('button', { name: 'Filter' }).click();
    await desk.getByRole('row').filter({ hasText: 'operator.create' }).first().waitFor({ state: 'detached' });
    await assertAccessible(desk, 'the audit log');
    await screenshot(desk, 'ops-en-audit');
    const [download] = await Promise.all([desk.waitForEvent('download'), desk.getByRole('link', { name: 'Export CSV' }).click()]);
    assert.match(download.suggestedFilename(), /^tessera-audit-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8').trimEnd().split('\r\n');
    assert.equal(csv[0], 'id,createdAt,operator,action,subject,userId,username,reason,details');
    assert.equal(csv.length, 2, 'the header and the one deposit approval');
    assert.match(csv[1], /,ops,deposit\.approve,deposit:\d+,/);
  });

  it('opens every page in English and in Chinese with axe finding nothing serious', async () => {
    for (const [locale, words, lang] of [['en-US', EN, 'en'], ['zh-CN', ZH, 'zh']] as const) {
      const admin = await deskPage(browser, locale);
      await signIn(admin, app.baseUrl, OPERATOR, used, words);
      for (const path of await everyPage(admin)) {
        await openPage(admin, app.baseUrl, path);
        await assertAccessible(admin, `${path} in ${lang}`);
        await screenshot(admin, `ops-${lang}-page-${path === '/' ? 'dashboard' : path.slice(1).replace(/\/.+$/, '-record')}`);
      }
      await admin.context().close();
    }
  });

  it('walks every page as a support operator: the menu and the pages offer no finance or admin action', async () => {
    const support = await deskPage(browser);
    await signIn(support, app.baseUrl, { username: 'desk.support', password: 'a long support password', secret: supportSecret }, used);
    const menu = await support.getByRole('navigation', { name: EN.menu }).getByRole('link').allInnerTexts();
    assert.ok(!menu.some((entry) => /Operators|Pledge products/.test(entry)), `support's menu: ${menu.join(', ')}`);
    for (const path of await everyPage(support)) {
      await openPage(support, app.baseUrl, path);
      if (path === '/operators' || path === '/pledge-products') {
        await support.getByText('Your operator role does not allow this page.').waitFor();
        continue;
      }
      // Their own password, code and sessions are every operator's to change.
      if (path === '/account') continue;
      const offered = (await support.getByRole('button').allInnerTexts()).map((name) => name.trim());
      // The content pages are an admin's to change: support reads them, with nothing to save.
      const forbidden = offered.filter((name) => FINANCE_OR_ADMIN.test(name) || (path === '/content' && /^Save\b/.test(name)));
      assert.deepEqual(forbidden, [], `support is offered on ${path}: ${forbidden.join(', ')}`);
    }
    await screenshot(support, 'ops-en-support-account');
    await support.context().close();
  });

  it('works in Chinese, and on a tablet', async () => {
    const chinese = await deskPage(browser, 'zh-CN');
    await signIn(chinese, app.baseUrl, OPERATOR, used, ZH);
    await chinese.goto(`${app.baseUrl}/ops/deposits?status=all`);
    await chinese.getByRole('heading', { name: '充值', exact: true }).waitFor();
    await chinese.getByRole('link', { name: orderNo }).waitFor();
    await assertAccessible(chinese, 'the deposits queue in Chinese');
    await screenshot(chinese, 'ops-zh-deposits');
    await chinese.getByRole('link', { name: orderNo }).click();
    await chinese.getByRole('heading', { name: `充值 ${orderNo}` }).waitFor();
    await chinese.getByRole('img', { name: `充值 ${orderNo} 的付款凭证` }).waitFor();
    await assertAccessible(chinese, "a deposit's page in Chinese");
    await screenshot(chinese, 'ops-zh-deposit');
    await chinese.goto(`${app.baseUrl}/ops/account`);
    await chinese.getByText('当前会话').waitFor();
    await screenshot(chinese, 'ops-zh-account');
    await chinese.context().close();

    const tablet = await deskPage(browser, 'en-US', TABLET);
    await signIn(tablet, app.baseUrl, OPERATOR, used);
    await tablet.goto(`${app.baseUrl}/ops/deposits?status=all`);
    await tablet.getByRole('link', { name: orderNo }).click();
    await tablet.getByRole('img', { name: `The payment proof of deposit ${orderNo}` }).waitFor();
    const overflow = await tablet.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(overflow, 0, 'nothing wider than the tablet');
    await assertAccessible(tablet, "a deposit's page on a tablet");
    await screenshot(tablet, 'ops-tablet-deposit');
    await tablet.context().close();
  });
});
