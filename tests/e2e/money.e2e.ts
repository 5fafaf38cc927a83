/**
 * Money end to end, as a person does it on a phone with an operator at the console: the demo user
 * deposits 1,000 USDT with a proof image; the operator approves it with `npm run ops`; the user
 * sees the balance, the VIP gift and VIP 1; converts part to EUR; binds a bank account; withdraws
 * to it twice — the operator pays one and returns the other with a reason; the fund record shows
 * every step, in English and in Arabic. After each money step the assets screen must show the
 * exact balances, available and held.
 */
import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { bodyText, browserSuite, deviceStore, waitForKeptCopy, idOfRow, logInWithForm, OFFLINE, phonePage, pinSheet, type RunningApp, screenshot, uiText, verifyLedgerOfRun, OPERATOR, PROOF } from './harness';


const DEMO = { username: 'demo', password: '583927', payPassword: '260418' };
const BANK = {
  firstName: 'Mira',
  lastName: 'Haddad',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  bankName: 'Commerzbank',
  country: 'Germany',
  address: 'Kaiserstraße 16, 60311 Frankfurt am Main',
};

/** Logs the demo user in with the username, as a person does on the login form. */
function logIn(phone: Page, baseUrl: string): Promise<void> {
  return logInWithForm(phone, baseUrl, DEMO);
}

/**
 * Every amount on the screen went through the one formatter: each Amount shows its cents and further
 * decimals only where a digit is not zero (USDT up to 6), thousands grouped, and no raw wire amount is printed.
 */
async function assertAmountsFormatted(phone: Page, where: string): Promise<void> {
  const amounts = await phone.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-amount]')]
      .filter((element) => element.checkVisibility())
      .map((element) => ({ asset: element.dataset.amount, text: element.firstChild?.textContent?.trim() ?? '' })),
  );
  assert.ok(amounts.length > 0, `amounts on ${where}`);
  for (const { asset, text } of amounts) {
    if (text === '—') continue;
    // Cents always; further decimals only where a digit is not zero (domain/format.ts): EUR 2, USDT up to 6.
    const decimals = asset === 'EUR' ? '2' : '2,6';
    assert.match(text, new RegExp(`^[^\\d]*\\d{1,3}([,.\\u00a0\\u202f\\u066c]\\d{3})*[.,\\u066b]\\d{${decimals}}$`), `${asset} amount "${text}" on ${where}`);
  }
  const body = await phone.locator('body').innerText();
  assert.doesNotMatch(body, /\d\.\d{5,}/, `a raw amount on ${where}`);
}

/** Pages through a list ten at a time, as a person taps "Load more" until it is gone. */
async function loadEveryPage(page: Page, label: string): Promise<void> {
  const more = page.getByRole('button', { name: label, exact: true }).filter({ visible: true });
  const rows = page.locator('li').filter({ visible: true });
  for (let pages = 0; pages < 20 && (await more.count()) > 0; pages++) {
    const before = await rows.count();
    await more.first().click();
    await page.waitForFunction((n) => [...document.querySelectorAll('li')].filter((li) => li.checkVisibility()).length > n, before, { timeout: 15_000 });
  }
}

