/**
 * A newcomer's first visit, in a real browser at phone size: the visitor home, the guard, sign-up
 * by e-mail with the code read from the mailbox, log-in returning to the guarded page, zero
 * balances, the tab bar, a payment password, Arabic right to left, and log-out.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { browserSuite, type RunningApp, screenshot, uiText, waitForCode } from './harness';

const EMAIL = 'mira.haddad@example.org';
const USERNAME = 'mira2026';
const PASSWORD = '402913';
const PAY_PASSWORD = '581730';

function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname + url.search === path, { timeout: 15_000 });
}

/** Both balances at zero, as the one money formatter writes them: the cents, no trailing zeros past them. */
function zeroBalancesShown(): boolean {
  const text = document.body.innerText;
  return (text.match(/(^|\D)0\.00(?!\d)/g) ?? []).length >= 2 && !/(^|\D)0\.000/.test(text);
}

describe('foundation in Chromium at 390×844', () => {
  let app: RunningApp;
  let page: Page;
  browserSuite({}, (suite) => ({ app, page } = suite));

  it('sends a visitor from / to the home screen with the tab bar', async () => {
    await page.goto(`${app.baseUrl}/`);
    await waitForPath(page, '/h5/home');
    const tabs = page.getByRole('navigation', { name: 'Main' });
    await tabs.waitFor();
    assert.equal(await tabs.getByRole('link', { name: 'Home', exact: true }).getAttribute('aria-current'), 'page');
    await screenshot(page, 'home-visitor');
  });

  it('asks a visitor to log in before a guarded tab; cancel stays on home', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Me', exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    assert.match(await dialog.innerText(), /Log in required/);
    await screenshot(page, 'guard-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(pathOf(page), '/h5/home');
  });

  it('registers by e-mail with the code from the mailbox', async () => {
    await page.getByRole('link', { name: 'Create account' }).first().click();
    await waitForPath(page, '/h5/auth/register');
    await page.getByRole('tab', { name: 'E-mail' }).click();
    await page.getByLabel('E-mail', { exact: true }).fill(EMAIL);
    await page.getByRole('button', { name: 'Send code' }).click();
    const code = await waitForCode(app.mails, EMAIL);
    await page.getByLabel('Verification code').fill(code);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByLabel('Username').fill(USERNAME);
    await page.locator('input[type="checkbox"]').locator('..').click();
    assert.equal(await page.locator('input[type="checkbox"]').isChecked(), true);
    await screenshot(page, 'register-filled');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/h5/auth/login', { timeout: 15_000 });
    await screenshot(page, 'login-after-register');
  });

  it('takes a link from outside straight to the login page, and back to the linked screen after logging in', async () => {
    // A members' screen opened from a message has nothing behind a question: no dialog over a grey page.
    await page.goto(`${app.baseUrl}/h5/mine`);
    await waitForPath(page, `/h5/auth/login?redirect=${encodeURIComponent('/mine')}`);
    assert.equal(await page.getByRole('alertdialog').count(), 0);
    await page.getByRole('tab', { name: /E-mail/ }).click();
    await page.getByLabel(/E-mail or username/).fill(USERNAME);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await screenshot(page, 'login-filled');
    await page.getByRole('button', { name: 'Log in' }).click();
    await waitForPath(page, '/h5/mine');
  });

  it('shows zero USDT and EUR balances to a new user', async () => {
    await page.getByText(USERNAME).filter({ visible: true }).first().waitFor();
    await page.waitForFunction(zeroBalancesShown);
    const text = await page.locator('body').innerText();
    assert.match(text, /USDT/);
    assert.match(text, /EUR/);
    await screenshot(page, 'mine-zero-balances');
  });

  it('moves between the four tabs, highlighting the current one', async () => {
    const tabs = page.getByRole('navigation', { name: 'Main' });
    for (const [name, path] of [['Trade', '/h5/market'], ['Orders', '/h5/order'], ['Home', '/h5/home'], ['Me', '/h5/mine']] as const) {
      await tabs.getByRole('link', { name, exact: true }).click();
      await waitForPath(page, path);
      assert.equal(await tabs.getByRole('link', { name, exact: true }).getAttribute('aria-current'), 'page');
      if (path === '/h5/home') {
        await page.waitForFunction(zeroBalancesShown);
        await screenshot(page, 'home-logged-in');
      }
    }
    await page.goto(`${app.baseUrl}/h5/setting`);
    assert.equal(await page.getByRole('navigation', { name: 'Main' }).count(), 0, 'no tab bar off the four tab paths');
  });

  it('says a page does not exist, also below a tab (not a blank screen)', async () => {
    for (const path of ['/h5/no/such/page', '/h5/mine/settings', '/h5/home/extra']) {
      await page.goto(`${app.baseUrl}${path}`);
      await page.getByText('This page does not exist').waitFor();
    }
    await screenshot(page, 'not-found-below-tab');
  });

  it('sets a payment password', async () => {
    await page.goto(`${app.baseUrl}/h5/setting/pay-password`);
    await page.getByLabel('Login password').fill(PASSWORD);
    await page.getByLabel('New payment password').fill(PAY_PASSWORD);
    await page.getByLabel('Confirm payment password').fill(PAY_PASSWORD);
    await screenshot(page, 'pay-password-filled');
    await page.getByRole('button', { name: 'Set payment password' }).click();
    await page.getByText('Payment password set').waitFor();
    await screenshot(page, 'pay-password-set');
    await page.goto(`${app.baseUrl}/h5/setting/pay-password`);
    await page.getByLabel('Current payment password').waitFor();
  });

  it('switches to Arabic and mirrors the layout', async () => {
    await page.goto(`${app.baseUrl}/h5/setting/language`);
    await page.getByRole('radio', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'ar');
    await screenshot(page, 'language-ar');
    await page.goto(`${app.baseUrl}/h5/mine`);
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.waitForFunction(zeroBalancesShown);
    await screenshot(page, 'mine-ar');
    await page.goto(`${app.baseUrl}/h5/home`);
    await page.waitForFunction(zeroBalancesShown);
    await screenshot(page, 'home-ar');
  });

  it('logs out after confirmation, and the guard sends a link to Me to the login again', async () => {
    await page.goto(`${app.baseUrl}/h5/mine`);
    const logOut = uiText('ar', 'Log out');
    await page.getByRole('button', { name: logOut, exact: true }).first().click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await screenshot(page, 'logout-confirm-ar');
    await dialog.getByRole('button', { name: logOut }).click();
    await page.waitForURL((url) => url.pathname === '/h5/auth/login', { timeout: 15_000 });
    await screenshot(page, 'logged-out-ar');
    await page.goto(`${app.baseUrl}/h5/mine`);
    await waitForPath(page, `/h5/auth/login?redirect=${encodeURIComponent('/mine')}`);
  });
});
