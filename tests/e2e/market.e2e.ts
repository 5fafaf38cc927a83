/**
 * Market data end to end in Chromium at 390×844.
 *
 * On the embedded default (the simulated feed): the quotes on /market say "Simulated data"; a
 * coin's chart draws its history; switching the period unsubscribes the old kline room and
 * subscribes the new one over the socket, and the new period's candles keep moving. In English
 * and Arabic.
 *
 * With the exchange feed pointed at a stand-in exchange the test drives: a trade it publishes
 * moves the chart's last candle within a second; the server is stopped and started again, and the
 * page reconnects and resubscribes by itself: the next trade moves the chart again, no reload.
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { WebSocketServer, type WebSocket } from 'ws';
import { browserSuite, logInWithForm, phonePage, type RunningApp, screenshot, uiText, UNREACHABLE } from './harness';

const DEMO = { username: 'demo', password: '583927' };

/** What the chart holds now, read from its element. */
async function chartState(page: Page): Promise<{ candles: number; lastClose: string }> {
  const chart = page.locator('[data-candles]');
  await chart.waitFor({ timeout: 20_000 });
  return chart.evaluate((element) => ({ candles: Number(element.getAttribute('data-candles')), lastClose: element.getAttribute('data-last-close') ?? '' }));
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string, timeout = 20_000): Promise<T> {
  const deadline = Date.now() + timeout;
  let value = await read();
  while (!ok(value)) {
    if (Date.now() > deadline) assert.fail(`${what}: last seen ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

/** The subscribe and unsubscribe messages the page sent over its socket, in order. */
function watchSubscriptions(page: Page): string[] {
  const sent: string[] = [];
  page.on('websocket', (socket) => {
    socket.on('framesent', ({ payload }) => {
      const text = String(payload);
      const match = /^42\["(subscribe|unsubscribe)",(\{.*\})\]$/.exec(text);
      if (!match) return;
      const body = JSON.parse(match[2]) as { channel: string; period?: string; symbol?: string };
      if (body.channel === 'kline') sent.push(`${match[1]} ${body.symbol ?? ''} ${body.period}`);
    });
  });
  return sent;
}

describe('market data on the embedded default (simulated feed)', () => {
  let app: RunningApp;
  let browser: Browser;
  browserSuite({}, (suite) => ({ app, browser } = suite));

  it('lists the quotes labelled simulated; a coin draws its history; a new period is subscribed in place of the old and moves', async () => {
    const page = await phonePage(browser);
    const subscriptions = watchSubscriptions(page);
    await logInWithForm(page, app.baseUrl, DEMO);
    await page.goto(`${app.baseUrl}/h5/market`);
    const markets = page.getByRole('region', { name: 'Markets' });
    await markets.getByText('Simulated data').waitFor({ timeout: 20_000 });
    for (const name of [/^BTC\/USDT/, /^ETH\/USDT/, /^USDT\/EUR/]) await markets.getByRole('link', { name }).waitFor();
    await screenshot(page, 'market-quotes-en');

    await markets.getByRole('link', { name: /^BTC\/USDT/ }).click();
    await page.waitForURL(/\/h5\/coin\?symbol=btcusdt/);
    // The history of the last days (the simulated feed writes it at the first start).
    const drawn = await until(() => chartState(page), (state) => state.candles >= 100, 'the 15-minute history is drawn');
    await page.getByText('Simulated data').filter({ visible: true }).first().waitFor();
    assert.equal(await page.getByText('These quotes are simulated on this installation', { exact: false }).filter({ visible: true }).count(), 1);
    await until(() => Promise.resolve(subscriptions), (sent) => sent.includes('subscribe btcusdt 15min'), 'the 15-minute candles are subscribed');
    // The simulated feed ticks every second: the last candle moves by itself.
    await until(() => chartState(page), (state) => state.lastClose !== drawn.lastClose, 'the last 15-minute candle moves', 10_000);
    // The crosshair shows the candle under it.
    const box = (await page.locator('[data-candles]').boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.5);
    assert.match(await page.getByTestId('chart-readout').innerText(), /O\s*[\d,.]+/);
    await screenshot(page, 'coin-chart-en');

    await page.getByRole('button', { name: '1H', exact: true }).click();
    await until(() => Promise.resolve(subscriptions), (sent) => sent.includes('subscribe btcusdt 60min'), 'the hourly candles are subscribed');
    assert.ok(subscriptions.indexOf('unsubscribe btcusdt 15min') > subscriptions.indexOf('subscribe btcusdt 15min'), subscriptions.join(', '));
    assert.equal(await page.getByRole('button', { name: '1H', exact: true }).getAttribute('aria-pressed'), 'true');
    const hourly = await until(() => chartState(page), (state) => state.candles >= 24 && state.candles < drawn.candles, 'the hourly history is drawn');
    await until(() => chartState(page), (state) => state.lastClose !== hourly.lastClose, 'the last hourly candle moves', 10_000);

    await page.goto(`${app.baseUrl}/h5/setting/language`);
    await page.getByRole('radio', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.goto(`${app.baseUrl}/h5/coin?symbol=ethusdt&period=60min`);
    await until(() => chartState(page), (state) => state.candles >= 24, 'the Arabic screen draws the hourly history');
    await page.getByText(uiText('ar', 'Simulated data')).filter({ visible: true }).first().waitFor();
    assert.equal(await page.locator('html').getAttribute('dir'), 'rtl');
    // Time runs left to right in every language: the chart itself stays left-to-right.
    assert.equal(await page.locator('[data-candles]').getAttribute('dir'), 'ltr');
    await screenshot(page, 'coin-chart-ar');
    await page.goto(`${app.baseUrl}/h5/market`);
    await page.getByRole('region', { name: uiText('ar', 'Markets') }).getByText(uiText('ar', 'Simulated data')).waitFor({ timeout: 20_000 });
    await screenshot(page, 'market-quotes-ar');
    await page.context().close();
  });
});

/** A stand-in for the exchange: trades in its stream format, sent when the test says. */
function standInExchange() {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  const open = new Set<WebSocket>();
  let tradeId = 1;
  server.on('connection', (socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  });
  return {
    url: () => `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get connected() {
      return open.size;
    },
    trade(price: string, at = Date.now()) {
      const frame = JSON.stringify({ stream: 'btcusdt@trade', data: { e: 'trade', E: at, s: 'BTCUSDT', t: tradeId++, p: price, q: '0.05000000', T: at, m: false, M: true } });
      for (const socket of open) socket.send(frame);
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('market data from an exchange feed', () => {
  let app: RunningApp;
  let browser: Browser;
  const exchange = standInExchange();
  browserSuite({ env: () => ({ MARKET_FEED_URL: exchange.url(), MARKET_SYMBOLS: 'btcusdt' }) }, (suite) => ({ app, browser } = suite));
  after(() => exchange.close());

  it('a trade moves the last candle within a second; after a server restart the page resubscribes by itself', async () => {
    await until(() => Promise.resolve(exchange.connected), (count) => count === 1, 'the server reads the stand-in exchange');
    // Half an hour of history: one trade a minute.
    const now = Date.now();
    for (let minute = 30; minute >= 1; minute--) exchange.trade(`${64_000 + minute}.00`, now - minute * 60_000);
    // The server is stopped on purpose below: this page's reconnection meets refused connections.
    const page = await phonePage(browser, 'en-US', { expectedErrors: UNREACHABLE });
    const subscriptions = watchSubscriptions(page);
    await logInWithForm(page, app.baseUrl, DEMO);
    await page.goto(`${app.baseUrl}/h5/coin?symbol=btcusdt&period=1min`);
    await until(() => chartState(page), (state) => state.candles >= 30, 'the history of the trades is drawn');
    assert.equal(await page.getByText('Simulated data').filter({ visible: true }).count(), 0);
    await until(() => Promise.resolve(subscriptions), (sent) => sent.includes('subscribe btcusdt 1min'), 'the minute candles are subscribed');

    const sentAt = Date.now();
    exchange.trade('65432.10');
    await until(() => chartState(page), (state) => state.lastClose === '65432.1', 'the trade moves the last candle', 5_000);
    const tookMs = Date.now() - sentAt;
    assert.ok(tookMs < 1000, `the trade took ${tookMs} ms to reach the chart`);
    await page.getByTestId('coin-price').filter({ hasText: '65,432.10' }).waitFor({ timeout: 5_000 });

    // The server goes away and comes back: the page reconnects and subscribes again by itself.
    const before = subscriptions.length;
    await app.stopServer();
    await page.getByText('Reconnecting…').waitFor({ timeout: 10_000 });
    await app.startServer();
    await until(() => Promise.resolve(exchange.connected), (count) => count === 1, 'the restarted server reads the exchange again');
    await until(() => Promise.resolve(subscriptions.slice(before)), (sent) => sent.includes('subscribe btcusdt 1min'), 'the page subscribes again', 30_000);
    await until(
      async () => {
        exchange.trade('66000.55');
        return chartState(page);
      },
      (state) => state.lastClose === '66000.55',
      'a trade after the restart moves the chart',
      10_000,
    );
    assert.equal(await page.getByText('Reconnecting…').count(), 0);
    await screenshot(page, 'coin-chart-exchange-en');
    await page.context().close();
  });
});
