/**
 * The look-and-feel tour: every screen of the app at 390×844 in English, German, Chinese and
 * Arabic, in each state a person meets — as a visitor, loaded with data (the demo merchant, given
 * a history of deposits, withdrawals, conversions, trades, a pledge, a loan and news first:
 * ./history.ts), empty (the demo user, who has nothing yet), offline (after one visit, the network
 * cut) and failing (every API call refused); and the states a person brings about on a
 * screen: a record opened, a form refused, the payment password asked, a logout confirmed.
 *
 * In every pass each screen must show its own content before it is judged: its title in the
 * person's language, no spinner left, text of its own beyond the title; loaded, a figure where it
 * lists or sums something; failing, the network refusal in the person's language; offline, the
 * "as of" label; a refused login, the refusal. A blank, still-loading or wrong screen fails. Each
 * screen is then saved as a screenshot under test-results/screenshots/tour/ and inspected
 * (./inspect.ts): 0 serious or critical axe-core findings, every control (a hidden checkbox by the
 * label a finger taps) at least 44×44, no text clipped or past the screen's edge, no English text
 * of the catalogues left on a screen in another language, neither the support button nor a toast
 * over an amount, an address, a link or a control (./overlap.ts) — at the top of the screen,
 * scrolled to its end (where the last rows and buttons are) and on the way back up. Any uncaught page error, console error
 * or 5xx fails the pass too (the harness), but the refused connections of the failing pass.
 *
 * `npm run tour` runs this file alone; TOUR_LOCALES, TOUR_PASSES (visitor, loaded, empty, offline,
 * failing) and TOUR_SCREENS (comma-separated) narrow it; TOUR_CONCURRENCY (default 2) is how many
 * languages are toured at once.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { errorText } from '../../src/locales/errors';
import type { Locale } from '../../src/domain/locales';
import { keepWordsTogether } from '../../src/i18n/words';
import { browserSuite, logInWithForm, OFFLINE, type Ops, type PageOptions, phonePage, type RunningApp, SCREENSHOT_DIR, UNREACHABLE, uiText, OPERATOR, waitForKeptCopy } from './harness';
import { giveHistory, type History } from './history';
import { inspectScreen, overlapFindings } from './inspect';

interface Visit {
  name: string;
  /** `{news}` and `{loan}` stand for the ids of the history's news piece and loan. */
  path: string;
  /** The screen's title in English (its navbar and the document's title show it in the person's language). */
  title: string;
  /** What it says when its read fails, in English, where that is its own words rather than the network refusal. */
  failing?: string;
  /** What a person does on the screen first, to bring it into the state shown: a detail opened, a form refused, a sheet up. */
  act?: (page: Page, locale: string) => Promise<void>;
}

/** The first amount field of the screen. */
const amountField = (page: Page) => page.locator('input[inputmode="decimal"]').filter({ visible: true }).first();
/** A button by its words in the screen's language. */
const button = (page: Page, locale: string, english: string) => page.getByRole('button', { name: uiText(locale, english), exact: true }).filter({ visible: true }).first();
/** Waits for a field marked wrong or an alert. */
const refused = (page: Page) => page.locator('[aria-invalid="true"], [role="alert"]').filter({ visible: true }).first().waitFor({ timeout: 10_000 });
/** Waits until a button (by its words) can be pressed: a quote or a check it waits for has come. */
const enabled = (page: Page, locale: string, english: string) =>
  page.waitForFunction((name) => [...document.querySelectorAll('button')].some((candidate) => candidate.textContent?.trim() === name && !candidate.disabled), uiText(locale, english), { timeout: 15_000 });
/** Waits for the payment password sheet. */
const pinAsked = (page: Page, locale: string) => page.getByLabel(uiText(locale, 'Enter your 6-digit payment password')).filter({ visible: true }).waitFor({ timeout: 10_000 });

