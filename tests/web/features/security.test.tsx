import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../src/api/query';
import type { AccountSession, SignIn } from '../../../src/domain/devices';
import ContactScreen from '../../../src/features/security/ContactScreen';
import DevicesScreen from '../../../src/features/security/DevicesScreen';
import { contactRoutes } from '../../../src/features/security/contact-routes';
import { errorText } from '../../../src/locales/errors';
import { userInfoAtom } from '../../../src/storage/session';
import { resendAtAtom } from '../../../src/ui/countdown';
import { confirmQueueAtom } from '../../../src/ui/feedback/confirm';
import { areaCountryAtom } from '../../../src/ui/form/area-code/areaCountry';
import { renderScreen } from '../app/render';
import { ok, useTestApi, type Received } from '../support/api-server';
import { signInForTest } from '../support/session';

const api = useTestApi({ quietToasts: true });
const [contactRoute, devicesRoute] = contactRoutes;

const THIS: AccountSession = {
  id: 12,
  createdAt: '2030-01-15T09:00:00.000Z',
  expiresAt: '2030-02-14T09:00:00.000Z',
  ip: '203.0.113.9',
  device: { kind: 'computer', os: 'Windows', browser: 'Chrome 126' },
  current: true,
};
const PHONE: AccountSession = { ...THIS, id: 7, ip: '198.51.100.7', device: { kind: 'phone', os: 'iOS 17', browser: 'Safari 17' }, current: false };
const SIGN_INS: SignIn[] = [
  { id: 3, at: '2030-01-15T09:00:00.000Z', outcome: 'ok', ip: '203.0.113.9', device: THIS.device, newDevice: true },
  { id: 2, at: '2030-01-15T08:59:00.000Z', outcome: 'password', ip: null, device: { kind: 'unknown', os: null, browser: null }, newDevice: false },
];

let sessions: AccountSession[];
let signIns: SignIn[];
let failSessions: boolean;

const sentTo = (path: string) => api.received.filter((request) => request.url.pathname === `/api${path}`);
const bodyOf = (request: Received) => JSON.parse(request.body) as Record<string, unknown>;

beforeEach(() => {
  queryClient.clear();
  getDefaultStore().set(confirmQueueAtom, []);
  getDefaultStore().set(resendAtAtom, {});
  sessions = [THIS, PHONE];
  signIns = SIGN_INS;
  failSessions = false;
  api.respond((request) => {
    switch (request.url.pathname) {
      case '/api/safe/sessions':
        return failSessions ? { status: 500, body: { type: 'error', code: 0, message: 'The server is unwell', data: null, key: 'server.error' } } : ok({ list: sessions, total: sessions.length });
      case '/api/safe/sign_ins':
        return ok({ list: signIns, total: signIns.length, page: 1, pageSize: 10 });
      case '/api/safe/sessions/end':
        sessions = sessions.filter((session) => session.id !== bodyOf(request).id);
        return ok({ ended: 1 });
      case '/api/safe/sessions/end_others':
        sessions = sessions.filter((session) => session.current);
        return ok({ ended: 1 });
      case '/api/sms_mail':
      case '/api/sms_send':
        return ok({ retryAfter: 60 });
      default:
        return ok(null);
    }
  });
  signInForTest();
});
afterEach(cleanup);

/** The confirmation dialog asked for, answered as the person would. */
async function answer(confirmed: boolean): Promise<string> {
  await waitFor(() => expect(getDefaultStore().get(confirmQueueAtom)).toHaveLength(1));
  const [dialog] = getDefaultStore().get(confirmQueueAtom);
  dialog.settle(confirmed);
  return String(dialog.title);
}

