/**
 * The look-and-feel tour: every screen of the app at 390×844 in English, German, Chinese and
 * Arabic, in each state a person meets — as a visitor, loaded with data (the demo merchant),
 * empty (the demo user, who has nothing yet), offline (after one visit, the network cut) and
 * failing (every API call answered "busy"). Each screen is saved as a screenshot under
 * test-results/screenshots/tour/ and inspected (./inspect.ts): 0 serious or critical axe-core
 * findings, every control at least 44×44, no text clipped or past the screen's edge, no English
 * text of the catalogues left on a screen in another language.
 *
 * `npm run tour` runs this file alone; TOUR_LOCALES, TOUR_PASSES (visitor, loaded, empty, offline,
 * failing) and TOUR_SCREENS (comma-separated) narrow it.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, logInWithForm, phonePage, SCREENSHOT_DIR, startApp, uiText, type RunningApp } from './harness';
import { inspectScreen } from './inspect';

interface Visit {
  name: string;
  path: string;
}

/** Every screen a signed-in person can open, at the address that shows it with data. */
const SIGNED_IN: readonly Visit[] = [
  { name: 'home', path: '/home' },
  { name: 'market', path: '/market' },
  { name: 'market-sell', path: '/market/sell' },
  { name: 'orders', path: '/order' },
  { name: 'coin', path: '/coin?symbol=btcusdt' },
  { name: 'mine', path: '/mine' },
  { name: 'profile', path: '/mine/profile' },
  { name: 'my-assets', path: '/mine/my-assets' },
  { name: 'assets', path: '/assets' },
  { name: 'fund-record', path: '/assets/assets-log' },
  { name: 'deposit', path: '/recharge' },
  { name: 'deposit-records', path: '/recharge/records' },
  { name: 'withdraw', path: '/withdraw' },
  { name: 'withdraw-crypto', path: '/withdraw/index11' },
  { name: 'withdraw-bank', path: '/withdraw/index22' },
  { name: 'withdraw-records', path: '/withdraw/records' },
  { name: 'transfer', path: '/transfer' },
  { name: 'bank', path: '/mine/bind' },
  { name: 'level', path: '/level' },
  { name: 'pledge', path: '/pledge' },
  { name: 'do-pledge', path: '/pledge/do-pledge' },
  { name: 'pledge-records', path: '/pledge/records' },
  { name: 'interest-wallet', path: '/mine/components' },
  { name: 'loan', path: '/loan' },
  { name: 'apply-loan', path: '/loan/apply-loan' },
  { name: 'my-loans', path: '/loan/my-loan' },
  { name: 'loan-terms', path: '/loan/components/article' },
  { name: 'news', path: '/news' },
  { name: 'tutorials', path: '/home/tutorial' },
  { name: 'tutorial', path: '/home/tutorial-detail?id=41' },
  { name: 'service', path: '/home/service' },
  { name: 'platform-intro', path: '/mine/platform-intro' },
  { name: 'settings', path: '/setting' },
  { name: 'language', path: '/setting/language' },
  { name: 'pay-password', path: '/setting/pay-password' },
  { name: 'about', path: '/setting/about' },
  { name: 'help', path: '/setting/help' },
  { name: 'company', path: '/setting/company' },
];

const VISITOR: readonly Visit[] = [
  { name: 'home', path: '/home' },
  { name: 'login', path: '/auth/login' },
  { name: 'register', path: '/auth/register' },
  { name: 'forgot', path: '/auth/forgot' },
  { name: 'language', path: '/setting/language' },
];