/** Every screen a signed-in person can open, at the address that shows it with data. */
const SIGNED_IN: readonly Visit[] = [
  { name: 'home', path: '/home', title: 'Home' },
  { name: 'market', path: '/market', title: 'Trading hall' },
  { name: 'market-sell', path: '/market/sell', title: 'My offers' },
  { name: 'orders', path: '/order', title: 'Orders' },
  { name: 'coin', path: '/coin?symbol=btcusdt', title: 'Market' },
  { name: 'mine', path: '/mine', title: 'Me' },
  { name: 'profile', path: '/mine/profile', title: 'Personal info' },
  { name: 'my-assets', path: '/mine/my-assets', title: 'My assets' },
  { name: 'assets', path: '/assets', title: 'Assets' },
  { name: 'fund-record', path: '/assets/assets-log', title: 'Fund record' },
  { name: 'deposit', path: '/recharge', title: 'Deposit' },
  { name: 'deposit-records', path: '/recharge/records', title: 'Deposit records' },
  { name: 'withdraw', path: '/withdraw', title: 'Withdraw' },
  { name: 'withdraw-crypto', path: '/withdraw/index11', title: 'Withdraw to an address' },
  { name: 'withdraw-bank', path: '/withdraw/index22', title: 'Withdraw to a bank account' },
  { name: 'withdraw-records', path: '/withdraw/records', title: 'Withdrawal records' },
  { name: 'transfer', path: '/transfer', title: 'Convert' },
  { name: 'bank', path: '/mine/bind', title: 'Account binding' },
  { name: 'level', path: '/level', title: 'VIP levels' },
  { name: 'pledge', path: '/pledge', title: 'Pledge' },
  { name: 'do-pledge', path: '/pledge/do-pledge', title: 'New pledge' },
  { name: 'pledge-records', path: '/pledge/records', title: 'Pledge records' },
  { name: 'pledge-orders', path: '/pledge/records?tab=orders', title: 'Pledge records' },
  { name: 'interest-wallet', path: '/mine/components', title: 'Interest wallet' },
  { name: 'loan', path: '/loan', title: 'Platform loan' },
  { name: 'apply-loan', path: '/loan/apply-loan', title: 'Apply for a loan' },
  { name: 'my-loans', path: '/loan/my-loan', title: 'My loans' },
  { name: 'loan-terms', path: '/loan/components/article', title: 'Loan terms' },
  { name: 'news', path: '/news', title: 'News' },
  { name: 'tutorials', path: '/home/tutorial', title: 'Trading guide' },
  { name: 'tutorial', path: '/home/tutorial-detail?id=41', title: 'Guide' },
  { name: 'service', path: '/home/service', title: 'Customer service', failing: 'The support chat could not be reached just now.' },
  { name: 'platform-intro', path: '/mine/platform-intro', title: 'Platform intro' },
  { name: 'settings', path: '/setting', title: 'Settings' },
  { name: 'language', path: '/setting/language', title: 'Language' },
  { name: 'pay-password', path: '/setting/pay-password', title: 'Payment password' },
  { name: 'security', path: '/setting/security', title: 'Security centre' },
  { name: 'authenticator', path: '/setting/security/authenticator', title: 'Authenticator app' },
  { name: 'passkeys', path: '/setting/security/passkeys', title: 'Passkeys' },
  { name: 'contact', path: '/setting/security/contact?which=phone', title: 'Phone and e-mail' },
  { name: 'devices', path: '/setting/security/devices', title: 'Devices and sign-ins' },
  { name: 'about', path: '/setting/about', title: 'About us' },
  { name: 'help', path: '/setting/help', title: 'Help centre' },
  { name: 'company', path: '/setting/company', title: 'Company profile' },
  { name: 'news-detail', path: '/news/detail?id={news}', title: 'News' },
  { name: 'loan-detail', path: '/loan/loan-detail?id={loan}', title: 'Loan details' },
  // The states a person brings about.
  {
    name: 'fund-record-detail',
    path: '/assets/assets-log',
    title: 'Fund record',
    act: async (page) => {
      await page.locator('button[aria-expanded="false"]').first().click();
      await page.locator('button[aria-expanded="true"]').first().waitFor();
    },
  },
  {
    // The address a person copies and checks before sending coins.
    name: 'deposit-address',
    path: '/recharge',
    title: 'Deposit',
    act: async (page) => {
      await page.getByRole('radio', { name: 'USDT', exact: true }).click();
      await page.locator('[data-testid="deposit-address"]').waitFor({ timeout: 10_000 });
    },
  },
  {
    name: 'deposit-bank',
    path: '/recharge',
    title: 'Deposit',
    act: async (page, locale) => {
      await page.getByRole('radio', { name: uiText(locale, 'Bank transfer (IBAN)'), exact: true }).click();
      await page.locator('[data-address]').first().waitFor({ timeout: 10_000 });
    },
  },
  {
    name: 'transfer-quote',
    path: '/transfer',
    title: 'Convert',
    act: async (page, locale) => {
      await amountField(page).fill('25');
      await enabled(page, locale, 'Convert');
    },
  },
  {
    name: 'transfer-too-much',
    path: '/transfer',
    title: 'Convert',
    act: async (page) => {
      // More than the balance: the field says so and the button waits.
      await amountField(page).fill('900000');
      await refused(page);
    },
  },
  {
    name: 'transfer-confirm',
    path: '/transfer',
    title: 'Convert',
    act: async (page, locale) => {
      await amountField(page).fill('25');
      await enabled(page, locale, 'Convert');
      await button(page, locale, 'Convert').click();
      await pinAsked(page, locale);
    },
  },
  {
    name: 'withdraw-crypto-refused',
    path: '/withdraw/index11',
    title: 'Withdraw to an address',
    act: async (page, locale) => {
      await button(page, locale, 'Withdraw').click();
      await refused(page);
    },
  },
  {
    name: 'market-buy-confirm',
    path: '/market',
    title: 'Trading hall',
    act: async (page, locale) => {
      const form = page.getByRole('region', { name: uiText(locale, 'Buy USDT') });
      await form.locator('input[inputmode="decimal"]').first().fill('10');
      await form.getByRole('button', { name: uiText(locale, 'Buy USDT'), exact: true }).click();
      await pinAsked(page, locale);
    },
  },
  {
    name: 'logout-confirm',
    path: '/setting',
    title: 'Settings',
    act: async (page, locale) => {
      await button(page, locale, 'Log out').click();
      await page.getByRole('alertdialog').waitFor();
    },
  },
];