describe('devices and sign-ins', () => {
  it('lists the sessions with their device and address, this one marked, and the sign-ins with how they ended', async () => {
    await renderScreen(DevicesScreen, '/setting/security/devices', devicesRoute);
    const computer = await screen.findByRole('article', { name: 'Chrome 126 on Windows' });
    expect(within(computer).getByText('This device')).toBeTruthy();
    expect(within(computer).queryByRole('button', { name: /End/ })).toBeNull();
    expect(computer.textContent).toContain('203.0.113.9');
    const phone = screen.getByRole('article', { name: 'Safari 17 on iOS 17' });
    expect(phone.textContent).toContain('198.51.100.7');
    expect(within(phone).getByRole('button', { name: 'End the session of Safari 17 on iOS 17' })).toBeTruthy();

    const signedIn = await screen.findByRole('article', { name: /^Signed in · / });
    expect(signedIn.textContent).toContain('New device');
    const refused = screen.getByRole('article', { name: /^Wrong password · / });
    expect(refused.textContent).toContain('Unknown device');
    expect(refused.textContent).toContain('unknown address');
    expect(refused.textContent).not.toContain('New device');
  });

  it('ends another session only once the person confirms, and shows the list without it', async () => {
    await renderScreen(DevicesScreen, '/setting/security/devices', devicesRoute);
    const end = await screen.findByRole('button', { name: 'End the session of Safari 17 on iOS 17' });
    fireEvent.click(end);
    expect(await answer(false)).toBe('End this session?');
    expect(sentTo('/safe/sessions/end')).toHaveLength(0);

    fireEvent.click(end);
    await answer(true);
    await waitFor(() => expect(sentTo('/safe/sessions/end')).toHaveLength(1));
    expect(bodyOf(sentTo('/safe/sessions/end')[0])).toEqual({ id: 7, lang: 'en' });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Safari 17 on iOS 17' })).toBeNull());
    expect(screen.getByText('No other device is signed in.')).toBeTruthy();
  });

  it('ends all other sessions after a confirmation', async () => {
    await renderScreen(DevicesScreen, '/setting/security/devices', devicesRoute);
    fireEvent.click(await screen.findByRole('button', { name: 'End all other sessions' }));
    expect(await answer(true)).toBe('End all other sessions?');
    await waitFor(() => expect(sentTo('/safe/sessions/end_others')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'End all other sessions' })).toBeNull());
  });

  it('says why the sessions could not be loaded, with another try; an empty record says so', async () => {
    failSessions = true;
    signIns = [];
    await renderScreen(DevicesScreen, '/setting/security/devices', devicesRoute);
    expect(await screen.findByText('Could not load this', {}, { timeout: 5_000 })).toBeTruthy();
    expect(await screen.findByText('No sign-ins in the last 30 days')).toBeTruthy();
    failSessions = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Chrome 126 on Windows' })).toBeTruthy();
  });
});

describe('linking or changing a contact', () => {
  function type(label: string, value: string) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }

  it('links an e-mail address to a phone account: the code goes to it (purpose bind), then the profile shows it', async () => {
    signInForTest({ email: null, phone: '+4915112345678' });
    await renderScreen(ContactScreen, '/setting/security/contact?which=email', contactRoute);
    expect(screen.queryByText('Current e-mail address')).toBeNull();
    type('E-mail', 'nadia@example.org');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(sentTo('/sms_mail')).toHaveLength(1));
    expect(bodyOf(sentTo('/sms_mail')[0])).toMatchObject({ email: 'nadia@example.org', purpose: 'bind' });
    type('Verification code', '482913');
    fireEvent.click(screen.getByRole('button', { name: 'Link e-mail address' }));
    await waitFor(() => expect(sentTo('/safe/email')).toHaveLength(1));
    expect(bodyOf(sentTo('/safe/email')[0])).toEqual({ email: 'nadia@example.org', code: '482913', lang: 'en' });
    await waitFor(() => expect(getDefaultStore().get(userInfoAtom)?.email).toBe('nadia@example.org'));
  });

  it('changes the phone number of an account that has one, naming the current one; a wrong code is said under the code', async () => {
    signInForTest({ phone: '+4915112345678' });
    api.respond((request) =>
      request.url.pathname === '/api/safe/mobile'
        ? { status: 400, body: { type: 'error', code: 0, message: errorText('en', 'code.wrong'), data: null, key: 'code.wrong', field: 'code' } }
        : ok({ retryAfter: 60 }),
    );
    getDefaultStore().set(areaCountryAtom, 'DE');
    await renderScreen(ContactScreen, '/setting/security/contact?which=phone', contactRoute);
    expect(screen.getByText('Current phone number')).toBeTruthy();
    expect(screen.getByText('+4915112345678')).toBeTruthy();
    type('New phone number', '0151 7654321');
    type('Verification code', '111111');
    fireEvent.click(screen.getByRole('button', { name: 'Change phone number' }));
    expect(await screen.findByText(errorText('en', 'code.wrong'))).toBeTruthy();
    expect(screen.getByLabelText('Verification code').getAttribute('aria-invalid')).toBe('true');
    expect(bodyOf(sentTo('/safe/mobile')[0])).toMatchObject({ phone: '+491517654321', code: '111111' });
    expect(getDefaultStore().get(userInfoAtom)?.phone).toBe('+4915112345678');
  });
});
