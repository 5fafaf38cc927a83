/**
 * The trading hall end to end, on two phones and the operator console: the demo user (not a
 * merchant) applies for a merchant account in the hall and is approved with `npm run ops`; the
 * demo trader posts a sell offer; the new merchant buys part of it, sees the match and confirms;
 * the trader's order list follows without a reload, both balances move, and the trader's record
 * in the hall counts the completed order. A second order with no counterparty counts down its 60
 * minutes; with the server's clock moved past them it expires by itself and its hold returns. In
 * English and Arabic, ending with the ledger verified.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { bodyText, browserSuite, idOfRow, logInWithForm, phonePage, pinSheet, type RunningApp, screenshot, uiText, verifyLedgerOfRun, waitForText, OPERATOR } from './harness';

const DEMO = { username: 'demo', password: '583927', payPassword: '260418' };
const TRADER = { username: 'trader', password: '830264', payPassword: '260418' };

/** The available EUR on the assets screen, in cents. */
async function availableEur(page: Page): Promise<number> {
  const first = page.locator('section[aria-label="EUR"] [data-amount]').first();
  await first.waitFor({ timeout: 15_000 });
  const text = (await first.evaluate((element) => element.firstChild?.textContent ?? '')).replace(/[^\d]/g, '');
  return Number(text);
}