const VISITOR: readonly Visit[] = [
  { name: 'home', path: '/home', title: 'Home' },
  { name: 'login', path: '/auth/login', title: 'Log in' },
  { name: 'register', path: '/auth/register', title: 'Create account' },
  { name: 'forgot', path: '/auth/forgot', title: 'Reset password' },
  { name: 'language', path: '/setting/language', title: 'Language' },
  {
    name: 'login-refused',
    path: '/auth/login',
    title: 'Log in',
    act: async (page, locale) => {
      await page.getByRole('tab', { name: uiText(locale, 'E-mail') }).click();
      await page.getByLabel(uiText(locale, 'E-mail or username')).fill('merchant');
      await page.getByLabel(uiText(locale, 'Password'), { exact: true }).fill('not-the-password');
      await button(page, locale, 'Log in').click();
      await refused(page);
    },
  },
  {
    // The code's confirmation is a line under its field, where nothing covers the form's button.
    name: 'register-code-sent',
    path: '/auth/register',
    title: 'Create account',
    act: async (page, locale) => {
      await page.getByRole('tab', { name: uiText(locale, 'E-mail') }).click();
      await page.getByLabel(uiText(locale, 'E-mail'), { exact: true }).fill(`tour.${locale}@example.org`);
      await button(page, locale, 'Send code').click();
      await page.locator('[data-code-sent]').waitFor({ timeout: 10_000 });
    },
  },
  {
    name: 'register-refused',
    path: '/auth/register',
    title: 'Create account',
    act: async (page, locale) => {
      await button(page, locale, 'Create account').click();
      await refused(page);
    },
  },
];