describe('money in Chromium at 390×844, with the operator console', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let offlinePage: Page;
  let ops: (...args: string[]) => Promise<string>;
  const orders: { deposit?: string; paid?: string; returned?: string } = {};
  browserSuite({}, (suite) => ({ app, browser, page, ops } = suite));

  type Balances = Record<'USDT' | 'EUR', { available: string; held: string }>;
  const balances = (usdt: [string, string], eur: [string, string]): Balances => ({
    USDT: { available: usdt[0], held: usdt[1] },
    EUR: { available: eur[0], held: eur[1] },
  });

  /**
   * Opens the assets screen and waits until it shows exactly these balances, available and held, as
   * the formatter writes them (cents, and further decimals only where not zero); fails with what it shows instead.
   */
  async function assertBalancesShown(step: string, expected: Balances): Promise<void> {
    await page.goto(`${app.baseUrl}/h5/assets`);
    const read = () =>
      page.evaluate(() =>
        Object.fromEntries(
          ['USDT', 'EUR'].map((asset) => {
            const [available, held] = [...document.querySelectorAll(`section[aria-label="${asset}"] [data-amount]`)].map(
              (element) => element.firstChild?.textContent?.trim() ?? '',
            );
            return [asset, { available, held }];
          }),
        ),
      );
    let shown = await read();
    for (const deadline = Date.now() + 15_000; !isDeepStrictEqual(shown, expected) && Date.now() < deadline; shown = await read()) {
      await page.waitForTimeout(250);
    }
    assert.deepEqual(shown, expected, `the balances on the assets screen after ${step}`);
  }

  it('logs the demo user in', async () => {
    await logIn(page, app.baseUrl);
  });

  it('deposits 1,000 USDT with a proof image', async () => {
    await page.goto(`${app.baseUrl}/h5/recharge`);
    await page.getByRole('radio', { name: 'USDT' }).click();
    await page.getByRole('radio', { name: 'TRC20' }).waitFor();
    await page.getByRole('region', { name: 'Deposit address' }).waitFor();
    await screenshot(page, 'money-deposit-address');
    await page.getByLabel('Amount (USDT)').fill('1000');
    await page.getByLabel('Payment proof image').setInputFiles(PROOF);
    await page.getByRole('img', { name: 'Chosen payment proof' }).waitFor();
    await page.getByRole('button', { name: 'Submit deposit' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'money-deposit-filled');
    await page.getByRole('button', { name: 'Submit deposit' }).click();
    await page.getByText('Deposit submitted').waitFor({ timeout: 30_000 });
    const text = await bodyText(page);
    orders.deposit = /\b([A-Z]\d{6,})\b/.exec(text.slice(text.indexOf('Order number')))?.[1];
    assert.ok(orders.deposit, `an order number on: ${text}`);
    assert.match(text, /1,?000\.0{2,}/);
    await screenshot(page, 'money-deposit-submitted');
    // Nothing is credited before an operator has seen the proof.
    await assertBalancesShown('the deposit request', balances(['0.00', '0.00'], ['0.00', '0.00']));
  });

  it('is approved by an operator with npm run ops', async () => {
    assert.match(await ops('login', '--user', OPERATOR.username, '--password', OPERATOR.password), /signed in as ops/);
    const id = idOfRow(await ops('deposits'), orders.deposit!);
    const approved = await ops('deposit', 'approve', id);
    assert.match(approved, /status success/);
    assert.match(approved, /\+ gift 10\.000000 USDT/);
  });

  it('shows the balance with the VIP gift, the record and VIP 1', async () => {
    await page.goto(`${app.baseUrl}/h5/recharge/records`);
    await page.getByText('VIP gift').first().waitFor({ timeout: 15_000 });
    const records = await bodyText(page);
    assert.match(records, /10\.0{2,}/, 'the 1 % gift of VIP 1 on 1,000 USDT');
    await assertAmountsFormatted(page, 'deposit records');
    await screenshot(page, 'money-deposit-records');

    // 1,000 deposited + the 1 % gift of VIP 1.
    await assertBalancesShown('the approved deposit', balances(['1,010.00', '0.00'], ['0.00', '0.00']));
    await assertAmountsFormatted(page, 'assets');
    await screenshot(page, 'money-assets-after-deposit');

    await page.goto(`${app.baseUrl}/h5/level`);
    await page.getByRole('region', { name: 'Your level' }).getByText('VIP 1').waitFor({ timeout: 15_000 });
    await assertAmountsFormatted(page, 'VIP levels');
    await screenshot(page, 'money-vip-level');
  });

  it('converts 500 USDT to EUR at the quoted rate', async () => {
    // Convert starts from the currency the user holds: after a USDT deposit, USDT → EUR.
    await page.goto(`${app.baseUrl}/h5/transfer`);
    await page.getByLabel('Amount (USDT)').fill('500');
    await page.getByRole('region', { name: 'Quote' }).getByText('You receive (estimated)').waitFor({ timeout: 15_000 });
    await assertAmountsFormatted(page, 'transfer quote');
    await screenshot(page, 'money-convert-quote');
    await page.getByRole('button', { name: 'Convert', exact: true }).click();
    await pinSheet(page, DEMO.payPassword);
    await page.getByRole('region', { name: 'Conversion done' }).waitFor({ timeout: 15_000 });
    const done = await page.getByRole('region', { name: 'Conversion done' }).innerText();
    assert.match(done, /500/);
    assert.match(done, /EUR/);
    await screenshot(page, 'money-convert-done');
    // 500 USDT less the 0.5 % fee, at 0.92: 457.70 EUR.
    await assertBalancesShown('the conversion', balances(['510.00', '0.00'], ['457.70', '0.00']));
  });

  it('binds a bank account, asking for the payment password', async () => {
    await page.goto(`${app.baseUrl}/h5/mine/bind`);
    await page.getByLabel('First name').fill(BANK.firstName);
    await page.getByLabel('Last name').fill(BANK.lastName);
    await page.getByLabel('IBAN').fill(BANK.iban);
    await page.getByLabel('SWIFT/BIC').fill(BANK.bic);
    await page.getByLabel('Bank name').fill(BANK.bankName);
    await page.getByLabel('Country or region').fill(BANK.country);
    await page.getByLabel('Address').fill(BANK.address);
    await screenshot(page, 'money-bank-filled');
    await page.getByRole('button', { name: 'Bind bank account' }).click();
    await pinSheet(page, DEMO.payPassword);
    await page.getByText('Bank account saved').waitFor({ timeout: 15_000 });
    await page.goto(`${app.baseUrl}/h5/mine/bind`);
    await page.getByRole('button', { name: 'Save changes' }).waitFor({ timeout: 15_000 });
    assert.equal(await page.getByLabel('IBAN').inputValue().then((v) => v.replace(/\s/g, '')), BANK.iban);
    await screenshot(page, 'money-bank-bound');
  });

  async function withdrawToBank(amount: string): Promise<string> {
    await page.goto(`${app.baseUrl}/h5/withdraw/index22`);
    await page.getByRole('region', { name: 'Paid to' }).waitFor({ timeout: 15_000 });
    assert.match(await page.getByRole('region', { name: 'Paid to' }).innerText(), /3000/, 'the bound IBAN, masked');
    await page.getByLabel('Amount (EUR)').fill(amount);
    await page.getByText('You receive').waitFor();
    if (amount === '100') await screenshot(page, 'money-withdraw-filled');
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await pinSheet(page, DEMO.payPassword);
    await page.waitForURL((url) => url.pathname === '/h5/withdraw/records', { timeout: 15_000 });
    await page.getByText(`${amount}.00`).first().waitFor({ timeout: 15_000 });
    const listing = await ops('withdrawals');
    const row = listing.split('\n').find((line) => line.includes(`${amount}.00 EUR`) && line.includes('processing'));
    assert.ok(row, `a processing withdrawal of ${amount} EUR in:\n${listing}`);
    return row.trim().split(/\s+/)[1];
  }

  it('withdraws 100 EUR to the bank account; the operator pays it', async () => {
    orders.paid = await withdrawToBank('100');
    await assertBalancesShown('the withdrawal request of 100 EUR', balances(['510.00', '0.00'], ['357.70', '100.00']));
    const id = idOfRow(await ops('withdrawals'), orders.paid);
    assert.match(await ops('withdrawal', 'approve', id, '--reference', 'SEPA-2026-1122-0001'), /status completed, tx SEPA-2026-1122-0001/);
    await assertBalancesShown('the payout of 100 EUR', balances(['510.00', '0.00'], ['357.70', '0.00']));
  });

  it('withdraws 50 EUR; the operator returns it with a reason the user reads', async () => {
    orders.returned = await withdrawToBank('50');
    await assertBalancesShown('the withdrawal request of 50 EUR', balances(['510.00', '0.00'], ['307.70', '50.00']));
    const id = idOfRow(await ops('withdrawals'), orders.returned);
    assert.match(await ops('withdrawal', 'reject', id, '--reason', 'The receiving bank refused the transfer'), /status cancelled/);
    await assertBalancesShown('the returned withdrawal of 50 EUR', balances(['510.00', '0.00'], ['357.70', '0.00']));
    await page.goto(`${app.baseUrl}/h5/withdraw/records`);
    await page.getByText('The receiving bank refused the transfer').waitFor({ timeout: 15_000 });
    const records = await bodyText(page);
    assert.match(records, /SEPA-2026-1122-0001/);
    assert.doesNotMatch(records.replace(/\s/g, ''), new RegExp(BANK.iban), 'the records show the bank account masked, as the form does');
    await assertAmountsFormatted(page, 'withdrawal records');
    await screenshot(page, 'money-withdraw-records');
  });

  it('shows every step in the fund record', async () => {
    await page.goto(`${app.baseUrl}/h5/assets/assets-log`);
    await page.getByText('Withdrawal returned', { exact: true }).filter({ visible: true }).first().waitFor({ timeout: 15_000 });
    await screenshot(page, 'money-asset-log');
    await loadEveryPage(page, 'Load more');
    // One row per movement, each titled in words: the conversion's three postings are one row.
    for (const title of ['Deposit received', 'Withdrawal requested', 'Withdrawal sent', 'Withdrawal returned']) {
      await page.getByText(title, { exact: true }).filter({ visible: true }).first().waitFor({ timeout: 15_000 });
    }
    // The title says what happened; the amount is the row's figure, once.
    await page.getByText(/^Converted (EUR to USDT|USDT to EUR)$/).filter({ visible: true }).first().waitFor({ timeout: 15_000 });
    await page.getByText(/incl\. VIP bonus 10\.00\sUSDT/).filter({ visible: true }).first().waitFor({ timeout: 15_000 });
    assert.doesNotMatch(await page.locator('body').innerText(), /conversion:|deposit:|withdrawal:/, 'no ledger reference on screen');
    await assertAmountsFormatted(page, 'fund record');
    await screenshot(page, 'money-asset-log-end');
    // Every operator decision is an audit row, newest first.
    const audit = await ops('audit');
    assert.match(audit, /withdrawal\.reject\s+withdrawal:\d+\s+demo\s+The receiving bank refused the transfer/);
    assert.match(audit, /withdrawal\.approve\s+withdrawal:\d+\s+demo\s+.*SEPA-2026-1122-0001/);
    assert.match(audit, /deposit\.approve\s+deposit:\d+\s+demo\s+.*"bonus":"10\.000000"/);
  });

  /** Opens Transfer by tapping it where a person would, and checks what they see first. */
  async function openTransferFrom(start: string, role: 'link' | 'button'): Promise<void> {
    await page.goto(`${app.baseUrl}/h5${start}`);
    await page.getByRole(role, { name: 'Convert', exact: true }).filter({ visible: true }).first().click();
    const amount = page.getByLabel(/^Amount \((EUR|USDT)\)$/);
    await amount.waitFor({ timeout: 15_000 });
    await page.waitForTimeout(600); // the slide-in transition
    const title = page.locator('.k-navbar').filter({ visible: true }).getByText('Convert', { exact: true });
    for (const [name, box] of [['title', await title.boundingBox()], ['amount field', await amount.boundingBox()]] as const) {
      assert.ok(box, `${name} is on the page`);
      assert.ok(box.y >= 0 && box.y + box.height <= 844, `${name} in view from ${start}: y=${box.y}`);
    }
    // No payment-password sheet before Convert: none on the page, or one out of view and not focused.
    const pin = page.getByLabel('Enter your 6-digit payment password');
    if ((await pin.count()) > 0) {
      const sheetTop = (await pin.boundingBox())?.y ?? Infinity;
      assert.ok(sheetTop >= 844, `the closed sheet is out of view (its PIN box at y=${sheetTop})`);
      assert.equal(await pin.evaluate((input) => input === document.activeElement), false, 'the PIN box is not focused');
    }
    await screenshot(page, `money-transfer-from-${start.slice(1)}`);
  }

  it('opens Transfer from Home with its title and amount field in view and no sheet shown', async () => {
    // Me no longer repeats Home's shortcuts: Convert is opened from Home.
    await openTransferFrom('/home', 'link');
  });

  it('after one online visit and with the network cut, starts at /h5/home with the kept balances and records, and refuses a withdrawal', async () => {
    // A phone of its own, with the service worker that keeps the app's code for offline starts.
    offlinePage = await phonePage(browser, 'en-US', { serviceWorkers: 'allow', expectedErrors: OFFLINE });
    await logIn(offlinePage, app.baseUrl);
    // Installed once the first page has loaded; it serves the pages loaded after that.
    await offlinePage.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    // Each screen with what shows it has its data: the balances, the totals, the last posting,
    // the deposit, the withdrawal the operator returned.
    const screens = [
      { path: '/home', shows: /510\.00.*357\.70/ },
      { path: '/assets', shows: /Total deposited .*1,?000\.0{2,}/ },
      { path: '/assets/assets-log', shows: /Withdrawal returned/ },
      { path: '/recharge/records', shows: new RegExp(orders.deposit!) },
      { path: '/withdraw/records', shows: /The receiving bank refused the transfer/ },
    ];
    // One online visit of each puts it in the cache the device keeps.
    for (const { path, shows } of screens) {
      await offlinePage.goto(`${app.baseUrl}/h5${path}`);
      await offlinePage.waitForFunction((source) => new RegExp(source).test(document.body.innerText.replace(/\s+/g, ' ')), shows.source, { timeout: 15_000 });
      await waitForKeptCopy(offlinePage); // a person reads it; the device writes its copy within half a second
    }
    // The withdrawal form's own reads (the bound account, the limits) were seen once too.
    await offlinePage.goto(`${app.baseUrl}/h5/withdraw/index22`);
    await offlinePage.getByRole('region', { name: 'Paid to' }).waitFor({ timeout: 15_000 });
    await waitForKeptCopy(offlinePage);
    assert.equal(await offlinePage.evaluate(() => navigator.serviceWorker.controller !== null), true, 'the service worker serves the app');

    await offlinePage.context().setOffline(true);
    try {
      // The app opened again from the home screen, as the installed app starts (its start_url).
      await offlinePage.goto(`${app.baseUrl}/h5/home`);
      await offlinePage.getByText(/Offline · as of/).filter({ visible: true }).first().waitFor({ timeout: 15_000 });
      assert.match(await bodyText(offlinePage), screens[0].shows, 'the balances on home, offline');
      await screenshot(offlinePage, 'money-offline-home');
      for (const { path, shows } of screens.slice(1)) {
        await offlinePage.goto(`${app.baseUrl}/h5${path}`);
        await offlinePage.getByText(/Offline · as of/).filter({ visible: true }).first().waitFor({ timeout: 15_000 });
        assert.match(await bodyText(offlinePage), shows, `${path} offline`);
        await screenshot(offlinePage, `money-offline${path.replaceAll('/', '-')}`);
      }

      // A withdrawal is refused with the offline message: no payment password asked, nothing queued.
      await offlinePage.goto(`${app.baseUrl}/h5/withdraw/index22`);
      await offlinePage.getByRole('region', { name: 'Paid to' }).waitFor({ timeout: 15_000 });
      await offlinePage.getByLabel('Amount (EUR)').fill('20');
      await offlinePage.getByRole('button', { name: 'Withdraw', exact: true }).click();
      await offlinePage.getByText('You are offline. Money can only be moved while connected.').waitFor({ timeout: 5_000 });
      assert.equal(await offlinePage.getByLabel(uiText('en', 'Enter your 6-digit payment password')).filter({ visible: true }).count(), 0, 'no payment password asked');
      assert.equal(new URL(offlinePage.url()).pathname, '/h5/withdraw/index22');
      await screenshot(offlinePage, 'money-offline-withdraw-refused');
    } finally {
      await offlinePage.context().setOffline(false);
    }
    // Nothing was queued: back online, the operator's list still has only the two withdrawals.
    await offlinePage.waitForTimeout(2_000);
    const listing = await ops('withdrawals');
    assert.doesNotMatch(listing, /20\.00 EUR/, listing);

    // The same offline start in Chinese and in Arabic (the language is the device's choice, set online).
    for (const [locale, label] of [['zh', '中文'], ['ar', 'العربية']] as const) {
      await offlinePage.goto(`${app.baseUrl}/h5/setting/language`);
      await offlinePage.getByRole('radio', { name: label }).click();
      await offlinePage.waitForFunction((lang) => document.documentElement.lang.startsWith(lang), locale);
      // One online visit in that language: the ticker's news is kept in it.
      const newsRead = offlinePage.waitForResponse((response) => new URL(response.url()).pathname === '/api/news/list', { timeout: 15_000 });
      await offlinePage.goto(`${app.baseUrl}/h5/home`);
      await newsRead;
      await waitForKeptCopy(offlinePage);
      await offlinePage.context().setOffline(true);
      try {
        await offlinePage.goto(`${app.baseUrl}/h5/home`);
        const asOf = uiText(locale, 'Offline · as of {when}').split('{when}')[0].trim();
        await offlinePage.getByText(asOf).filter({ visible: true }).first().waitFor({ timeout: 15_000 });
        assert.match(await bodyText(offlinePage), /510\.00.*357\.70/, `the balances on home offline (${locale})`);
        await screenshot(offlinePage, `money-offline-home-${locale}`);
      } finally {
        await offlinePage.context().setOffline(false);
      }
    }
    await offlinePage.goto(`${app.baseUrl}/h5/setting/language`);
    await offlinePage.getByRole('radio', { name: 'English' }).click();
    await offlinePage.waitForFunction(() => document.documentElement.lang.startsWith('en'));
  });

  it('after logout, the device keeps nothing of the user', async () => {
    await offlinePage.goto(`${app.baseUrl}/h5/mine`);
    await offlinePage.getByRole('button', { name: 'Log out', exact: true }).first().click();
    await offlinePage.getByRole('alertdialog').getByRole('button', { name: 'Log out' }).click();
    await offlinePage.waitForURL((url) => url.pathname === '/h5/auth/login', { timeout: 15_000 });
    await offlinePage.waitForTimeout(1_000);
    const stored = Object.fromEntries(Object.entries(await deviceStore(offlinePage)).map(([key, entry]) => [key, JSON.stringify(entry)]));
    const personal = Object.keys(stored).filter((key) => /^(cache:|auth_token|user_info|coin_info)/.test(key) && key !== 'cache:queries:visitor');
    assert.deepEqual(personal, [], `left on the device: ${Object.keys(stored).join(', ')}`);
    // What a visitor's copy may hold (rate, coins, support link) is no account read.
    assert.doesNotMatch(stored['cache:queries:visitor'] ?? '', /"account"/);
    // Cache Storage holds the app's own files and the public news, nothing of an account.
    const cached = await offlinePage.evaluate(async () => {
      const entries: Array<{ cache: string; url: string; body: string }> = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          const path = new URL(request.url).pathname;
          const body = path.startsWith('/api/') ? await (await cache.match(request))!.text() : '';
          entries.push({ cache: name, url: path + new URL(request.url).search, body });
        }
      }
      return entries;
    });
    assert.ok(cached.length > 0, 'the app files are kept for offline starts');
    const apiEntries = cached.filter((entry) => entry.url.startsWith('/api/'));
    assert.deepEqual(apiEntries.filter((entry) => !/^\/api\/news\/(list|detail)\?/.test(entry.url)).map((entry) => entry.url), [], 'only public news among the kept API answers');
    for (const entry of apiEntries) assert.doesNotMatch(entry.body, new RegExp(`${DEMO.username}|${BANK.iban}|"userId"`), `${entry.url} holds nothing of the user`);
    await offlinePage.context().close();
  });

  it('shows the same in Arabic, right to left', async () => {
    await page.goto(`${app.baseUrl}/h5/setting/language`);
    await page.getByRole('radio', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    // Arabic text, the same figures: amounts stay in Latin digits, left to right.
    await assertBalancesShown('switching to Arabic', balances(['510.00', '0.00'], ['357.70', '0.00']));
    await page.goto(`${app.baseUrl}/h5/assets/assets-log`);
    await page.getByText(uiText('ar', 'Withdrawal returned'), { exact: true }).filter({ visible: true }).first().waitFor({ timeout: 15_000 });
    await screenshot(page, 'money-asset-log-ar');
    await loadEveryPage(page, uiText('ar', 'Load more'));
    await page.getByText(uiText('ar', 'Deposit received'), { exact: true }).filter({ visible: true }).first().waitFor({ timeout: 15_000 });
    await assertAmountsFormatted(page, 'fund record (Arabic)');
    await screenshot(page, 'money-asset-log-end-ar');
    await page.goto(`${app.baseUrl}/h5/withdraw/records`);
    await page.getByText('The receiving bank refused the transfer').waitFor({ timeout: 15_000 });
    await screenshot(page, 'money-withdraw-records-ar');
    await page.goto(`${app.baseUrl}/h5/level`);
    await page.getByText('VIP 1').first().waitFor({ timeout: 15_000 });
    await screenshot(page, 'money-vip-level-ar');
    await page.goto(`${app.baseUrl}/h5/transfer`);
    await page.getByRole('region', { name: uiText('ar', 'Quote') }).waitFor({ timeout: 15_000 });
    await assertAmountsFormatted(page, 'transfer (Arabic)');
    await screenshot(page, 'money-convert-ar');
  });

  it('leaves a clean ledger: npm run ledger:verify on the data of the run', async () => {
    // The phone is put away first: its lost connection to a stopped server is no error of the app.
    await page.context().close();
    const stdout = await verifyLedgerOfRun(app);
    // The demo user: 1,000 + 10 gift − 500 converted; 457.70 EUR received − 100 paid out (the 50
    // came back). Besides, the two demo merchants' demo funds (8,000 USDT and 8,000 EUR), of which
    // their offers set aside 3,000 USDT and 2,094.40 EUR (server/modules/trading/demo.ts).
    assert.match(stdout, /USDT: .*users hold 8510\.000000 \(available 5510\.000000, held 0\.000000, interest 0\.000000, trading 3000\.000000, pledged 0\.000000, collateral 0\.000000\)/, stdout);
    assert.match(stdout, /EUR: .*users hold 8357\.70 \(available 6263\.30, held 0\.00, interest 0\.00, trading 2094\.40, pledged 0\.00, collateral 0\.00\)/, stdout);
    assert.match(stdout, /all balances sum to 0\.000000/, stdout);
    assert.match(stdout, /all balances sum to 0\.00/, stdout);
  });
});