describe('the trading hall in Chromium at 390×844, two phones and the operator console', () => {
  let app: RunningApp;
  let browser: Browser;
  let buyer: Page;
  let trader: Page;
  let clockFile: string;
  let ops: (...args: string[]) => Promise<string>;
  browserSuite({ clock: true }, (suite) => ({ app, browser, page: buyer, clockFile, ops } = suite));
  before(async () => {
    trader = await phonePage(browser);
  });

  it('an ordinary user applies for a merchant account in the hall', async () => {
    await logInWithForm(buyer, app.baseUrl, DEMO);
    await buyer.goto(`${app.baseUrl}/h5/market`);
    const card = buyer.getByRole('region', { name: 'Trading needs a merchant account' });
    await card.waitFor();
    await buyer.getByRole('article', { name: 'Offer of Demo Merchant' }).waitFor();
    await screenshot(buyer, 'trade-hall-not-merchant');
    await card.getByRole('button', { name: 'Apply for a merchant account' }).click();
    await card.getByText(/Your application is being reviewed/).waitFor({ timeout: 15_000 });
    await screenshot(buyer, 'trade-application-pending');
  });

  it('is approved by an operator with npm run ops, who also puts EUR on the account', async () => {
    assert.match(await ops('login', '--user', OPERATOR.username, '--password', OPERATOR.password), /signed in as ops/);
    const listing = await ops('merchants');
    const id = idOfRow(listing, ' demo ');
    assert.match(await ops('merchant', 'approve', id), /approved/);
    const userId = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.exec(listing.split('\n').find((line) => line.includes(' demo ')) ?? '')?.[0];
    assert.ok(userId, `the demo user's id in:\n${listing}`);
    assert.match(await ops('adjust', userId, 'EUR', '100', '--reason', 'funds for the trading test'), /EUR/);
  });

  it("from Home, quick buy and sell open the hall with the side chosen, and the fund record is a tap away", async () => {
    await buyer.goto(`${app.baseUrl}/h5/home`);
    const home = () => buyer.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).click();
    const quickTrade = buyer.getByRole('navigation', { name: 'Quick trade' });
    for (const side of ['sell', 'buy'] as const) {
      const label = side === 'buy' ? 'Buy USDT' : 'Sell USDT';
      await quickTrade.getByRole('link', { name: label }).click();
      await buyer.waitForURL((url) => url.pathname === '/h5/market' && url.searchParams.get('side') === side, { timeout: 15_000 });
      // The merchant's order form for that side, and the switch showing it chosen.
      await buyer.getByRole('region', { name: label }).waitFor({ timeout: 15_000 });
      assert.equal(await buyer.getByRole('tablist').getByRole('tab', { name: label }).getAttribute('aria-selected'), 'true');
      await screenshot(buyer, `trade-quick-${side}`);
      await home();
      await quickTrade.waitFor();
    }
    await buyer.getByRole('navigation', { name: 'Shortcuts' }).getByRole('link', { name: 'Fund record' }).click();
    await buyer.waitForURL(/\/h5\/assets\/assets-log$/, { timeout: 15_000 });
    await buyer.waitForFunction(() => document.title === 'Fund record · Tessera', undefined, { timeout: 15_000 });
  });

  it('the trader posts a sell offer, holding its USDT', async () => {
    await logInWithForm(trader, app.baseUrl, TRADER);
    await trader.goto(`${app.baseUrl}/h5/market/sell`);
    const form = trader.getByRole('region', { name: 'New offer' });
    await form.waitFor();
    await form.getByRole('tab', { name: 'Sell USDT' }).click();
    await form.getByLabel('Quantity (USDT)').fill('50');
    await form.getByLabel('Unit price (EUR per USDT)').fill('0.9100');
    await form.getByLabel('Minimum per order').fill('1');
    await form.getByLabel('Maximum per order').fill('50');
    // 50 USDT set aside now; 50 × 0.91 = 45.50 EUR when all is sold.
    await waitForText(trader, /Set aside now 50\.00 ?USDT/, 'what the offer holds');
    assert.match(await bodyText(trader), /Expected proceeds when all is sold 45\.50 ?EUR/);
    await screenshot(trader, 'trade-offer-form');
    await form.getByRole('button', { name: 'Post the offer' }).click();
    await pinSheet(trader, TRADER.payPassword);
    await trader.getByRole('article', { name: /^Offer \d+$/ }).first().waitFor({ timeout: 15_000 });
    await waitForText(trader, /Selling USDT · 0\.9100 EUR/, 'the posted offer in the list');
    await trader.goto(`${app.baseUrl}/h5/order`);
    await trader.getByRole('tab', { name: 'All' }).waitFor();
  });

  it('the new merchant buys 10 USDT, is matched with the cheapest offer and confirms; the trader sees it without a reload', async () => {
    await buyer.goto(`${app.baseUrl}/h5/market`);
    const form = buyer.getByRole('region', { name: 'Buy USDT' });
    await form.waitFor({ timeout: 15_000 });
    await form.getByLabel('Amount (USDT)').fill('10');
    // The screen may draw first from the copy kept on the device (the hall seen before the offer was
    // posted): the suggested price follows the fresh figures, the cheapest offer's.
    const price = form.getByLabel('Highest unit price (EUR)');
    const priceBy = Date.now() + 15_000;
    while ((await price.inputValue()) !== '0.9100' && Date.now() < priceBy) await buyer.waitForTimeout(100);
    assert.equal(await price.inputValue(), '0.9100');
    // 10 × 0.91 = 9.10 EUR set aside; 10 − 0.2 % = 9.98 USDT received.
    await waitForText(buyer, /Set aside until settled \(at most\) 9\.10 ?EUR/, 'the order sums');
    assert.match(await bodyText(buyer), /You receive \(after the 0\.2% fee\) 9\.98 ?USDT/);
    await screenshot(buyer, 'trade-order-form');
    await form.getByRole('button', { name: 'Buy USDT' }).click();
    await pinSheet(buyer, DEMO.payPassword);
    await buyer.waitForURL(/\/h5\/order/, { timeout: 15_000 });
    const order = buyer.getByRole('article', { name: /^Order T\d+$/ }).first();
    await order.getByText('with Demo Trader').waitFor({ timeout: 15_000 });
    await waitForText(buyer, /confirm within 1[45]:\d\d/, 'the confirmation countdown');
    await screenshot(buyer, 'trade-order-matched');

    // The trader's list shows the match by itself (the socket), with nothing tapped.
    await waitForText(trader, /Demo User took your offer.*Awaiting confirmation/, "the match on the trader's phone");
    await screenshot(trader, 'trade-order-maker-waiting');

    // The trader also has the assets screen open on a second tab: the EUR must arrive there by itself.
    const traderAssets = await trader.context().newPage();
    await traderAssets.goto(`${app.baseUrl}/h5/assets`);
    const eurBefore = await availableEur(traderAssets);

    await order.getByRole('button', { name: 'Confirm' }).click();
    await pinSheet(buyer, DEMO.payPassword);
    await order.getByText('Completed').waitFor({ timeout: 15_000 });
    await waitForText(trader, /Demo User took your offer.*Completed/, "the settlement on the trader's phone");
    // 9.10 EUR more, without a reload.
    const deadline = Date.now() + 20_000;
    let eurAfter = await availableEur(traderAssets);
    while (eurAfter !== eurBefore + 910 && Date.now() < deadline) {
      await traderAssets.waitForTimeout(250);
      eurAfter = await availableEur(traderAssets);
    }
    assert.equal(eurAfter, eurBefore + 910, "the trader's available EUR, in cents, after the sale");
    await traderAssets.close();
    await screenshot(buyer, 'trade-order-completed');
  });

  it('both balances moved, and the trader has a completed order in the hall', async () => {
    await buyer.goto(`${app.baseUrl}/h5/assets`);
    // 100 − 9.10 EUR; 9.98 USDT.
    await waitForText(buyer, /9\.98\b/, "the buyer's USDT");
    assert.match(await bodyText(buyer), /90\.90/);
    await trader.goto(`${app.baseUrl}/h5/market/sell`);
    await waitForText(trader, /Remaining \/ quantity 40\.00 \/ 50\.00/, "what is left of the trader's offer");
    await buyer.goto(`${app.baseUrl}/h5/market`);
    await waitForText(buyer, /Demo Trader 1 completed · 100% completion rate · 30 days/, "the trader's record in the hall");
  });

  it('an order with no counterparty counts down, and expires by itself once the clock has passed its 60 minutes', async () => {
    const form = buyer.getByRole('region', { name: 'Buy USDT' });
    await form.getByLabel('Amount (USDT)').fill('5');
    await form.getByLabel('Highest unit price (EUR)').fill('0.5000');
    await form.getByRole('button', { name: 'Buy USDT' }).click();
    await pinSheet(buyer, DEMO.payPassword);
    await buyer.waitForURL(/\/h5\/order/, { timeout: 15_000 });
    await waitForText(buyer, /Finding a merchant Time left: ?(59|60):\d\d ?of 60 minutes/, 'the matching countdown');
    await screenshot(buyer, 'trade-order-matching');
    writeFileSync(clockFile, String(61 * 60));
    // The sweep runs every 15 s: the order ends and the screen follows over the socket.
    await waitForText(buyer, /No merchant was found Expired/, 'the expired order', 40_000);
    await screenshot(buyer, 'trade-order-expired');
    await buyer.goto(`${app.baseUrl}/h5/assets`);
    await waitForText(buyer, /90\.90/, 'the released hold back on the balance');
  });

  it('shows the hall and the orders in Arabic, right to left', async () => {
    await buyer.goto(`${app.baseUrl}/h5/setting/language`);
    await buyer.getByRole('radio', { name: 'العربية' }).click();
    await buyer.waitForFunction(() => document.documentElement.dir === 'rtl');
    await buyer.goto(`${app.baseUrl}/h5/market`);
    await buyer.getByRole('region', { name: uiText('ar', 'Buy USDT') }).waitFor({ timeout: 15_000 });
    await screenshot(buyer, 'trade-hall-ar');
    await buyer.goto(`${app.baseUrl}/h5/order`);
    await buyer.getByRole('article').first().waitFor({ timeout: 15_000 });
    await screenshot(buyer, 'trade-orders-ar');
  });

  it('leaves a clean ledger: npm run ledger:verify on the data of the run', async () => {
    await buyer.context().close();
    await trader.context().close();
    await verifyLedgerOfRun(app);
  });
});