/** The screens that list what a person has: what a new person sees there. */
const LISTS = new Set(['home', 'mine', 'my-assets', 'fund-record', 'deposit-records', 'withdraw-records', 'orders', 'pledge', 'pledge-records', 'pledge-orders', 'interest-wallet', 'my-loans', 'level', 'withdraw-bank']);
/** The screens with a person's data that open offline from the copy kept on the device. */
const KEPT = ['home', 'my-assets', 'fund-record', 'deposit-records', 'withdraw-records', 'level', 'orders'];
/** The screens that read something on open: their failure state. */
const READS = new Set(['market', 'orders', 'fund-record', 'deposit-records', 'withdraw-records', 'level', 'pledge', 'loan', 'my-loans', 'news', 'tutorials', 'about', 'service', 'devices']);

const LOCALES = (process.env.TOUR_LOCALES ?? 'en,de,zh,ar').split(',');
const ONLY = process.env.TOUR_SCREENS?.split(',');
const PASSES = process.env.TOUR_PASSES?.split(',');
const pass = (name: string) => (!PASSES || PASSES.includes(name) ? it : it.skip);
const chosen = (visits: readonly Visit[], keep: (visit: Visit) => boolean = () => true) => visits.filter((visit) => keep(visit) && (!ONLY || ONLY.includes(visit.name)));

const MERCHANT = { username: 'merchant', password: '749261', payPassword: '260418' };
const NEWCOMER = { username: 'demo', password: '583927' };
const OUT = join(SCREENSHOT_DIR, 'tour');

/** Waits until the screen has finished loading: no request under way, no spinner, the slide over. Fails when it does not. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 20_000 });
  await page.waitForFunction(() => ![...document.querySelectorAll('.k-preloader')].some((element) => (element as HTMLElement).checkVisibility()), undefined, { timeout: 15_000 });
  await page.waitForTimeout(400);
}

/**
 * Screens whose loaded state shows figures (amounts, counts, dates): a blank list or sum fails. Not the
 * bank withdrawal (the merchant's history binds no bank account, so it asks for one) nor the pledge's
 * interest records (no payout day comes during the history, so the first tab says there is none yet).
 */
const FIGURES = new Set([...[...LISTS].filter((name) => name !== 'withdraw-bank' && name !== 'pledge-records'), 'assets', 'deposit-address', 'deposit-bank', 'market', 'market-sell', 'coin', 'loan', 'loan-detail', 'pledge', 'do-pledge', 'transfer', 'news-detail', 'fund-record-detail', 'transfer-quote', 'devices']);

/** What a screen shows, read in the page: its document title, its text below the navbar, visible spinners and alerts. */
async function shown(page: Page) {
  return page.evaluate(() => {
    const main = document.querySelector('.k-page') ?? document.body;
    const navbar = main.querySelector('.k-navbar');
    const text = ((main as HTMLElement).innerText ?? '').replace((navbar as HTMLElement | null)?.innerText ?? '', '').replace(/\s+/g, ' ').trim();
    return { title: document.title, text, body: document.body.innerText.replace(/\s+/g, ' ') };
  });
}

/** Fails unless the screen shows its own content in the person's language for this pass (see the file's comment). */
async function assertContent(page: Page, pass: string, locale: string, visit: Visit): Promise<void> {
  const where = `${pass} ${locale} ${visit.name} (${visit.path})`;
  const title = uiText(locale, visit.title, 'screen title');
  // The title follows the screen in; the content may still be drawing after the spinner.
  await page.waitForFunction((expected) => document.title === expected, `${title} · Tessera`, { timeout: 10_000 }).catch(() => undefined);
  const networkError = keepWordsTogether(errorText(locale as Locale, 'network.error'), locale);
  const refusal = visit.failing ? uiText(locale, visit.failing) : networkError;
  // So may the refusal of a read that failed after the screen settled (a list read once its socket gave up).
  if (pass === 'failing') {
    await page.waitForFunction((text) => document.body.innerText.replace(/\s+/g, ' ').includes(text), refusal, { timeout: 10_000 }).catch(() => undefined);
  }
  const screen = await shown(page);
  assert.equal(screen.title, `${title} · Tessera`, `${where}: the document title`);
  assert.ok(screen.text.length >= 10, `${where}: no content of its own below the title: "${screen.text}"`);
  if (pass === 'failing') assert.ok(screen.body.includes(refusal), `${where}: the refusal "${refusal}" is not shown: ${screen.body.slice(0, 300)}`);
  else assert.ok(!screen.body.includes(networkError), `${where}: shows "${networkError}"`);
  if (pass === 'loaded' && FIGURES.has(visit.name)) assert.match(screen.text, /\d/, `${where}: no figure on a screen that lists or sums: "${screen.text.slice(0, 300)}"`);
  if (visit.name === 'login-refused') {
    const refusal = keepWordsTogether(errorText(locale as Locale, 'login.failed'), locale);
    assert.ok(screen.body.includes(refusal), `${where}: the refusal "${refusal}" is not shown`);
  }
}

