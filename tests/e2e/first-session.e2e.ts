/**
 * A first session, as a new user lives it on a phone, using only what the screens offer (taps on
 * what is shown, no typed addresses): signs up from the visitor's home, logs in, deposits USDT
 * (an operator approves it with `npm run ops`), converts part of it to EUR, pledges, and
 * withdraws to a crypto address. Each step checks what the user sees after it.
 *
 * The walk fails on any refusal the screen could have prevented: every 4xx answer of the API and
 * every error toast is one (the screens know the limits, the balances and whether a payment
 * password is set). Where a user is about to walk into one — a pledge below the minimum, a
 * withdrawal with empty fields — the screen must say so before anything is sent.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { browserSuite, completeSignUp, depositWithProof, idOfRow, pinSheet, type RunningApp, screenshot, waitForCode, waitForText, type Ops, OPERATOR, TRON_ADDRESS } from './harness';
import { errorText } from '../../src/locales/errors';

const NEWCOMER = { email: 'lena.brandt@example.org', username: 'lena2026', password: '739164', payPassword: '318275' };

describe('a first session in Chromium at 390×844: sign up, deposit, convert, pledge, withdraw', () => {
  let app: RunningApp;
  let page: Page;
  let ops: Ops;
  /** Refusals seen since the walk began: API answers 4xx and error toasts, with where they happened. */
  const refusals: string[] = [];
  /** The API calls that moved money or changed the account (POST), to check nothing was sent. */
  const sent: string[] = [];
  browserSuite({}, (suite) => ({ app, page, ops } = suite));

  before(async () => {
    const where = () => new URL(page.url()).pathname;
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (!url.pathname.startsWith('/api/') || url.pathname.startsWith('/api/ops')) return;
      if (response.status() >= 400 && response.status() < 500) refusals.push(`${response.status()} from ${response.request().method()} ${url.pathname} on ${where()}`);
    });
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/') && request.method() === 'POST') sent.push(url.pathname);
    });
    // An error toast may be gone before a check reads the page: each one is written down as it appears.
    await page.context().addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { errorToasts: string[] }).errorToasts = seen;
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.addedNodes) {
            if (!(node instanceof HTMLElement)) continue;
            const toasts = node.matches('[data-kind="error"]') ? [node] : [...node.querySelectorAll<HTMLElement>('[data-kind="error"]')];
            for (const toast of toasts) seen.push(`${toast.innerText} on ${location.pathname}`);
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
  });

  /** No refusal since the last step: a screen that let the user walk into one fails here. */
  async function assertNoRefusal(step: string): Promise<void> {
    const toasts = await page.evaluate(() => (window as unknown as { errorToasts?: string[] }).errorToasts?.splice(0) ?? []).catch(() => []);
    const found = [...refusals.splice(0), ...toasts.map((text) => `error toast "${text}"`)];
    assert.deepEqual(found, [], `a refusal the screen could have prevented, at ${step}:\n${found.join('\n')}`);
  }

  /** Opens the app on Home, as from the phone's home screen, and taps one of its shortcuts. */
  async function shortcut(name: string, path: string): Promise<void> {
    await page.goto(`${app.baseUrl}/h5/home`);
    await page.getByRole('navigation', { name: 'Shortcuts' }).getByRole('link', { name, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/h5${path}`, { timeout: 15_000 });
  }

  it('signs up from the visitor’s home and logs in', async () => {
    await page.goto(`${app.baseUrl}/h5/home`);
    await page.getByRole('link', { name: 'Create account' }).first().click();
    await page.waitForURL((url) => url.pathname === '/h5/auth/register');
    await page.getByRole('tab', { name: 'E-mail' }).click();
    await page.getByLabel('E-mail', { exact: true }).fill(NEWCOMER.email);
    await completeSignUp(page, () => waitForCode(app.mails, NEWCOMER.email), NEWCOMER);
    // The login form has the new account in it: only the password is left to type.
    assert.equal(await page.getByLabel(/E-mail or username/).inputValue(), NEWCOMER.email);
    await page.getByLabel('Password', { exact: true }).fill(NEWCOMER.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/h5/home', { timeout: 15_000 });
    await page.getByRole('navigation', { name: 'Shortcuts' }).waitFor();
    await assertNoRefusal('sign-up and login');
  });

  let depositOrder = '';
  it('deposits 300 USDT with a proof image from Home’s shortcut', async () => {
    await shortcut('Deposit', '/recharge');
    depositOrder = await depositWithProof(page, '300');
    await screenshot(page, 'first-deposit-submitted');
    await assertNoRefusal('the deposit');
  });

  it('sees the deposit once an operator has approved it', async () => {
    assert.match(await ops('login', '--user', OPERATOR.username, '--password', OPERATOR.password), /signed in as ops/);
    assert.match(await ops('deposit', 'approve', idOfRow(await ops('deposits'), depositOrder)), /status success/);
    await page.goto(`${app.baseUrl}/h5/recharge/records`);
    await waitForText(page, /300\.0{2,}\s?USDT/, 'the approved deposit in the records');
    await assertNoRefusal('the deposit records');
  });

  it('converts 50 USDT to EUR: the screen starts from USDT and first leads to setting the payment password', async () => {
    await shortcut('Convert', '/transfer');
    // After a USDT deposit the screen starts from the currency the user has.
    await page.getByLabel('Amount (USDT)').waitFor({ timeout: 15_000 });
    await waitForText(page, /Available:?\s*3\d\d\.\d+\s?USDT/, 'the USDT available beside the field');
    // No payment password yet: the screen says so before the form is filled, with the way to set it.
    const notice = page.getByRole('note').filter({ hasText: 'Set a payment password first.' });
    await notice.waitFor();
    await screenshot(page, 'first-convert-pay-password-notice');
    await notice.getByRole('link', { name: 'Set payment password' }).click();
    await page.waitForURL((url) => url.pathname === '/h5/setting/pay-password');
    await page.getByLabel('Login password').fill(NEWCOMER.password);
    await page.getByLabel('New payment password').fill(NEWCOMER.payPassword);
    await page.getByLabel('Confirm payment password').fill(NEWCOMER.payPassword);
    await page.getByRole('button', { name: 'Set payment password' }).click();
    // Back where the user was, without the notice.
    await page.waitForURL((url) => url.pathname === '/h5/transfer', { timeout: 15_000 });
    await page.getByLabel('Amount (USDT)').waitFor();
    assert.equal(await page.getByRole('note').filter({ hasText: 'Set a payment password first.' }).count(), 0);

    await page.getByLabel('Amount (USDT)').fill('50');
    await page.getByRole('region', { name: 'Quote' }).getByText('You receive (estimated)').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Convert', exact: true }).click();
    await pinSheet(page, NEWCOMER.payPassword);
    const done = page.getByRole('region', { name: 'Conversion done' });
    await done.waitFor({ timeout: 15_000 });
    assert.match(await done.innerText(), /50[\s\S]*USDT[\s\S]*EUR/);
    await screenshot(page, 'first-convert-done');
    await assertNoRefusal('the conversion');
  });

  it('pledges 100 USDT: an amount below the minimum is said under the field as it is typed, before any press', async () => {
    await shortcut('Pledge', '/pledge');
    const thirty = page.getByRole('article', { name: '30 days' });
    await thirty.waitFor({ timeout: 15_000 });
    await thirty.getByRole('link', { name: 'Pledge' }).click();
    await page.waitForURL((url) => url.pathname === '/h5/pledge/do-pledge');
    const amount = page.getByLabel('Amount (USDT)');
    const posts = sent.length;
    await amount.fill('90');
    await page.getByText(errorText('en', 'pledge.belowMinimum', { min: '100', asset: 'USDT' })).waitFor();
    await screenshot(page, 'first-pledge-below-minimum');
    assert.equal(sent.length, posts, 'nothing sent for an amount below the minimum');
    await amount.fill('100');
    await page.getByText(errorText('en', 'pledge.belowMinimum', { min: '100', asset: 'USDT' })).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Confirm pledge' }).click();
    await pinSheet(page, NEWCOMER.payPassword);
    await page.waitForURL((url) => url.pathname === '/h5/pledge', { timeout: 15_000 });
    await page.getByRole('region', { name: 'Your pledge' }).waitFor({ timeout: 15_000 });
    await waitForText(page, /Managed funds 100\.0{2,}\s?USDT/, 'the pledged amount');
    await screenshot(page, 'first-pledge-running');
    await assertNoRefusal('the pledge');
  });

  it('withdraws 50 USDT to a crypto address: empty fields are said under them, and nothing is sent', async () => {
    await shortcut('Withdraw', '/withdraw');
    await page.getByRole('link', { name: /To a crypto address/ }).click();
    await page.waitForURL((url) => url.pathname === '/h5/withdraw/index11');
    const withdraw = page.getByRole('button', { name: 'Withdraw', exact: true });
    await withdraw.waitFor({ timeout: 15_000 });
    const posts = sent.length;
    await withdraw.click();
    await page.getByRole('alert').filter({ hasText: /\S/ }).first().waitFor();
    assert.equal(sent.length, posts, 'nothing sent for an empty form');
    await screenshot(page, 'first-withdraw-empty-pressed');

    await page.getByLabel('Address (TRC20)').fill(TRON_ADDRESS);
    await page.getByLabel('Amount (USDT)').fill('50');
    await page.getByTestId('net-amount').getByText(/\d/).waitFor();
    await withdraw.click();
    await pinSheet(page, NEWCOMER.payPassword);
    await page.waitForURL((url) => url.pathname === '/h5/withdraw/records', { timeout: 15_000 });
    await waitForText(page, /50\.0{2,}\s?USDT/, 'the withdrawal in the records');
    await screenshot(page, 'first-withdraw-records');
    await assertNoRefusal('the withdrawal');
  });

  it('finds what it earns under Me, grouped, now that it has a pledge', async () => {
    await page.goto(`${app.baseUrl}/h5/home`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Me', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/h5/mine');
    await page.getByRole('heading', { name: 'Earn' }).waitFor({ timeout: 15_000 });
    for (const heading of ['Money', 'Account', 'Help']) await page.getByRole('heading', { name: heading }).waitFor();
    await page.getByRole('button', { name: 'Interest wallet' }).waitFor();
    await screenshot(page, 'first-mine-grouped');
    await assertNoRefusal('Me');
  });
});
