/**
 * Account security in Chromium at 390×844, as a careful person sets it up (issue 37,
 * docs/security.md): a newcomer signs up with a phone number and links an e-mail address to it;
 * adds a passkey (Chromium's virtual authenticator, through the DevTools protocol) and signs in
 * with it alone; sets up the authenticator app (the code computed from the key shown); saves a
 * withdrawal address that cannot be used for 24 hours and, a day later (the server's clock and the
 * phone's moved), withdraws to it with a code; a second phone signs in with the password and a code; a password change on the first ends that phone's
 * session and pauses withdrawals for 24 hours, told by an e-mail read from the SMTP server; the
 * anti-phishing code set in the security centre starts the next e-mail; a third phone's password
 * alone opens no session, and the devices list ends the one its code opened. The screens again in Arabic.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { writeFileSync } from 'node:fs';
import { totpCode } from '../../server/security/totp';
import { bodyText, browserSuite, completeSignUp, depositWithProof, idOfRow, type Mail, type Ops, phonePage, pinSheet, type RunningApp, screenshot, uiText, waitForCode, waitForText, OPERATOR, TRON_ADDRESS } from './harness';

/** The newest mail to `to` with `subject`, once it has arrived. */
async function waitForMail(app: RunningApp, to: string, subject: string): Promise<Mail> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mail = [...app.mails].reverse().find((each) => each.to.toLowerCase() === to.toLowerCase() && each.text.includes(`Subject: ${subject}`));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const NEWCOMER = {
  phone: '+14155552671',
  national: '4155552671',
  email: 'rania.haddad@example.org',
  username: 'raniahaddad',
  password: '739148',
  newPassword: '846219',
  payPassword: '582064',
};

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
  let clockFile: string;
  let ops: Ops;
  let offset = 0;
  // The SMS codes are written to the log at info level; passkeys need a host name (not an IP address).
  browserSuite({ clock: true, env: () => ({ LOG_LEVEL: 'info' }) }, (suite) => {
    ({ app, browser, page, clockFile, ops } = suite);
    origin = app.baseUrl.replace('127.0.0.1', 'localhost');
  });

  it('signs up with a phone number and links an e-mail address to it from the profile', async () => {
    await page.goto(`${origin}/h5/auth/register`);
    await page.getByLabel('Phone number').fill(NEWCOMER.national);
    await completeSignUp(page, () => waitForSms(app, NEWCOMER.phone), NEWCOMER);
    // The new account's number is handed over and filled in once the phone rules have loaded.
    await page.waitForFunction(() => (document.querySelector('input[type="tel"]') as HTMLInputElement | null)?.value.replace(/\D/g, '') === '4155552671', undefined, { timeout: 15_000 });
    // The form's rules load while the person types; on a busy machine they may arrive after the
    // password was typed and start the form again: type it until the sign-in goes through.
    for (let attempt = 1; ; attempt++) {
      await page.getByLabel('Password', { exact: true }).fill(NEWCOMER.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      const signedIn = await page.waitForURL((url) => url.pathname === '/h5/home', { timeout: 10_000 }).then(
        () => true,
        () => false,
      );
      if (signedIn) break;
      if (attempt === 3) throw new Error(`not signed in: ${await bodyText(page)}`);
    }

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
    // A passkey signs in on its own: without a second factor yet, the login password confirms who is there.
    await page.getByRole('dialog', { name: 'Add a passkey' }).getByLabel('Login password').fill(NEWCOMER.password);
    await screenshot(page, 'security-add-passkey');
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

  let totpSecret = '';
  /** The authenticator's code now, on the server's (moved) clock; the clock first moves past the last code used. */
  async function nextCode(): Promise<string> {
    offset += 31;
    writeFileSync(clockFile, String(offset));
    // The server reads the offset twice a second (server/clock.ts): the code is typed once it has.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    return totpCode(totpSecret, new Date(Date.now() + offset * 1000));
  }

  it('sets up the authenticator app: the key shown once, a first code, ten recovery codes kept', async () => {
    await page.goto(`${origin}/h5/setting/security`);
    await page.getByText('Authenticator app', { exact: true }).click();
    await page.getByRole('button', { name: 'Set up the authenticator app' }).click();
    await page.getByLabel('Login password').fill(NEWCOMER.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor({ timeout: 15_000 });
    const key = await page.locator('bdi[dir="ltr"]').filter({ hasText: /^[A-Z2-7 ]{20,}$/ }).first().innerText();
    totpSecret = key.replace(/\s/g, '');
    await screenshot(page, 'security-authenticator-key');
    // Six digits complete the code: it is sent at once.
    await page.getByLabel('6-digit code from the app').fill(await nextCode());
    const codes = page.getByRole('list', { name: 'Recovery codes' });
    await codes.waitFor({ timeout: 15_000 });
    assert.equal(await codes.getByRole('listitem').count(), 10);
    await screenshot(page, 'security-recovery-codes');
    await page.getByText('I have saved these codes somewhere safe').click();
    await page.getByRole('button', { name: 'Done' }).click();
  });

  it('saves a withdrawal address: refused for 24 hours, then a withdrawal to it asks for the authenticator code', async () => {
    // Money to withdraw: 300 USDT deposited with a proof, approved by an operator; a payment password.
    await page.goto(`${origin}/h5/recharge`);
    const order = await depositWithProof(page, '300');
    // The operator's code from the server's clock (moved by the codes used so far).
    const opsCode = totpCode(OPERATOR.totpSecret, new Date(Date.now() + offset * 1000));
    assert.match(await ops('login', '--user', OPERATOR.username, '--password', OPERATOR.password, '--totp', opsCode), /signed in as ops/);
    assert.match(await ops('deposit', 'approve', idOfRow(await ops('deposits'), order)), /status success/);
    await page.goto(`${origin}/h5/setting/pay-password`);
    await page.getByLabel('Login password').fill(NEWCOMER.password);
    await page.getByLabel('New payment password').fill(NEWCOMER.payPassword);
    await page.getByLabel('Confirm payment password').fill(NEWCOMER.payPassword);
    await page.getByRole('button', { name: 'Set payment password' }).click();
    await page.getByText('Payment password set').first().waitFor({ timeout: 15_000 });

    // A new address asks for the payment password and the code, as a withdrawal does.
    await page.goto(`${origin}/h5/withdraw/address-book/add`);
    await page.getByLabel('Name', { exact: true }).fill('My cold wallet');
    await page.getByLabel('Address (TRC20)').fill(TRON_ADDRESS);
    await page.getByRole('button', { name: 'Save address' }).click();
    await pinSheet(page, NEWCOMER.payPassword);
    await page.getByRole('dialog', { name: 'Payment password' }).getByLabel('Code from your authenticator app').fill(await nextCode());
    await page.waitForURL((url) => url.pathname === '/h5/withdraw/address-book', { timeout: 15_000 });
    await waitForText(page, /My cold wallet.*Usable from/, 'the new entry with the time it becomes usable');
    await screenshot(page, 'security-address-book-new');
    await waitForMail(app, NEWCOMER.email, 'Withdrawal address added: My cold wallet');

    // For 24 hours the form shows it, not to be picked.
    await page.goto(`${origin}/h5/withdraw/index11`);
    const entry = page.getByRole('radio', { name: /My cold wallet/ });
    await entry.waitFor({ timeout: 15_000 });
    assert.equal(await entry.isDisabled(), true, 'a new entry cannot be picked');
    await screenshot(page, 'security-withdraw-entry-waiting');

    // A day later (the server's clock and the phone's), it can, and the withdrawal asks for the code.
    offset += 25 * 3600;
    writeFileSync(clockFile, String(offset));
    await page.clock.setSystemTime(Date.now() + offset * 1000);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await page.goto(`${origin}/h5/withdraw/index11`);
    await entry.waitFor({ timeout: 15_000 });
    await waitForText(page, /My cold wallet/, 'the entry');
    assert.equal(await entry.isDisabled(), false, 'the entry can be picked a day later');
    await entry.check();
    await page.getByLabel('Amount (USDT)').fill('50');
    await page.getByTestId('net-amount').getByText(/\d/).waitFor();
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await pinSheet(page, NEWCOMER.payPassword);
    const sheet = page.getByRole('dialog', { name: 'Payment password' });
    const code = sheet.getByLabel('Code from your authenticator app');
    await code.waitFor();
    await screenshot(page, 'security-withdraw-code');
    await code.fill(await nextCode());
    await page.waitForURL((url) => url.pathname === '/h5/withdraw/records', { timeout: 15_000 });
    await waitForText(page, /50\.0{2,}\s?USDT/, 'the withdrawal in the records');
    await waitForMail(app, NEWCOMER.email, 'Withdrawal requested: 50');
  });

  it('a second phone signs in with the password and a code; a password change on the first ends it and pauses withdrawals', async () => {
    const second = await phonePage(browser);
    try {
      await second.goto(`${origin}/h5/auth/login`);
      await second.getByRole('tab', { name: 'E-mail' }).click();
      await second.getByLabel(/E-mail or username/).fill(NEWCOMER.username);
      await second.getByLabel('Password', { exact: true }).fill(NEWCOMER.password);
      await second.getByRole('button', { name: 'Log in' }).click();
      await second.getByLabel('Code from your authenticator app').fill(await nextCode());
      await second.getByRole('button', { name: 'Log in' }).click({ timeout: 3_000 }).catch(() => undefined);
      await second.waitForURL((url) => url.pathname === '/h5/home', { timeout: 15_000 });

      // The first phone changes the password, with a code.
      await page.goto(`${origin}/h5/setting`);
      await page.getByText('Login password', { exact: true }).click();
      await page.getByLabel('Current password').fill(NEWCOMER.password);
      await page.getByLabel('New password', { exact: true }).fill(NEWCOMER.newPassword);
      await page.getByLabel('Confirm new password').fill(NEWCOMER.newPassword);
      await page.getByLabel('Code from your authenticator app').fill(await nextCode());
      await page.getByRole('button', { name: 'Change password' }).click({ timeout: 3_000 }).catch(() => undefined);
      await waitForText(page, /[Pp]assword changed/, 'the change');

      // The second phone's session has ended: its next call goes to the login.
      await second.goto(`${origin}/h5/mine`);
      await second.waitForURL((url) => url.pathname === '/h5/auth/login', { timeout: 15_000 });
    } finally {
      await second.context().close();
    }
    // Withdrawals pause for 24 hours, said before the form.
    await page.goto(`${origin}/h5/withdraw`);
    await waitForText(page, /Withdrawals resume on .*no money leaves it for 24 hours/, 'the withdrawal pause');
    await screenshot(page, 'security-withdrawals-paused');
    // The alert e-mail names the change.
    const alert = await waitForMail(app, NEWCOMER.email, 'Security change on your Tessera account');
    assert.match(alert.text, /Your login password was changed/);
  });

  it('sets an anti-phishing code: the next e-mail starts with it', async () => {
    await page.goto(`${origin}/h5/setting/security`);
    await page.getByRole('button', { name: /^Anti-phishing code/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Anti-phishing code' });
    await dialog.getByLabel('Your code').fill('Olive42');
    await dialog.getByLabel('Login password').fill(NEWCOMER.newPassword);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Anti-phishing code saved. Our e-mails now start with it.').first().waitFor({ timeout: 15_000 });
    await screenshot(page, 'security-centre');
    const mail = await waitForMail(app, NEWCOMER.email, 'Your anti-phishing code was set');
    // The code comes first in the body, above what the mail says.
    const body = mail.text.slice(mail.text.indexOf('Your anti-phishing code: Olive42'));
    assert.ok(body.length < mail.text.length, mail.text);
    assert.ok(body.indexOf('From now on every e-mail from Tessera') > 0, body);
  });

  it('a third phone: the password alone opens no session; with a code it does, and the devices list ends that session', async () => {
    const third = await phonePage(browser);
    try {
      await third.goto(`${origin}/h5/auth/login`);
      await third.getByRole('tab', { name: 'E-mail' }).click();
      await third.getByLabel(/E-mail or username/).fill(NEWCOMER.username);
      await third.getByLabel('Password', { exact: true }).fill(NEWCOMER.newPassword);
      await third.getByRole('button', { name: 'Log in' }).click();
      // The password was right; the account asks for its second factor before any session opens.
      const code = third.getByLabel('Code from your authenticator app');
      await code.waitFor({ timeout: 15_000 });
      assert.equal(new URL(third.url()).pathname, '/h5/auth/login');
      await screenshot(third, 'security-second-step');
      await code.fill(await nextCode());
      await third.getByRole('button', { name: 'Log in' }).click({ timeout: 3_000 }).catch(() => undefined);
      await third.waitForURL((url) => url.pathname === '/h5/home', { timeout: 15_000 });

      // The first phone sees it among the signed-in devices and ends its session.
      await page.goto(`${origin}/h5/setting/security/devices`);
      await waitForText(page, /This device/, 'the devices list');
      const other = page.getByRole('button', { name: /^End the session of / }).first();
      await other.waitFor({ timeout: 15_000 });
      await screenshot(page, 'security-devices');
      await other.click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'End session' }).click();
      await page.getByText('Session ended').first().waitFor({ timeout: 15_000 });
      await waitForText(page, /No other device is signed in/, 'the list without it');

      // The third phone's next call finds its session ended: back to the login.
      await third.goto(`${origin}/h5/mine`);
      await third.waitForURL((url) => url.pathname === '/h5/auth/login', { timeout: 15_000 });
    } finally {
      await third.context().close();
    }
  });

  it('shows the security screens in Arabic, right to left', async () => {
    await page.goto(`${origin}/h5/setting/language`);
    await page.getByRole('radio', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    const screens: [path: string, shows: string, name: string][] = [
      ['/setting/security', 'Anti-phishing code', 'security-centre-ar'],
      ['/setting/security/authenticator', 'The authenticator app is on', 'security-authenticator-ar'],
      ['/setting/security/passkeys', 'Add a passkey', 'security-passkeys-ar'],
      ['/setting/security/devices', 'This device', 'security-devices-ar'],
      ['/withdraw/address-book', 'Only to my address book', 'security-address-book-ar'],
      ['/withdraw/index11', 'Send to', 'security-withdraw-paused-ar'],
    ];
    for (const [path, shows, name] of screens) {
      await page.goto(`${origin}/h5${path}`);
      await page.getByText(uiText('ar', shows)).filter({ visible: true }).first().waitFor({ timeout: 15_000 });
      assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
      await screenshot(page, name);
    }
    // With the authenticator on, a new passkey is confirmed with a code (no password asked).
    await page.goto(`${origin}/h5/setting/security/passkeys`);
    await page.getByRole('button', { name: uiText('ar', 'Add a passkey') }).first().click();
    const adding = page.getByRole('dialog', { name: uiText('ar', 'Add a passkey') });
    await adding.getByLabel(uiText('ar', 'Code from your authenticator app')).waitFor({ timeout: 15_000 });
    assert.equal(await adding.getByLabel(uiText('ar', 'Login password')).count(), 0);
    await screenshot(page, 'security-add-passkey-ar');
    await adding.getByRole('button', { name: uiText('ar', 'Cancel') }).click();
    // A phone in Arabic: the password right, the second step asked for in Arabic.
    const arabic = await phonePage(browser, 'ar');
    try {
      await arabic.goto(`${origin}/h5/auth/login`);
      await arabic.getByRole('tab', { name: uiText('ar', 'E-mail') }).click();
      await arabic.getByLabel(uiText('ar', 'E-mail or username')).fill(NEWCOMER.username);
      await arabic.getByLabel(uiText('ar', 'Password'), { exact: true }).fill(NEWCOMER.newPassword);
      await arabic.getByRole('button', { name: uiText('ar', 'Log in'), exact: true }).click();
      await arabic.getByLabel(uiText('ar', 'Code from your authenticator app')).waitFor({ timeout: 15_000 });
      await screenshot(arabic, 'security-second-step-ar');
    } finally {
      await arabic.context().close();
    }
  });
});