/** Opens each screen, saves it and returns what the inspection found, by screen. */
async function walk(page: Page, pass: string, locale: string, visits: readonly Visit[], check?: (page: Page, visit: Visit) => Promise<void>): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const visit of visits) {
    await page.goto(`${baseUrl()}/h5${visit.path.replace('{news}', String(history.newsId)).replace('{loan}', String(history.loanId))}`);
    await settle(page).catch(async (error: unknown) => {
      await page.screenshot({ path: join(OUT, `${pass}-${locale}-${visit.name}-unsettled.png`) });
      throw new Error(`${pass} ${locale} ${visit.name} (${visit.path}) did not finish loading`, { cause: error });
    });
    if (visit.act) {
      await visit.act(page, locale).catch(async (error: unknown) => {
        await page.screenshot({ path: join(OUT, `${pass}-${locale}-${visit.name}-failed.png`) });
        throw error;
      });
      await page.waitForTimeout(400);
    }
    await check?.(page, visit);
    await assertContent(page, pass, locale, visit);
    await page.screenshot({ path: join(OUT, `${pass}-${locale}-${visit.name}.png`) });
    const findings = await inspectScreen(page, locale);
    // The end of the screen, where the last rows and buttons meet whatever sits at the bottom.
    if (await scrollToEnd(page)) {
      await page.screenshot({ path: join(OUT, `${pass}-${locale}-${visit.name}-end.png`) });
      findings.push(...(await overlapFindings(page, ' (scrolled to the end)')));
      // And on the way back up, a screen at a time: what floats may come back over the middle of a page.
      for (let top = await scrollUp(page); top !== null; top = await scrollUp(page)) findings.push(...(await overlapFindings(page, ` (scrolled up to ${top} px)`)));
    }
    if (findings.length > 0) found[`${visit.name} (${visit.path})`] = findings.map((finding) => `${finding.check}: ${finding.what}`);
  }
  return found;
}

/** Scrolls every scrolling part of the screen to its end; whether anything moved. Waits for what follows the scroll to settle. */
async function scrollToEnd(page: Page): Promise<boolean> {
  const moved = await page.evaluate(() => {
    let any = false;
    for (const element of document.querySelectorAll('*')) {
      const style = getComputedStyle(element);
      if (!['auto', 'scroll'].includes(style.overflowY) || element.scrollHeight <= element.clientHeight + 1 || !(element as HTMLElement).checkVisibility()) continue;
      element.scrollTop = element.scrollHeight;
      any = true;
    }
    return any;
  });
  if (moved) await page.waitForTimeout(500);
  return moved;
}

/** Scrolls the screen's page up by most of its height; where it stopped, or null when it was at the top already. */
async function scrollUp(page: Page): Promise<number | null> {
  const top = await page.evaluate(() => {
    const scroller = [...document.querySelectorAll('.k-page')].find((element) => (element as HTMLElement).checkVisibility() && element.scrollTop > 0);
    if (!scroller) return null;
    scroller.scrollTop = Math.max(0, scroller.scrollTop - Math.round(scroller.clientHeight * 0.8));
    return Math.round(scroller.scrollTop);
  });
  if (top !== null) await page.waitForTimeout(300);
  return top;
}

function assertClean(found: Record<string, string[]>, where: string): void {
  const lines = Object.entries(found).flatMap(([path, findings]) => [path, ...findings.map((finding) => `  ${finding}`)]);
  assert.equal(lines.length, 0, `${where}:\n${lines.join('\n')}`);
}

