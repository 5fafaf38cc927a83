/**
 * The second factor in the app (docs/security.md), against the fake API: the login's second step
 * (the code, a recovery code instead, a wrong code, a ticket that ran out by the server's word or
 * by the clock), the authenticator's setup (password, QR code and key, first code, the recovery
 * codes shown once and saved before leaving), turning it off and new recovery codes, the security
 * centre, and the password change asking for the code.
 */
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setClientHandlers } from '../../../src/api/client';
import { queryClient } from '../../../src/api/query';
import type { SecurityOverview } from '../../../src/domain/wire';
import LoginScreen from '../../../src/features/auth/LoginScreen';
import { loginRoute } from '../../../src/features/auth/routes';
import AuthenticatorScreen from '../../../src/features/security/AuthenticatorScreen';
import SecurityScreen from '../../../src/features/security/SecurityScreen';
import { securityRoutes } from '../../../src/features/security/routes';
import { ChangePasswordSheet } from '../../../src/features/settings/ChangePasswordSheet';
import { errorText } from '../../../src/locales/errors';
import { tokenAtom, userInfoAtom } from '../../../src/storage/session';
import { confirmQueueAtom } from '../../../src/ui/feedback/confirm';
import { showToast, toastsAtom } from '../../../src/ui/feedback/toast';
import { renderScreen } from '../app/render';
import { ok, useTestApi, type Received, type Reply } from '../support/api-server';
import { signInForTest, TEST_USER } from '../support/session';
import { installBrowserPasskeys, removeBrowserPasskeys, type BrowserPasskeys } from '../support/webauthn';
import { PayPasswordSheet } from '../../../src/features/shared/PayPasswordSheet';

const [, centreRoute, authenticatorRoute] = securityRoutes;
const en = errorText.bind(null, 'en');
const api = useTestApi();

const CODE = 'Code from your authenticator app';
const TICKET = 'T'.repeat(43);
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const OTPAUTH = `otpauth://totp/Tessera:ada?secret=${SECRET}&issuer=Tessera&algorithm=SHA1&digits=6&period=30`;
const RECOVERY = ['ABCDE-23456', 'FGHJK-34567', 'MNPQR-45678', 'STUVW-56789', 'XYZAB-67892', 'CDEFG-78923', 'HJKMN-89234', 'PQRST-92345', 'UVWXY-23457', 'ZABCD-34568'];
const LATER = '2030-02-14T09:00:00.000Z';
/** A passkey the browser's authenticator holds for the account, made as the passkeys screen makes one. */
const CREATION = {
  challenge: 'Y2hhbGxlbmdlLW9mLXRoZS1yZWdpc3RyYXRpb24tY2VyZW1vbnk',
  rp: { name: 'Tessera', id: 'localhost' },
  user: { id: 'AAECAwQFBgcICQoLDA0ODw', name: 'ada', displayName: 'Ada' },
  pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
  excludeCredentials: [],
  authenticatorSelection: {},
};
const REQUEST = (challenge: string) => ({ challenge, rpId: 'localhost', timeout: 300000, userVerification: 'required', allowCredentials: [] });

/** What the fake server answers, by path; a test replaces one answer at a time. */
let answers: Record<string, (request: Received) => Reply>;
let overview: SecurityOverview;

const refusal = (status: number, key: Parameters<typeof en>[0], params?: Record<string, string | number>, field?: string): Reply => ({
  status,
  body: { type: 'error', code: 0, message: en(key, params), key, field, data: null },
});
const sent = (path: string) => api.received.filter((request) => request.url.pathname === `/api${path}`);
const bodyOf = (request: Received) => JSON.parse(request.body) as Record<string, unknown>;
const toasts = () => getDefaultStore().get(toastsAtom).map((shown) => shown.text);
const ticketIn = (seconds: number) => ({ secondFactor: { ticket: TICKET, expiresAt: new Date(Date.now() + seconds * 1000).toISOString(), methods: ['totp', 'recovery'] } });

