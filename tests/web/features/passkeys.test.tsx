/**
 * The passkeys screen (/setting/security/passkeys) and the passkey sign-in on the login screen,
 * against the fake API, with a browser whose WebAuthn stands in front of a software authenticator
 * (tests/web/support/webauthn.ts): what the person sees of their passkeys, adding one (named, made
 * by the browser, registered with that name), renaming, removing after a confirmation, and what
 * they are told when the browser's dialog or the server refuses.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setClientHandlers } from '../../../src/api/client';
import type { Passkey } from '../../../src/domain/wire';
import LoginScreen from '../../../src/features/auth/LoginScreen';
import { loginRoute } from '../../../src/features/auth/routes';
import PasskeysScreen from '../../../src/features/security/PasskeysScreen';
import { securityRoutes } from '../../../src/features/security/routes';
import { queryClient } from '../../../src/api/query';
import { errorText } from '../../../src/locales/errors';
import { tokenAtom } from '../../../src/storage/session';
import { confirmQueueAtom } from '../../../src/ui/feedback/confirm';
import { showToast, toastsAtom } from '../../../src/ui/feedback/toast';
import { renderScreen } from '../app/render';
import { ok, useTestApi, type Received, type Reply } from '../support/api-server';
import { signInForTest, TEST_USER } from '../support/session';
import { installBrowserPasskeys, removeBrowserPasskeys, type BrowserPasskeys } from '../support/webauthn';

const [passkeysRoute] = securityRoutes;
const en = errorText.bind(null, 'en');
const api = useTestApi();

const PHONE: Passkey = { id: 7, name: 'My phone', createdAt: '2030-01-02T10:00:00.000Z', lastUsedAt: '2030-01-10T08:30:00.000Z', synced: true };
const KEY: Passkey = { id: 9, name: 'Blue key', createdAt: '2030-01-05T10:00:00.000Z', lastUsedAt: null, synced: false };

let stored: Passkey[];
/** A refusal the server gives a call, by its path. */
let refusals: Record<string, Reply>;
let browser: BrowserPasskeys;

const CREATION_OPTIONS = {
  challenge: 'Y2hhbGxlbmdlLW9mLXRoZS1yZWdpc3RyYXRpb24tY2VyZW1vbnk',
  rp: { name: 'Tessera', id: 'localhost' },
  user: { id: 'AAECAwQFBgcICQoLDA0ODw', name: 'ada', displayName: 'Ada' },
  pubKeyCredParams: [{ alg: -8, type: 'public-key' }, { alg: -7, type: 'public-key' }, { alg: -257, type: 'public-key' }],
  timeout: 300000,
  attestation: 'none',
  excludeCredentials: [],
  authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
  extensions: { credProps: true },
  hints: [],
};

function answer(request: Received): Reply {
  const path = request.url.pathname;
  if (refusals[path]) return refusals[path];
  const body = request.body ? (JSON.parse(request.body) as Record<string, unknown>) : {};
  switch (path) {
    case '/api/safe/passkeys':
      return ok(stored);
    case '/api/safe/passkeys/options':
      return ok(CREATION_OPTIONS);
    case '/api/safe/passkeys/register': {
      const added = { id: 20 + stored.length, name: String(body.name), createdAt: '2030-01-15T09:00:00.000Z', lastUsedAt: null, synced: false };
      stored = [...stored, added];
      return ok(added);
    }
    case '/api/safe/passkeys/rename':
      stored = stored.map((key) => (key.id === body.id ? { ...key, name: String(body.name) } : key));
      return ok(stored.find((key) => key.id === body.id));
    case '/api/safe/passkeys/remove':
      stored = stored.filter((key) => key.id !== body.id);
      return ok(null);
    case '/api/user/login/passkey/options':
      return ok({ challenge: 'c2lnbi1pbi1jaGFsbGVuZ2Utb2YtdGhlLWxvZ2luLXNjcmVlbg', rpId: 'localhost', timeout: 300000, userVerification: 'required' });
    case '/api/user/login/passkey':
      return ok({ token: 'tok_passkey', expiresAt: '2030-02-14T09:00:00.000Z' });
    case '/api/user/info':
      return ok(TEST_USER);
    default:
      return ok(null);
  }
}

const sent = (path: string) => api.received.filter((request) => request.url.pathname === `/api${path}`);
const bodyOf = (request: Received) => JSON.parse(request.body) as Record<string, unknown>;
const toasts = () => getDefaultStore().get(toastsAtom).map((shown) => shown.text);

// The API client's refusals show as the app's toasts, as the shell has them.
beforeAll(() => setClientHandlers({ toast: (kind, text) => showToast(kind, text) }));
beforeEach(() => {
  stored = [PHONE, KEY];
  refusals = {};
  api.respond(answer);
  getDefaultStore().set(toastsAtom, []);
  getDefaultStore().set(confirmQueueAtom, []);
  browser = installBrowserPasskeys();
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  removeBrowserPasskeys();
});

async function openPasskeys() {
  signInForTest();
  await renderScreen(PasskeysScreen, '/setting/security/passkeys', passkeysRoute);
  await screen.findByRole('list', { name: 'Your passkeys' });
}