/** The screens that list what a person has: what a new person sees there. */
const LISTS = new Set(['home', 'mine', 'my-assets', 'fund-record', 'deposit-records', 'withdraw-records', 'orders', 'pledge', 'pledge-records', 'interest-wallet', 'my-loans', 'level', 'withdraw-bank']);
/** The screens with a person's data that open offline from the copy kept on the device. */
const KEPT = ['home', 'my-assets', 'fund-record', 'deposit-records', 'withdraw-records', 'level', 'orders'];
/** The screens that read something on open: their failure state. */
const READS = new Set(['market', 'orders', 'fund-record', 'deposit-records', 'withdraw-records', 'level', 'pledge', 'loan', 'my-loans', 'news', 'tutorials', 'about', 'service']);

const LOCALES = (process.env.TOUR_LOCALES ?? 'en,de,zh,ar').split(',');
const ONLY = process.env.TOUR_SCREENS?.split(',');
const PASSES = process.env.TOUR_PASSES?.split(',');
const pass = (name: string) => (!PASSES || PASSES.includes(name) ? it : it.skip);
const chosen = (visits: readonly Visit[], keep: (visit: Visit) => boolean = () => true) => visits.filter((visit) => keep(visit) && (!ONLY || ONLY.includes(visit.name)));

const MERCHANT = { username: 'merchant', password: '749261' };
const NEWCOMER = { username: 'demo', password: '583927' };
const OUT = join(SCREENSHOT_DIR, 'tour');

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // Spinners gone and the slide transition over.
  await page.waitForFunction(() => !document.querySelector('.k-preloader'), undefined, { timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(400);
}

/** Opens each screen, saves it and returns what the inspection found, by screen. */
async function walk(page: Page, pass: string, locale: string, visits: readonly Visit[], check?: (page: Page, visit: Visit) => Promise<void>): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const visit of visits) {
    await page.goto(`${baseUrl()}/h5${visit.path}`);
    await settle(page);
    await check?.(page, visit);
    await page.screenshot({ path: join(OUT, `${pass}-${locale}-${visit.name}.png`) });
    const findings = await inspectScreen(page, locale);
    if (findings.length > 0) found[visit.path] = findings.map((finding) => `${finding.check}: ${finding.what}`);
  }
  return found;
}

function assertClean(found: Record<string, string[]>, where: string): void {
  const lines = Object.entries(found).flatMap(([path, findings]) => [path, ...findings.map((finding) => `  ${finding}`)]);
  assert.equal(lines.length, 0, `${where}:\n${lines.join('\n')}`);
}

let app: RunningApp;
let browser: Browser;
const baseUrl = () => app.baseUrl;

/** A phone in `locale`, signed in as `account` when given (the form is filled in English, then the language is set). */
async function phoneIn(locale: string, account: { username: string; password: string } | null, options: { serviceWorkers?: 'allow' | 'block' } = {}): Promise<Page> {
  const page = await phonePage(browser, locale === 'zh' ? 'zh-CN' : locale, options);
  await page.goto(`${baseUrl()}/h5/home`);
  if (account) {
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await logInWithForm(page, baseUrl(), account);
  }
  await page.evaluate((lang) => localStorage.setItem('lang', lang), locale);
  return page;
}

describe('the look-and-feel tour at 390×844', { timeout: 40 * 60_000 }, () => {
  before(async () => {
    mkdirSync(OUT, { recursive: true });
    app = await startApp();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
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
        const page = await phoneIn(locale, MERCHANT, { serviceWorkers: 'allow' });
        const kept = chosen(SIGNED_IN, (visit) => KEPT.includes(visit.name));
        await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
        for (const visit of kept) {
          await page.goto(`${baseUrl()}/h5${visit.path}`);
          await settle(page);
        }
        // The offline copy is written half a second after the last change.
        await page.waitForTimeout(1_000);
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
        const page = await phoneIn(locale, MERCHANT);
        // Signed in, then the server cannot be reached: each screen says so in the person's language.
        await page.route('**/api/**', (route) => route.abort('connectionrefused'));
        assertClean(await walk(page, 'failing', locale, chosen(SIGNED_IN, (visit) => READS.has(visit.name))), `failing screens in ${locale}`);
        await page.context().close();
      });
    });
  }
});