beforeAll(() => setClientHandlers({ toast: (kind, text) => showToast(kind, text) }));
beforeEach(() => {
  overview = { secondFactor: { totp: false, recoveryCodesLeft: 0 }, antiPhishingCode: null, withdrawalsPausedUntil: null, changes: [] };
  answers = {
    '/api/user/login': () => ok(ticketIn(300)),
    '/api/user/login/second-factor': () => ok({ token: 'tok_2fa', expiresAt: LATER }),
    '/api/user/info': () => ok({ ...TEST_USER, hasSecondFactor: overview.secondFactor.totp, secondFactorMethods: overview.secondFactor.totp ? ['totp', 'recovery'] : [] }),
    '/api/safe/security': () => ok(overview),
    '/api/safe/totp/begin': () => ok({ secret: SECRET, otpauthUrl: OTPAUTH }),
    '/api/safe/totp/confirm': () => {
      overview = { ...overview, secondFactor: { totp: true, recoveryCodesLeft: 10 }, changes: [{ kind: 'totpOn', at: new Date().toISOString() }, ...overview.changes] };
      return ok({ recoveryCodes: RECOVERY });
    },
    '/api/safe/totp/off': () => {
      overview = { ...overview, secondFactor: { totp: false, recoveryCodesLeft: 0 } };
      return ok(null);
    },
    '/api/safe/recovery-codes': () => ok({ recoveryCodes: [...RECOVERY].reverse() }),
    '/api/safe/update_password': () => ok(null),
  };
  api.respond((request) => answers[request.url.pathname]?.(request) ?? ok(null));
  queryClient.clear();
  getDefaultStore().set(toastsAtom, []);
  getDefaultStore().set(confirmQueueAtom, []);
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
});
afterEach(cleanup);

async function type(label: string, value: string, options?: { selector: string }) {
  await act(async () => {
    fireEvent.change(screen.getByLabelText(label, options), { target: { value } });
  });
}

