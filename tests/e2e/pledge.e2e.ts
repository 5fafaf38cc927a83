/**
 * The pledge in Chromium at 390×844, as a person does it: the demo merchant (who holds demo
 * USDT) reads the products, pledges 1,000 USDT for 30 days after seeing what it earns, the
 * server's clock is moved three days on and three interest payments appear once each (however
 * many rounds the payout job runs), redeems early with the penalty shown before the payment
 * password, and moves the interest to the balance. English and Arabic; the ledger is clean after.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { bodyText, browserSuite, logInWithForm, pinSheet, type RunningApp, screenshot, uiText, verifyLedgerOfRun, waitForText } from './harness';

const TRADER = { username: 'trader', password: '830264', payPassword: '260418' };
const DAY = 24 * 3600;

describe('the pledge in Chromium at 390×844', () => {
  let app: RunningApp;
  let page: Page;
  let clockFile: string;
  browserSuite({ clock: true }, (suite) => ({ app, page, clockFile } = suite));

  it('shows the products and, before confirming, what a pledge earns; then starts one', async () => {
    await logInWithForm(page, app.baseUrl, TRADER);
    await page.goto(`${app.baseUrl}/h5/pledge`);
    const thirty = page.getByRole('article', { name: '30 days' });
    await thirty.waitFor({ timeout: 15_000 });
    assert.match(await thirty.innerText(), /0\.03%[\s\S]*100\.00\s*USDT[\s\S]*2%/);
    await screenshot(page, 'pledge-products');

    await thirty.getByRole('link', { name: 'Pledge' }).click();
    await page.waitForURL((url) => url.pathname === '/h5/pledge/do-pledge');
    await page.getByLabel('Amount (USDT)').fill('1000');
    // 1,000 × 0.03 % = 0.3 a day, 9 over 30 days; 2 % penalty.
    const figures = page.getByRole('definition').filter({ hasText: /USDT/ });
    await waitForText(page, /Payout daily 0\.30 ?USDT Estimated income 9\.00 ?USDT Maturity return 1,009\.00 ?USDT Early redemption penalty 20\.00 ?USDT/, 'the figures');
    assert.ok((await figures.count()) > 0);
    await screenshot(page, 'pledge-new-filled');
    await page.getByRole('button', { name: 'Confirm pledge' }).click();
    await pinSheet(page, TRADER.payPassword);
    await page.waitForURL((url) => url.pathname === '/h5/pledge', { timeout: 15_000 });
    await page.getByRole('region', { name: 'Your pledge' }).waitFor({ timeout: 15_000 });
    await waitForText(page, /Managed funds 1,000\.00 ?USDT/, 'the managed funds');
    // One pledge at a time: the products say so and offer no second one.
    await page.getByText('You have a pledge in progress. You can start a new one once it has ended.').waitFor();
    assert.equal(await page.getByRole('link', { name: 'Pledge', exact: true }).count(), 0);
    await screenshot(page, 'pledge-running');
  });

  it('three days later, three interest payments, each once', async () => {
    writeFileSync(clockFile, String(3 * DAY));
    await page.goto(`${app.baseUrl}/h5/pledge/records?tab=interest`);
    const rows = page.getByRole('article', { name: /^Interest of / });
    // The payout job runs every 15 s: the three days are paid at its next round.
    for (let deadline = Date.now() + 45_000; (await rows.count()) < 3 && Date.now() < deadline; ) {
      await page.waitForTimeout(2_000);
      await page.reload();
      await rows.first().waitFor({ timeout: 10_000 }).catch(() => undefined);
    }
    assert.equal(await rows.count(), 3);
    // Another round or two later there are still three.
    await page.waitForTimeout(20_000);
    await page.reload();
    await rows.first().waitFor({ timeout: 10_000 });
    assert.equal(await rows.count(), 3);
    const days = await rows.evaluateAll((articles) => articles.map((article) => article.getAttribute('aria-label')));
    assert.equal(new Set(days).size, 3, `three different days: ${days.join(', ')}`);
    assert.match(await bodyText(page), /(\+0\.30 ?USDT.*){3}/);
    await screenshot(page, 'pledge-interest-three-days');
  });

  it('redeems early: the penalty is shown before the payment password and kept; the rest returns', async () => {
    await page.goto(`${app.baseUrl}/h5/pledge`);
    const running = page.getByRole('region', { name: 'Your pledge' });
    await running.waitFor({ timeout: 15_000 });
    assert.match(await running.innerText(), /Redeeming early returns 980\.00 ?USDT now: the penalty of 20\.00 ?USDT is kept/);
    await running.getByRole('button', { name: 'Redeem early' }).click();
    const sheet = page.getByRole('dialog');
    await waitForText(page, /Penalty 20\.00 ?USDT; you receive 980\.00 ?USDT/, 'the sheet summary');
    await screenshot(page, 'pledge-redeem-sheet');
    await pinSheet(page, TRADER.payPassword);
    await sheet.waitFor({ state: 'hidden', timeout: 15_000 });
    await page.getByText('Redeemed. 980 USDT are back in your balance.').waitFor({ timeout: 15_000 });
    await page.goto(`${app.baseUrl}/h5/pledge/records?tab=orders`);
    const order = page.getByRole('article', { name: /^Pledge P/ });
    await order.waitFor({ timeout: 15_000 });
    assert.match(await order.innerText(), /Redeemed early[\s\S]*Total earnings\s*0\.90 ?USDT[\s\S]*Penalty paid\s*20\.00 ?USDT/);
    await screenshot(page, 'pledge-redeemed');
  });

  it('moves the interest from the interest wallet to the balance', async () => {
    await page.goto(`${app.baseUrl}/h5/mine/components`);
    await waitForText(page, /USDT 0\.90\b/, 'the interest wallet');
    await page.getByRole('button', { name: 'All' }).click();
    await page.getByRole('button', { name: 'Move to balance' }).click();
    await pinSheet(page, TRADER.payPassword);
    await waitForText(page, /USDT 0\.00/, 'the emptied interest wallet');
    await screenshot(page, 'pledge-interest-wallet');
  });

  it('reads the same in Arabic, right to left', async () => {
    await page.goto(`${app.baseUrl}/h5/setting/language`);
    await page.getByRole('radio', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.goto(`${app.baseUrl}/h5/pledge`);
    // Thirty takes Arabic's form for 11–99 ("يومًا"), not the one for 3–10 ("أيام").
    await page.getByRole('article', { name: '30 يومًا' }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'pledge-products-ar');
    await page.goto(`${app.baseUrl}/h5/pledge/records?tab=interest`);
    await page.getByText(uiText('ar', 'Interest record')).first().waitFor({ timeout: 15_000 });
    await screenshot(page, 'pledge-interest-ar');
  });

  it('leaves a clean ledger', async () => {
    await page.context().close();
    const stdout = await verifyLedgerOfRun(app);
    assert.match(stdout, /pledged 0\.000000/);
  });
});