/** The name dialog of that title (both stay in the page, closed or not). */
const dialog = (title: 'Add a passkey' | 'Rename passkey') => within(screen.getByRole('dialog', { name: title }));
const nameField = (title: 'Add a passkey' | 'Rename passkey') => dialog(title).getByLabelText<HTMLInputElement>('Passkey name');
const typeName = (title: 'Add a passkey' | 'Rename passkey', value: string) => fireEvent.change(nameField(title), { target: { value } });
/** The profile (TEST_USER) has no second factor: a new passkey is confirmed with the login password. */
const typePassword = () => fireEvent.change(dialog('Add a passkey').getByLabelText('Login password'), { target: { value: TEST_PASSWORD } });
const TEST_PASSWORD = '583927';

describe('the passkeys screen', () => {
  it('lists each passkey with its name, when it was added and last used, and whether it is synced', async () => {
    await openPasskeys();
    const phone = screen.getByRole('listitem', { name: 'My phone' });
    expect(within(phone).getByText('Synced')).toBeTruthy();
    expect(within(phone).getByText(/^Added /)).toBeTruthy();
    expect(within(phone).getByText(/^Last used /)).toBeTruthy();
    const key = screen.getByRole('listitem', { name: 'Blue key' });
    expect(within(key).queryByText('Synced')).toBeNull();
    expect(within(key).getByText('Not used yet')).toBeTruthy();
  });

  it('adds a passkey: named first, made by the browser for the server’s options, registered under that name', async () => {
    await openPasskeys();
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    typeName('Add a passkey', 'Work laptop');
    typePassword();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(sent('/safe/passkeys/register')).toHaveLength(1));
    // Who is there was confirmed before the browser was asked: the options came for the password.
    expect(bodyOf(sent('/safe/passkeys/options')[0])).toMatchObject({ password: TEST_PASSWORD });
    const registered = bodyOf(sent('/safe/passkeys/register')[0]);
    expect(registered).not.toHaveProperty('password');
    expect(registered.name).toBe('Work laptop');
    const response = registered.response as { id: string; response: { clientDataJSON: string; attestationObject: string } };
    // What the browser's authenticator made for this challenge, as the browser sends it.
    expect(response.id).toBe(browser.authenticator.credentials[0].id);
    expect(JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString())).toMatchObject({ type: 'webauthn.create', challenge: CREATION_OPTIONS.challenge });
    expect(await screen.findByRole('listitem', { name: 'Work laptop' })).toBeTruthy();
    expect(toasts()).toContain('Passkey added. You can now sign in with it.');
  });

  it('says so and registers nothing when the browser’s passkey dialog is cancelled; the name stays for another try', async () => {
    await openPasskeys();
    browser.failWith = 'NotAllowedError';
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    typeName('Add a passkey', 'Work laptop');
    typePassword();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(toasts()).toContain(en('passkey.cancelled')));
    expect(sent('/safe/passkeys/register')).toHaveLength(0);
    expect(nameField('Add a passkey').value).toBe('Work laptop');

    browser.failWith = null;
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(sent('/safe/passkeys/register')).toHaveLength(1));
  });

  it('says which device already holds a passkey of the account', async () => {
    await openPasskeys();
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    typePassword();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(sent('/safe/passkeys/register')).toHaveLength(1));
    // The same authenticator asked again with its own passkey excluded.
    refusals['/api/safe/passkeys/options'] = ok({ ...CREATION_OPTIONS, excludeCredentials: [{ id: browser.authenticator.credentials[0].id, type: 'public-key' }] });
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    typePassword();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(toasts()).toContain(en('passkey.onThisDevice')));
    expect(sent('/safe/passkeys/register')).toHaveLength(1);
  });

  it('with the authenticator app on, a new passkey is confirmed with a code (no password asked), sent for the options', async () => {
    signInForTest({ hasSecondFactor: true, secondFactorMethods: ['totp', 'recovery'] });
    await renderScreen(PasskeysScreen, '/setting/security/passkeys', passkeysRoute);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    expect(dialog('Add a passkey').queryByLabelText('Login password')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    // Nothing is asked of the browser or the server before the code is there.
    expect(await dialog('Add a passkey').findByText(en('secondFactor.required'))).toBeTruthy();
    expect(sent('/safe/passkeys/options')).toHaveLength(0);
    fireEvent.change(dialog('Add a passkey').getByLabelText('Code from your authenticator app'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(sent('/safe/passkeys/register')).toHaveLength(1));
    expect(bodyOf(sent('/safe/passkeys/options')[0])).toMatchObject({ secondFactor: { method: 'totp', code: '123456' } });
    expect(bodyOf(sent('/safe/passkeys/options')[0])).not.toHaveProperty('password');
  });

  it('a wrong login password is said under its field, and no passkey is made', async () => {
    await openPasskeys();
    refusals['/api/safe/passkeys/options'] = { status: 400, body: { type: 'error', code: 0, message: en('password.wrongOld'), data: null, key: 'password.wrongOld', field: 'password' } };
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    typePassword();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await dialog('Add a passkey').findByText(en('password.wrongOld'))).toBeTruthy();
    expect(browser.asked).toEqual([]);
    expect(sent('/safe/passkeys/register')).toHaveLength(0);
  });

  it('checks the name before anything is asked of the browser or the server', async () => {
    await openPasskeys();
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    typeName('Add a passkey', 'x'.repeat(41));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(en('passkey.nameInvalid', { max: 40 }))).toBeTruthy();
    expect(browser.asked).toEqual([]);
    expect(sent('/safe/passkeys/options')).toHaveLength(0);
  });

  it('tells the server’s refusal and keeps the list as it was', async () => {
    await openPasskeys();
    refusals['/api/safe/passkeys/register'] = { status: 400, body: { type: 'error', code: 0, message: en('passkey.challengeGone'), data: null, key: 'passkey.challengeGone' } };
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    typePassword();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(toasts()).toContain(en('passkey.challengeGone')));
    expect(screen.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual(['My phone', 'Blue key']);
  });

  it('renames a passkey', async () => {
    await openPasskeys();
    fireEvent.click(screen.getByRole('button', { name: 'Rename My phone' }));
    expect(nameField('Rename passkey').value).toBe('My phone');
    typeName('Rename passkey', 'Old phone');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent('/safe/passkeys/rename')).toHaveLength(1));
    expect(bodyOf(sent('/safe/passkeys/rename')[0])).toMatchObject({ id: PHONE.id, name: 'Old phone' });
    expect(await screen.findByRole('listitem', { name: 'Old phone' })).toBeTruthy();
  });

  it('removes a passkey only once the removal is confirmed', async () => {
    await openPasskeys();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Blue key' }));
    const [asked] = await waitFor(() => {
      const queue = getDefaultStore().get(confirmQueueAtom);
      expect(queue).toHaveLength(1);
      return queue;
    });
    expect(asked.title).toBe('Remove this passkey?');
    asked.settle(false);
    expect(sent('/safe/passkeys/remove')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Blue key' }));
    await waitFor(() => expect(getDefaultStore().get(confirmQueueAtom)).toHaveLength(1));
    getDefaultStore().get(confirmQueueAtom)[0].settle(true);
    await waitFor(() => expect(sent('/safe/passkeys/remove')).toHaveLength(1));
    expect(bodyOf(sent('/safe/passkeys/remove')[0])).toMatchObject({ id: KEY.id });
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Blue key' })).toBeNull());
  });

  it('offers no adding where the browser has no passkeys, and says why', async () => {
    removeBrowserPasskeys();
    await openPasskeys();
    expect((screen.getByRole('button', { name: 'Add a passkey' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('This browser cannot use passkeys. Open the app in a current browser to add one.')).toBeTruthy();
  });

  it('offers no adding when the account has its most passkeys', async () => {
    stored = Array.from({ length: 10 }, (_, i) => ({ ...KEY, id: 100 + i, name: `Key ${i + 1}` }));
    await openPasskeys();
    expect((screen.getByRole('button', { name: 'Add a passkey' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('You have 10 passkeys, the most an account keeps. Remove one to add another.')).toBeTruthy();
  });

  it('says when there are none yet', async () => {
    stored = [];
    signInForTest();
    await renderScreen(PasskeysScreen, '/setting/security/passkeys', passkeysRoute);
    expect(await screen.findByText('No passkeys yet')).toBeTruthy();
  });
});

describe('signing in with a passkey on the login screen', () => {
  beforeEach(() => getDefaultStore().set(tokenAtom, null));

  it('asks the browser for a passkey for the server’s challenge, and its answer alone opens the session', async () => {
    // A passkey the authenticator made earlier for this account.
    browser.authenticator.create({ ...CREATION_OPTIONS, pubKeyCredParams: [{ alg: -7, type: 'public-key' }] } as never);
    await renderScreen(LoginScreen, '/auth/login', loginRoute);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(getDefaultStore().get(tokenAtom)).toBe('tok_passkey'));
    const [signedIn] = sent('/user/login/passkey');
    const response = bodyOf(signedIn).response as { id: string; response: { clientDataJSON: string } };
    expect(response.id).toBe(browser.authenticator.credentials[0].id);
    expect(JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString())).toMatchObject({ type: 'webauthn.get' });
    // No account and no password were typed or sent.
    expect(Object.keys(bodyOf(signedIn)).sort()).toEqual(['lang', 'response']);
    expect(sent('/user/login')).toHaveLength(0);
    await waitFor(() => expect(toasts()).toContain('Welcome back'));
  });

  it('tells a cancelled passkey dialog and signs nobody in', async () => {
    browser.failWith = 'NotAllowedError';
    await renderScreen(LoginScreen, '/auth/login', loginRoute);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(toasts()).toContain(en('passkey.cancelled')));
    expect(sent('/user/login/passkey')).toHaveLength(0);
    expect(getDefaultStore().get(tokenAtom)).toBeNull();
  });

  it('has no passkey button where the browser has no passkeys', async () => {
    removeBrowserPasskeys();
    await renderScreen(LoginScreen, '/auth/login', loginRoute);
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });
});