async function press(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

describe('the login’s second step', () => {
  beforeEach(() => {
    getDefaultStore().set(tokenAtom, null);
    getDefaultStore().set(userInfoAtom, null);
  });

  /** The password step, done: the server answers a ticket. */
  async function passwordDone(url = '/auth/login') {
    const view = await renderScreen(LoginScreen, url, loginRoute);
    fireEvent.click(screen.getByRole('tab', { name: 'E-mail' }));
    await type('E-mail or username', 'ada');
    await type('Password', '583927', { selector: 'input' });
    await press('Log in');
    await screen.findByRole('heading', { name: 'Enter your code' });
    // The step's code loads when the ticket arrives.
    await screen.findByLabelText(CODE);
    return view;
  }

  it('asks for the app’s code once the password is right, and the sixth digit signs in and continues where the person was going', async () => {
    const { router } = await passwordDone(`/auth/login?redirect=${encodeURIComponent('/coin')}`);
    // No session yet: the ticket is not one.
    expect(getDefaultStore().get(tokenAtom)).toBeNull();
    const code = (await screen.findByLabelText(CODE)) as HTMLInputElement;
    expect(code.autocomplete).toBe('one-time-code');
    expect(code.inputMode).toBe('numeric');
    expect(screen.queryByLabelText('Password', { selector: 'input' })).toBeNull();
    expect(screen.getByRole('timer').textContent).toMatch(/^Time left: (5:00|4:5\d)$/);

    await type(CODE, '48291');
    expect(sent('/user/login/second-factor')).toHaveLength(0);
    await type(CODE, '482913');
    await waitFor(() => expect(getDefaultStore().get(tokenAtom)).toBe('tok_2fa'));
    expect(bodyOf(sent('/user/login/second-factor')[0])).toEqual({ ticket: TICKET, secondFactor: { method: 'totp', code: '482913' }, lang: 'en' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/coin'));
    expect(toasts()).toContain('Welcome back');
  });

  it('takes a recovery code instead', async () => {
    await passwordDone();
    await press('Use a recovery code instead');
    const field = (await screen.findByLabelText('Recovery code')) as HTMLInputElement;
    expect(field.dir).toBe('ltr');
    expect(screen.queryByLabelText(CODE)).toBeNull();
    // Its tenth character sends it, as the sixth digit of the app's code does.
    await type('Recovery code', 'fghjk 3456');
    expect(sent('/user/login/second-factor')).toHaveLength(0);
    await type('Recovery code', 'fghjk 34567');
    await waitFor(() => expect(getDefaultStore().get(tokenAtom)).toBe('tok_2fa'));
    expect(bodyOf(sent('/user/login/second-factor')[0]).secondFactor).toEqual({ method: 'recovery', code: 'FGHJK34567' });
  });

  it('says what is wrong with a code before sending it, and a refused code under the field, clearing it', async () => {
    await passwordDone();
    await press('Use a recovery code instead');
    await type('Recovery code', 'ABC');
    await press('Log in');
    expect(screen.getByText(en('secondFactor.format'))).toBeTruthy();
    expect(sent('/user/login/second-factor')).toHaveLength(0);

    answers['/api/user/login/second-factor'] = () => refusal(400, 'secondFactor.wrong', undefined, 'secondFactor');
    await press('Use the authenticator app instead');
    await type(CODE, '111111');
    await waitFor(() => expect(within(screen.getByRole('alert')).getByText(en('secondFactor.wrong'))).toBeTruthy());
    expect((screen.getByLabelText(CODE) as HTMLInputElement).value).toBe('');
    expect(getDefaultStore().get(tokenAtom)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Enter your code' })).toBeTruthy();
  });

  it('goes back to the password, saying why, when the server says the ticket is gone', async () => {
    answers['/api/user/login/second-factor'] = () => refusal(401, 'loginTicket.gone');
    const { router } = await passwordDone(`/auth/login?redirect=${encodeURIComponent('/coin')}`);
    await type(CODE, '482913');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(en('loginTicket.gone'));
    // The password is typed again; the account and where the person was going are kept.
    expect((screen.getByLabelText('Password', { selector: 'input' }) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('E-mail or username') as HTMLInputElement).value).toBe('ada');
    expect(router.state.location.search).toEqual({ redirect: '/coin' });
  });

  it('counts the ticket’s time down and goes back to the password when it runs out', async () => {
    answers['/api/user/login'] = () => ok(ticketIn(2));
    await passwordDone();
    expect(screen.getByRole('timer').textContent).toMatch(/^Time left: 0:0[12]$/);
    expect(await screen.findByRole('heading', { name: 'Log in' }, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('This sign-in has timed out. Please enter your password again.');
    expect(sent('/user/login/second-factor')).toHaveLength(0);
  });

  it('counts five minutes when the device’s clock is far from the server’s', async () => {
    answers['/api/user/login'] = () => ok({ secondFactor: { ticket: TICKET, expiresAt: new Date(Date.now() - 3_600_000).toISOString(), methods: ['totp', 'recovery'] } });
    await passwordDone();
    expect(screen.getByRole('timer').textContent).toMatch(/^Time left: (5:00|4:5\d)$/);
  });

  it('goes back to the password when asked', async () => {
    await passwordDone();
    await press('Back to the password');
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('setting up the authenticator app', () => {
  beforeEach(() => {
    signInForTest();
  });

  async function openAuthenticator() {
    const view = await renderScreen(AuthenticatorScreen, '/setting/security/authenticator', authenticatorRoute);
    await screen.findByRole('button', { name: 'Set up the authenticator app' });
    return view;
  }

  /** Through the password step to the QR code. */
  async function toQrCode() {
    await press('Set up the authenticator app');
    await type('Login password', '583927', { selector: 'input' });
    await press('Continue');
    await screen.findByRole('img', { name: 'QR code for your authenticator app' });
  }

  it('takes the password, shows the QR code and the key in groups of four, and turns on with the first code', async () => {
    await openAuthenticator();
    expect(screen.getByText(/pauses withdrawals for 24 hours/)).toBeTruthy();
    await toQrCode();
    expect(bodyOf(sent('/safe/totp/begin')[0])).toEqual({ password: '583927', lang: 'en' });
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' }).getAttribute('data-qr')).toBe(OTPAUTH);
    const key = screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(key.closest('bdi')?.getAttribute('dir')).toBe('ltr');
    expect(screen.getByRole('link', { name: 'Open in an authenticator app on this phone' }).getAttribute('href')).toBe(OTPAUTH);
    const copy = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: copy }, configurable: true });
    await press('Copy the key');
    expect(copy).toHaveBeenCalledWith(SECRET);

    await type('6-digit code from the app', '482913');
    await screen.findByRole('list', { name: 'Recovery codes' });
    expect(bodyOf(sent('/safe/totp/confirm')[0])).toEqual({ code: '482913', lang: 'en' });
    // The profile says it at once: payments ask for the code from now on.
    expect(getDefaultStore().get(userInfoAtom)).toMatchObject({ hasSecondFactor: true, secondFactorMethods: ['totp', 'recovery'] });
  });

  it('shows the ten recovery codes once, to copy or download, and leaves only once they are saved', async () => {
    await openAuthenticator();
    await toQrCode();
    await type('6-digit code from the app', '482913');
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(RECOVERY);
    for (const code of within(list).getAllByText(/-/)) expect(code.closest('bdi')?.getAttribute('dir')).toBe('ltr');

    const copy = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: copy }, configurable: true });
    await press('Copy the recovery codes');
    expect(copy).toHaveBeenCalledWith(RECOVERY.join('\n'));

    const files: Blob[] = [];
    const urls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = (blob: Blob) => (files.push(blob), 'blob:codes');
    URL.revokeObjectURL = () => undefined;
    try {
      await press('Download as text');
    } finally {
      URL.createObjectURL = urls.create;
      URL.revokeObjectURL = urls.revoke;
    }
    const text = await files[0].text();
    for (const code of RECOVERY) expect(text).toContain(code);
    expect(text).toContain('Account: ada');

    const done = screen.getByRole('button', { name: 'Done' }) as HTMLButtonElement;
    expect(done.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('I have saved these codes somewhere safe'));
    expect(done.disabled).toBe(false);
    await press('Done');
    expect(await screen.findByText('The authenticator app is on')).toBeTruthy();
    expect(screen.getByText('10 recovery codes left')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
  });

  it('asks before leaving while the recovery codes are not saved', async () => {
    const { router } = await openAuthenticator();
    await toQrCode();
    await type('6-digit code from the app', '482913');
    await screen.findByRole('list', { name: 'Recovery codes' });
    // A blocked navigation's promise never settles: it is not awaited.
    void router.navigate({ to: '/setting' });
    await waitFor(() => expect(getDefaultStore().get(confirmQueueAtom)).toHaveLength(1));
    const [dialog] = getDefaultStore().get(confirmQueueAtom);
    expect(dialog.title).toBe('Leave without your recovery codes?');
    await act(async () => {
      dialog.settle(false);
    });
    expect(router.state.location.pathname).toBe('/setting/security/authenticator');
    expect(screen.getByRole('list', { name: 'Recovery codes' })).toBeTruthy();
    // Once saved, nothing is asked.
    fireEvent.click(screen.getByLabelText('I have saved these codes somewhere safe'));
    await act(async () => {
      await router.navigate({ to: '/setting' });
    });
    expect(router.state.location.pathname).toBe('/setting');
    expect(getDefaultStore().get(confirmQueueAtom)).toHaveLength(0);
  });

  it('says a wrong password under its field, and a wrong first code under the code, clearing it', async () => {
    answers['/api/safe/totp/begin'] = () => refusal(400, 'password.wrongOld', undefined, 'password');
    await openAuthenticator();
    await press('Set up the authenticator app');
    await type('Login password', '111111', { selector: 'input' });
    await press('Continue');
    expect(await screen.findByText(en('password.wrongOld'), { selector: 'p[role="alert"]' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'QR code for your authenticator app' })).toBeNull();

    answers['/api/safe/totp/begin'] = () => ok({ secret: SECRET, otpauthUrl: OTPAUTH });
    answers['/api/safe/totp/confirm'] = () => refusal(400, 'secondFactor.wrong', undefined, 'secondFactor');
    await press('Continue');
    await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    await type('6-digit code from the app', '111111');
    expect(await screen.findByText(en('secondFactor.wrong'), { selector: 'p[role="alert"]' })).toBeTruthy();
    expect((screen.getByLabelText('6-digit code from the app') as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
  });

  it('turns off with a code, and the profile says so', async () => {
    overview = { ...overview, secondFactor: { totp: true, recoveryCodesLeft: 2 } };
    signInForTest({ hasSecondFactor: true, secondFactorMethods: ['totp', 'recovery'] });
    await renderScreen(AuthenticatorScreen, '/setting/security/authenticator', authenticatorRoute);
    expect(await screen.findByText('2 recovery codes left')).toBeTruthy();
    expect(screen.getByText(/Get new recovery codes before they run out/)).toBeTruthy();
    // The page's button (the closed sheet holds one of the same name).
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: 'Turn off' })[0]);
    });
    const sheet = within(screen.getByRole('dialog', { name: 'Turn off the authenticator app?' }));
    await act(async () => {
      fireEvent.click(sheet.getByRole('button', { name: 'Turn off' }));
    });
    expect(sheet.getByText(en('secondFactor.required'))).toBeTruthy();
    expect(sent('/safe/totp/off')).toHaveLength(0);
    await act(async () => {
      fireEvent.change(sheet.getByLabelText(CODE), { target: { value: '482913' } });
    });
    await act(async () => {
      fireEvent.click(sheet.getByRole('button', { name: 'Turn off' }));
    });
    await waitFor(() => expect(getDefaultStore().get(userInfoAtom)).toMatchObject({ hasSecondFactor: false, secondFactorMethods: [] }));
    expect(bodyOf(sent('/safe/totp/off')[0])).toEqual({ secondFactor: { method: 'totp', code: '482913' }, lang: 'en' });
    expect(await screen.findByRole('button', { name: 'Set up the authenticator app' })).toBeTruthy();
  });

  it('gives new recovery codes for a recovery code, shown once', async () => {
    overview = { ...overview, secondFactor: { totp: true, recoveryCodesLeft: 9 } };
    signInForTest({ hasSecondFactor: true, secondFactorMethods: ['totp', 'recovery'] });
    await renderScreen(AuthenticatorScreen, '/setting/security/authenticator', authenticatorRoute);
    await screen.findByText('9 recovery codes left');
    await press('New recovery codes');
    const sheet = within(screen.getByRole('dialog', { name: 'New recovery codes' }));
    await act(async () => {
      fireEvent.click(sheet.getByRole('button', { name: 'Use a recovery code instead' }));
    });
    await act(async () => {
      fireEvent.change(sheet.getByLabelText('Recovery code'), { target: { value: 'abcde-23456' } });
    });
    await act(async () => {
      fireEvent.click(sheet.getByRole('button', { name: 'Get new codes' }));
    });
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([...RECOVERY].reverse());
    expect(bodyOf(sent('/safe/recovery-codes')[0]).secondFactor).toEqual({ method: 'recovery', code: 'ABCDE23456' });
    expect(screen.getByRole('heading', { name: 'Your new recovery codes' })).toBeTruthy();
  });
});

describe('the security centre', () => {
  beforeEach(() => {
    signInForTest({ phone: null, email: 'ada@example.com' });
  });

  it('shows the authenticator with its recovery codes, the pause with the time it ends, and the last changes in words', async () => {
    const until = new Date(Date.now() + 23 * 3_600_000).toISOString();
    const changed = new Date(Date.now() - 3_600_000).toISOString();
    overview = {
      secondFactor: { totp: true, recoveryCodesLeft: 8 },
      antiPhishingCode: null,
      withdrawalsPausedUntil: until,
      changes: [
        { kind: 'password', at: changed },
        { kind: 'totpOn', at: '2030-01-10T08:00:00.000Z' },
      ],
    };
    const { router } = await renderScreen(SecurityScreen, '/setting/security', centreRoute);
    const time = (iso: string) => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(Date.parse(iso));
    expect((await screen.findByText(/Withdrawals resume on/)).textContent).toBe(`Withdrawals resume on ${time(until)}`);
    const authenticator = screen.getByRole('button', { name: /Authenticator app/ });
    expect(authenticator.textContent).toContain('On');
    expect(authenticator.textContent).toContain('8 recovery codes left');

    const changes = within(screen.getByRole('region', { name: 'Recent security changes' }));
    const items = changes.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual([`Login password changed${time(changed)}`, `Authenticator app turned on${time('2030-01-10T08:00:00.000Z')}`]);

    // Each row leads to its screen.
    expect(screen.getByRole('button', { name: /Phone number/ }).textContent).toContain('Not linked');
    fireEvent.click(screen.getByRole('button', { name: /Phone number/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/setting/security/contact'));
    expect(router.state.location.search).toEqual({ which: 'phone' });
  });

  it('with no authenticator, says what it would add; no pause, no changes yet', async () => {
    const { router } = await renderScreen(SecurityScreen, '/setting/security', centreRoute);
    expect((await screen.findByRole('button', { name: /Authenticator app/ })).textContent).toContain('Off');
    expect(screen.getByText(/your password alone no longer opens your account/)).toBeTruthy();
    expect(screen.queryByText(/Withdrawals resume on/)).toBeNull();
    expect(screen.getByText('No security changes yet.')).toBeTruthy();
    for (const [row, path] of [
      ['Authenticator app', '/setting/security/authenticator'],
      ['Passkeys', '/setting/security/passkeys'],
      ['Devices and sign-ins', '/setting/security/devices'],
    ] as const) {
      fireEvent.click(screen.getByRole('button', { name: new RegExp(row) }));
      await waitFor(() => expect(router.state.location.pathname).toBe(path));
      await act(async () => {
        await router.navigate({ to: '/setting/security' });
      });
    }
  });
});

describe('changing the login password with a second factor', () => {
  afterAll(() => queryClient.clear());

  async function fillPasswords() {
    await type('Current password', '583927', { selector: 'input' });
    await type('New password', '719264', { selector: 'input' });
    await type('Confirm new password', '719264', { selector: 'input' });
  }

  it('asks for the code up front when the account has one, and sends it with the passwords', async () => {
    signInForTest({ hasSecondFactor: true, secondFactorMethods: ['totp', 'recovery'] });
    await renderScreen(() => <ChangePasswordSheet opened onClose={() => undefined} />);
    await fillPasswords();
    await type(CODE, '482913');
    await press('Change password');
    await waitFor(() => expect(sent('/safe/update_password')).toHaveLength(1));
    expect(bodyOf(sent('/safe/update_password')[0])).toMatchObject({ oldPassword: '583927', password: '719264', secondFactor: { method: 'totp', code: '482913' } });
  });

  it('shows the code field when the server asks for it, then sends the code', async () => {
    signInForTest({ hasSecondFactor: false });
    let asked = false;
    answers['/api/safe/update_password'] = () => {
      if (asked) return ok(null);
      asked = true;
      return refusal(403, 'secondFactor.required', undefined, 'secondFactor');
    };
    await renderScreen(() => <ChangePasswordSheet opened onClose={() => undefined} />);
    expect(screen.queryByLabelText(CODE)).toBeNull();
    await fillPasswords();
    await press('Change password');
    await screen.findByLabelText(CODE);
    expect(bodyOf(sent('/safe/update_password')[0])).not.toHaveProperty('secondFactor');
    await type(CODE, '482913');
    await press('Change password');
    await waitFor(() => expect(sent('/safe/update_password')).toHaveLength(2));
    expect(bodyOf(sent('/safe/update_password')[1]).secondFactor).toEqual({ method: 'totp', code: '482913' });
  });
});

describe('a passkey as the second factor', () => {
  let browser: BrowserPasskeys;
  beforeEach(() => {
    browser = installBrowserPasskeys();
    browser.authenticator.create(CREATION as never);
    answers['/api/user/login/second-factor/passkey-options'] = () => ok(REQUEST('c2lnbi1pbi1zZWNvbmQtc3RlcC1jaGFsbGVuZ2UtMDAwMDAwMA'));
    answers['/api/safe/second-factor/passkey-options'] = () => ok(REQUEST('c3RlcC11cC1jaGFsbGVuZ2UtZm9yLWEtd2l0aGRyYXdhbC0wMDA'));
  });
  afterEach(() => removeBrowserPasskeys());

  it('signs in with the passkey when the ticket names only it, answering a challenge for that ticket', async () => {
    getDefaultStore().set(tokenAtom, null);
    answers['/api/user/login'] = () => ok({ secondFactor: { ticket: TICKET, expiresAt: new Date(Date.now() + 300_000).toISOString(), methods: ['passkey'] } });
    await renderScreen(LoginScreen, '/auth/login', loginRoute);
    fireEvent.click(screen.getByRole('tab', { name: 'E-mail' }));
    await type('E-mail or username', 'ada');
    await type('Password', '583927', { selector: 'input' });
    await press('Log in');
    expect(await screen.findByRole('heading', { name: 'Confirm it is you' })).toBeTruthy();
    // No code field and no way to a code: the account has none.
    await screen.findByRole('button', { name: 'Confirm with a passkey' });
    expect(screen.queryByLabelText(CODE)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Use a recovery code instead' })).toBeNull();
    await press('Confirm with a passkey');
    await waitFor(() => expect(getDefaultStore().get(tokenAtom)).toBe('tok_2fa'));
    expect(bodyOf(sent('/user/login/second-factor/passkey-options')[0])).toMatchObject({ ticket: TICKET });
    const finished = bodyOf(sent('/user/login/second-factor')[0]) as { ticket: string; secondFactor: { method: string; response: { id: string; response: { clientDataJSON: string } } } };
    expect(finished.ticket).toBe(TICKET);
    expect(finished.secondFactor.method).toBe('passkey');
    expect(finished.secondFactor.response.id).toBe(browser.authenticator.credentials[0].id);
    const clientData = JSON.parse(Buffer.from(finished.secondFactor.response.response.clientDataJSON, 'base64url').toString()) as { type: string; challenge: string };
    expect(clientData).toMatchObject({ type: 'webauthn.get', challenge: 'c2lnbi1pbi1zZWNvbmQtc3RlcC1jaGFsbGVuZ2UtMDAwMDAwMA' });
  });

  it('offers the passkey beside the app’s code, and says a cancelled dialog without sending anything', async () => {
    getDefaultStore().set(tokenAtom, null);
    answers['/api/user/login'] = () => ok({ secondFactor: { ticket: TICKET, expiresAt: new Date(Date.now() + 300_000).toISOString(), methods: ['totp', 'recovery', 'passkey'] } });
    await renderScreen(LoginScreen, '/auth/login', loginRoute);
    fireEvent.click(screen.getByRole('tab', { name: 'E-mail' }));
    await type('E-mail or username', 'ada');
    await type('Password', '583927', { selector: 'input' });
    await press('Log in');
    await screen.findByLabelText(CODE);
    browser.failWith = 'NotAllowedError';
    await press('Use a passkey instead');
    await press('Confirm with a passkey');
    expect(await screen.findByText(en('passkey.cancelled'))).toBeTruthy();
    expect(sent('/user/login/second-factor')).toHaveLength(0);
    expect(getDefaultStore().get(tokenAtom)).toBeNull();
  });

  it('confirms a payment with a step-up passkey and the payment password, whichever comes last', async () => {
    signInForTest({ hasSecondFactor: true, secondFactorMethods: ['passkey'] });
    const onSubmit = vi.fn(async () => {});
    await renderScreen(() => <PayPasswordSheet opened hasPayPassword secondFactor={['passkey']} summary="Withdraw" onSubmit={onSubmit} onClose={() => {}} />);
    await press('Confirm with a passkey');
    expect(await screen.findByText('Confirmed with a passkey')).toBeTruthy();
    expect(sent('/safe/second-factor/passkey-options')).toHaveLength(1);
    expect(onSubmit).not.toHaveBeenCalled();
    await type('Enter your 6-digit payment password', '260418');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith('260418', { method: 'passkey', response: expect.objectContaining({ id: browser.authenticator.credentials[0].id }) });
  });
});