let app: RunningApp;
let browser: Browser;
let ops: Ops;
let history: History;
const baseUrl = () => app.baseUrl;

/** A phone in `locale`, signed in as `account` when given (the form is filled in English, then the language is set). */
async function phoneIn(locale: string, account: { username: string; password: string } | null, options: PageOptions = {}): Promise<Page> {
  const page = await phonePage(browser, locale === 'zh' ? 'zh-CN' : locale, options);
  await page.goto(`${baseUrl()}/h5/home`);
  // The app remembers the browser's language once its texts are loaded: wait for that, or it would
  // overwrite the English chosen below for the login form.
  await page.waitForFunction((lang) => localStorage.getItem('lang') === lang, locale);
  if (account) {
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await logInWithForm(page, baseUrl(), account);
  }
  await page.evaluate((lang) => localStorage.setItem('lang', lang), locale);
  return page;
}

// Two languages at a time (TOUR_CONCURRENCY): most of a screen's time is spent waiting for it to
// settle and scroll, which two phones overlap.
describe('the look-and-feel tour at 390×844', { timeout: 40 * 60_000, concurrency: Number(process.env.TOUR_CONCURRENCY ?? 2) }, () => {
  browserSuite({}, (suite) => ({ app, browser, ops } = suite));
  before(async () => {
    mkdirSync(OUT, { recursive: true });
    await ops('login', '--user', OPERATOR.username, '--password', OPERATOR.password);
    history = await giveHistory(app, ops, MERCHANT);
  });

  for (const locale of LOCALES) {
    describe(locale, () => {
      pass('visitor')('every screen a visitor can open', async () => {
        const page = await phoneIn(locale, null);
        assertClean(await walk(page, 'visitor', locale, chosen(VISITOR)), `visitor screens in ${locale}`);
        await page.context().close();
      });

      pass('loaded')('every screen, loaded with the demo merchant’s data', async () => {
        const page = await phoneIn(locale, MERCHANT);
        assertClean(await walk(page, 'loaded', locale, chosen(SIGNED_IN)), `loaded screens in ${locale}`);
        await page.context().close();
      });

      pass('empty')('the lists of a person who has nothing yet', async () => {
        const page = await phoneIn(locale, NEWCOMER);
        assertClean(await walk(page, 'empty', locale, chosen(SIGNED_IN, (visit) => LISTS.has(visit.name))), `empty screens in ${locale}`);
        await page.context().close();
      });

      pass('offline')('a person’s screens offline, from the copy kept after one visit, labelled with its time', async () => {
        const page = await phoneIn(locale, MERCHANT, { serviceWorkers: 'allow', expectedErrors: OFFLINE });
        const kept = chosen(SIGNED_IN, (visit) => KEPT.includes(visit.name));
        await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
        for (const visit of kept) {
          await page.goto(`${baseUrl()}/h5${visit.path}`);
          await settle(page);
          // Each screen's reads reach the device before the next page load could cut the write off.
          await waitForKeptCopy(page);
        }
        await page.context().setOffline(true);
        const label = uiText(locale, 'Offline · as of {when}').split('{when}')[0].trim();
        const found = await walk(page, 'offline', locale, kept, async (phone, visit) => {
          if (visit.name === 'home') return; // home shows its balances without the label's words in the header
          await phone.getByText(label).first().waitFor({ timeout: 10_000 });
        });
        assertClean(found, `offline screens in ${locale}`);
        await page.context().close();
      });

      pass('failing')('the screens that read something, when every call fails', async () => {
        // The only pass whose calls fail on purpose: its refused connections are expected, nowhere else.
        const page = await phoneIn(locale, MERCHANT, { expectedErrors: UNREACHABLE });
        // Signed in, then the server cannot be reached: each screen says so in the person's language.
        await page.route('**/api/**', (route) => route.abort('connectionrefused'));
        assertClean(await walk(page, 'failing', locale, chosen(SIGNED_IN, (visit) => READS.has(visit.name))), `failing screens in ${locale}`);
        await page.context().close();
      });
    });
  }
});
