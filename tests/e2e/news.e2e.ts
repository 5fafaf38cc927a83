/**
 * News end to end in Chromium at 390×844: an operator writes two announcements with `npm run
 * ops`, translates one into Arabic and publishes both; a visitor's home ticker joins their titles
 * and opens the news; a piece opens with its whole text. In Arabic, the translated piece is in
 * Arabic and the other in English with the note that says so. A withdrawn piece leaves the list.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { browserSuite, logInWithForm, type RunningApp, screenshot, uiText, OPERATOR } from './harness';

const DEMO = { username: 'demo', password: '583927' };
const logIn = (page: Page, baseUrl: string) => logInWithForm(page, baseUrl, DEMO);
const SUNDAY = { title: 'Bank deposits pause on Sunday night', body: 'Bank transfers that arrive between 02:00 and 03:00 UTC on Sunday are credited after 03:00.\n\nCrypto deposits are not affected.' };
const QUOTES = { title: 'Live quotes for BTC, ETH, BNB and SOL', body: 'The market screen now shows live quotes and candlestick charts.' };
const SUNDAY_AR = { title: 'توقف الإيداعات المصرفية ليلة الأحد', body: 'تُقيَّد التحويلات المصرفية التي تصل بين 02:00 و03:00 بالتوقيت العالمي يوم الأحد بعد الساعة 03:00.' };

/** The id in the console's "news 5: draft; …" line. */
const idOf = (line: string) => /news (\d+):/.exec(line)?.[1] ?? assert.fail(`no news id in: ${line}`);

describe('news in Chromium at 390×844, written with the operator console', () => {
  let app: RunningApp;
  let page: Page;
  let ops: (...args: string[]) => Promise<string>;
  let sundayId: string;
  let quotesId: string;
  browserSuite({}, (suite) => ({ app, page, ops } = suite));

  it('an operator writes, translates and publishes two announcements', async () => {
    assert.match(await ops('login', '--user', OPERATOR.username, '--password', OPERATOR.password), /signed in as ops/);
    sundayId = idOf(await ops('news', 'write', '--title', SUNDAY.title, '--body', SUNDAY.body));
    assert.match(await ops('news', 'translate', sundayId, '--locale', 'ar', '--title', SUNDAY_AR.title, '--body', SUNDAY_AR.body), /languages ar, en/);
    assert.match(await ops('news', 'publish', sundayId), /published/);
    quotesId = idOf(await ops('news', 'write', '--title', QUOTES.title, '--body', QUOTES.body));
    assert.match(await ops('news', 'publish', quotesId), /published/);
    const listing = await ops('news');
    assert.match(listing, new RegExp(`${quotesId}\\s+published`));
  });

  it("a visitor's home ticker joins the titles and opens the news; a piece opens whole", async () => {
    await page.goto(`${app.baseUrl}/h5/home`);
    const ticker = page.getByTestId('news-ticker');
    await ticker.waitFor({ timeout: 20_000 });
    // Newest first, joined with commas.
    assert.equal(await ticker.innerText(), `${QUOTES.title}, ${SUNDAY.title}`);
    await screenshot(page, 'news-ticker-en');
    await page.getByRole('link', { name: /^Announcements:/ }).click();
    await page.waitForURL(/\/h5\/news$/);
    const sunday = page.getByRole('article', { name: SUNDAY.title });
    await sunday.waitFor();
    await page.getByRole('article', { name: QUOTES.title }).waitFor();
    await screenshot(page, 'news-list-en');
    await sunday.click();
    await page.waitForURL(/\/h5\/news\/detail\?id=/);
    await page.getByText('Crypto deposits are not affected.').waitFor();
    assert.equal(await page.getByText('Shown in English').count(), 0);
    await screenshot(page, 'news-detail-en');
  });

  it('in Arabic, the translated piece is in Arabic and the other in English with a note; a withdrawn piece leaves', async () => {
    await page.goto(`${app.baseUrl}/h5/setting/language`);
    await page.getByRole('radio', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.goto(`${app.baseUrl}/h5/news`);
    await page.getByRole('article', { name: SUNDAY_AR.title }).waitFor({ timeout: 20_000 });
    const quotes = page.getByRole('article', { name: QUOTES.title });
    await quotes.getByText(uiText('ar', 'Shown in English: not yet translated')).waitFor();
    await screenshot(page, 'news-list-ar');
    await quotes.click();
    await page.getByText(QUOTES.body).waitFor();
    await screenshot(page, 'news-detail-ar');

    assert.match(await ops('news', 'withdraw', quotesId), /withdrawn/);
    await page.goto(`${app.baseUrl}/h5/news`);
    await page.getByRole('article', { name: SUNDAY_AR.title }).waitFor({ timeout: 20_000 });
    // A copy kept on the device may show it for a moment: the fresh list takes it away.
    await page.getByRole('article', { name: QUOTES.title }).waitFor({ state: 'detached', timeout: 20_000 });
    await page.goto(`${app.baseUrl}/h5/news/detail?id=${quotesId}`);
    await page.getByText(uiText('ar', 'This news is no longer available.')).waitFor({ timeout: 20_000 });
  });

  it('the content pages: help in Chinese, the trading guide and a tutorial, about us in Arabic, the company profile in English', async () => {
    // The log-in form is filled in English; the pages are read in Chinese.
    await page.goto(`${app.baseUrl}/h5/setting/language`);
    await page.getByRole('radio', { name: 'English' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'ltr');
    await logIn(page, app.baseUrl);
    await page.goto(`${app.baseUrl}/h5/setting/language`);
    await page.getByRole('radio', { name: '中文' }).click();
    await page.waitForFunction(() => document.documentElement.lang.startsWith('zh'));
    await page.goto(`${app.baseUrl}/h5/setting/help`);
    const help = page.getByRole('article');
    await help.waitFor({ timeout: 20_000 });
    // Eight questions, each a heading of its own.
    assert.equal(await help.getByRole('heading', { level: 3 }).count(), 8);
    await screenshot(page, 'content-help-zh');
    await page.goto(`${app.baseUrl}/h5/home/tutorial`);
    const guides = page.getByRole('link').filter({ has: page.locator('[lang="zh"]') });
    await guides.first().waitFor({ timeout: 20_000 });
    assert.equal(await guides.count(), 3);
    await screenshot(page, 'content-tutorials-zh');
    await guides.nth(1).click();
    await page.waitForURL(/\/h5\/home\/tutorial-detail\?id=42/);
    await page.getByRole('article').waitFor();
    await screenshot(page, 'content-tutorial-trade-zh');

    await page.goto(`${app.baseUrl}/h5/setting/language`);
    await page.getByRole('radio', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.goto(`${app.baseUrl}/h5/setting/about`);
    await page.getByRole('article').waitFor({ timeout: 20_000 });
    assert.equal(await page.getByText(uiText('ar', 'Shown in English: not yet translated')).count(), 0);
    await screenshot(page, 'content-about-ar');

    await page.goto(`${app.baseUrl}/h5/setting/language`);
    await page.getByRole('radio', { name: 'English' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'ltr');
    await page.goto(`${app.baseUrl}/h5/setting`);
    await page.getByRole('link', { name: 'Company profile' }).or(page.getByRole('button', { name: 'Company profile' })).first().click();
    await page.waitForURL(/\/h5\/setting\/company$/);
    await page.getByRole('article').waitFor({ timeout: 20_000 });
    await screenshot(page, 'content-company-en');
  });
});
