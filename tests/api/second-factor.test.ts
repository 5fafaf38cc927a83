/**
 * The second factor (docs/security.md), on PGlite and PostgreSQL: set up with the login password
 * and a first code; once set, no sign-in and no withdrawal without it; codes and recovery codes
 * used once; wrong codes locked as passwords are; turning it off needs a code; every security
 * change pauses withdrawals for 24 hours and ends the other sessions.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PasskeyCreationOptions, PasskeyRequestOptions, WithdrawalRecord } from '../../src/domain/wire';
import { Authenticator } from '../fixtures/authenticator';
import { rowsOf } from '../../server/db/rows';
import { DEFAULT_RATE_LIMITS } from '../../server/http/rate-limits';
import { balanceOf } from '../../server/ledger/accounts';
import { totpCode } from '../../server/security/totp';
import { startTestApp, USDT, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  // Many sign-ins from the test's one address: the per-address sign-in limit is not what is tested here.
  t = await startTestApp({ rateLimits: { ...DEFAULT_RATE_LIMITS, loginsPerIp: { max: 1000, windowSeconds: 300 } } });
});
afterAll(() => t?.close());

const TRC20 = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const DAY = 24 * 3600;

type Overview = { secondFactor: { totp: boolean; recoveryCodesLeft: number }; withdrawalsPausedUntil: string | null; changes: Array<{ kind: string }> };
/** What the profile says of the second factor: whether the app asks for it up front, and how. */
type Profile = { hasSecondFactor: boolean; secondFactorMethods: string[] };
type Ticket = { secondFactor: { ticket: string; methods: string[] } };

function withdraw(user: { token: string; payPassword: string }, extra: Record<string, unknown> = {}, key = crypto.randomUUID()) {
  return t.post<WithdrawalRecord>(
    '/wallet/out',
    { method: 'crypto', network: 'TRC20', address: TRC20, amount: '30', payPassword: user.payPassword, ...extra },
    { token: user.token, headers: { 'idempotency-key': key } },
  );
}

/** A funded user with the payment password and the authenticator set up, withdrawals no longer paused. */
async function guardedUser() {
  const user = await t.payingUser();
  await t.fund(user.userId, 'USDT', USDT(500));
  const totp = await t.setUpTotp(user);
  t.clock.advance(DAY + 60);
  return { ...user, ...totp };
}

async function ticketOf(account: string, password: string): Promise<string> {
  const reply = await t.post<Ticket>('/user/login', { account, password });
  expect(reply.status).toBe(200);
  expect(reply.body.data).not.toHaveProperty('token');
  return reply.body.data!.secondFactor.ticket;
}

describe('setting up the authenticator', () => {
  test('needs the login password, then a first code of the secret shown; answers ten recovery codes once', async () => {
    const user = await t.signedInUser();
    const wrongPassword = await t.post('/safe/totp/begin', { password: `${user.password}9` }, { token: user.token });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.key).toBe('password.wrongOld');

    // The profile says whether the app should ask for a code up front.
    expect((await t.get<Profile>('/user/info', { token: user.token })).body.data).toMatchObject({ hasSecondFactor: false, secondFactorMethods: [] });
    const begun = await t.post<{ secret: string; otpauthUrl: string }>('/safe/totp/begin', { password: user.password }, { token: user.token });
    expect(begun.status).toBe(200);
    const { secret, otpauthUrl } = begun.body.data!;
    expect(otpauthUrl).toContain(`secret=${secret}`);
    // Not on until confirmed: the login still opens a session.
    expect((await t.post<{ token?: string }>('/user/login', { account: user.username, password: user.password })).body.data?.token).toBeTruthy();

    const wrong = await t.post('/safe/totp/confirm', { code: totpCode(secret, new Date(t.clock.now().getTime() + 10 * 60_000)) }, { token: user.token });
    expect(wrong.status).toBe(400);
    expect(wrong.body.key).toBe('secondFactor.wrong');

    const confirmed = await t.post<{ recoveryCodes: string[] }>('/safe/totp/confirm', { code: totpCode(secret, t.clock.now()) }, { token: user.token });
    expect(confirmed.status).toBe(200);
    const codes = confirmed.body.data!.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);

    // Stored sealed and hashed: neither the secret nor a recovery code is in the database as text.
    const userId = await t.userIdOf(user.token);
    const [row] = await rowsOf<{ secret: Buffer; pending: Buffer | null }>(t.database.db, sql`SELECT totp_secret AS secret, totp_pending AS pending FROM users WHERE id = ${userId}`);
    expect(row.pending).toBeNull();
    expect(Buffer.from(row.secret).includes(Buffer.from(secret))).toBe(false);
    const hashes = await rowsOf<{ code_hash: Buffer }>(t.database.db, sql`SELECT code_hash FROM recovery_codes WHERE user_id = ${userId}`);
    expect(hashes).toHaveLength(10);
    for (const { code_hash } of hashes) expect(Buffer.from(code_hash).toString('latin1')).not.toContain(codes[0].replace('-', ''));

    const overview = await t.get<Overview>('/safe/security', { token: user.token });
    expect(overview.body.data).toMatchObject({ secondFactor: { totp: true, recoveryCodesLeft: 10 } });
    expect(overview.body.data!.withdrawalsPausedUntil).not.toBeNull();
    expect(overview.body.data!.changes[0].kind).toBe('totpOn');
    expect((await t.get<Profile>('/user/info', { token: user.token })).body.data).toMatchObject({ hasSecondFactor: true, secondFactorMethods: ['totp', 'recovery'] });

    // Set up once: a second setup is refused until it is turned off.
    expect((await t.post('/safe/totp/begin', { password: user.password }, { token: user.token })).body.key).toBe('totp.alreadySet');
  });

  test('turning it on ends the other sessions and pauses withdrawals for 24 hours', async () => {
    const user = await t.payingUser();
    await t.fund(user.userId, 'USDT', USDT(100));
    const otherPhone = await t.login(user.username, user.password);
    const { secret } = await t.setUpTotp(user);
    expect((await t.get('/user/info', { token: otherPhone })).status).toBe(401);
    expect((await t.get('/user/info', { token: user.token })).status).toBe(200);

    t.clock.advance(DAY - 120);
    const paused = await withdraw(user, { secondFactor: t.nextTotp(secret) });
    expect(paused.status).toBe(403);
    expect(paused.body.key).toBe('withdraw.paused');
    expect(paused.body.message).toMatch(/\b1\b/);
    t.clock.advance(120);
    expect((await withdraw(user, { secondFactor: t.nextTotp(secret) })).status).toBe(200);
  });
});

describe('signing in', () => {
  test('the password gives a ticket, not a session; the ticket with a code opens one, once', async () => {
    const user = await guardedUser();
    const ticket = await ticketOf(user.username, user.password);
    // The ticket is no session: no call, and no socket room, takes it.
    expect((await t.get('/user/info', { token: ticket })).status).toBe(401);

    // The code used at setup is spent: the next step's code is needed.
    const spent = await t.post('/user/login/second-factor', { ticket, secondFactor: { method: 'totp', code: totpCode(user.secret, new Date(t.clock.now().getTime() - DAY * 1000 - 60_000)) } });
    expect(spent.status).toBe(400);
    const proof = t.nextTotp(user.secret);
    const opened = await t.post<{ token: string }>('/user/login/second-factor', { ticket, secondFactor: proof });
    expect(opened.status).toBe(200);
    expect(opened.status).toBe(200);
    expect((await t.get('/user/info', { token: opened.body.data!.token })).status).toBe(200);

    // The same ticket again, even with a new code: gone. The same code on a new ticket: used.
    expect((await t.post('/user/login/second-factor', { ticket, secondFactor: t.nextTotp(user.secret) })).body.key).toBe('loginTicket.gone');
    const again = await ticketOf(user.username, user.password);
    const replay = await t.post('/user/login/second-factor', { ticket: again, secondFactor: proof });
    expect(replay.status).toBe(400);
    expect(replay.body.key).toBe('secondFactor.wrong');
  });

  test('a recovery code signs in once; the second use is refused', async () => {
    const user = await guardedUser();
    const [code] = user.recoveryCodes;
    const first = await t.post<{ token: string }>('/user/login/second-factor', { ticket: await ticketOf(user.username, user.password), secondFactor: { method: 'recovery', code: code.toLowerCase() } });
    expect(first.status).toBe(200);
    const second = await t.post('/user/login/second-factor', { ticket: await ticketOf(user.username, user.password), secondFactor: { method: 'recovery', code } });
    expect(second.status).toBe(400);
    expect(second.body.key).toBe('secondFactor.wrong');
    expect((await t.get<Overview>('/safe/security', { token: first.body.data!.token })).body.data!.secondFactor.recoveryCodesLeft).toBe(9);
  });

  test('a ticket expires after five minutes', async () => {
    const user = await guardedUser();
    const ticket = await ticketOf(user.username, user.password);
    t.clock.advance(301);
    const late = await t.post('/user/login/second-factor', { ticket, secondFactor: { method: 'totp', code: totpCode(user.secret, t.clock.now()) } });
    expect(late.status).toBe(401);
    expect(late.body.key).toBe('loginTicket.gone');
  });

  test('8 wrong codes at once: 5 are counted, 3 find it locked, and then the right code is locked out too', async () => {
    const user = await guardedUser();
    const ticket = await ticketOf(user.username, user.password);
    const right = totpCode(user.secret, t.clock.now());
    const wrongCodes = Array.from({ length: 8 }, (_, i) => String((Number(right) + 1 + i * 7919) % 1_000_000).padStart(6, '0'));
    const replies = await Promise.all(wrongCodes.map((code) => t.post('/user/login/second-factor', { ticket, secondFactor: { method: 'totp', code } })));
    const statuses = replies.map((reply) => reply.status).sort();
    expect(statuses).toEqual([400, 400, 400, 400, 429, 429, 429, 429]);
    const locked = await t.post('/user/login/second-factor', { ticket, secondFactor: { method: 'totp', code: right } });
    expect(locked.status).toBe(429);
    expect(locked.body.key).toBe('secondFactor.locked');
    // Fifteen minutes later the right code of that moment works (a new ticket: this one expired).
    t.clock.advance(15 * 60 + 1);
    const later = await t.post('/user/login/second-factor', { ticket: await ticketOf(user.username, user.password), secondFactor: { method: 'totp', code: totpCode(user.secret, t.clock.now()) } });
    expect(later.status).toBe(200);
  });

  test('a password reset by code does not bypass it: every session ends, and the next sign-in still asks', async () => {
    const user = await guardedUser();
    expect((await t.post('/sms_mail', { email: user.email, purpose: 'reset' })).status).toBe(200);
    const newPassword = '739146';
    const reset = await t.post('/user/forget', { method: 'email', email: user.email, code: t.codeFromMail(user.email), password: newPassword, confirmPassword: newPassword });
    expect(reset.status).toBe(200);
    expect((await t.get('/user/info', { token: user.token })).status).toBe(401);
    const reply = await t.post<Ticket>('/user/login', { account: user.email, password: newPassword });
    expect(reply.body.data).toHaveProperty('secondFactor');
    expect(reply.body.data).not.toHaveProperty('token');
  });
});

describe('money with the second factor', () => {
  test('a withdrawal asks for it: none 403, a wrong one 400 (counted), the right one goes through once', async () => {
    const user = await guardedUser();
    const before = await balanceOf(t.database.db, user.userId, 'USDT', 'available');
    const none = await withdraw(user);
    expect(none.status).toBe(403);
    expect(none.body.key).toBe('secondFactor.required');
    const wrong = await withdraw(user, { secondFactor: { method: 'totp', code: '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.key).toBe('secondFactor.wrong');
    expect(await balanceOf(t.database.db, user.userId, 'USDT', 'available')).toBe(before);

    const key = crypto.randomUUID();
    const proof = t.nextTotp(user.secret);
    const placed = await withdraw(user, { secondFactor: proof }, key);
    expect(placed.status).toBe(200);
    expect(await balanceOf(t.database.db, user.userId, 'USDT', 'available')).toBe(before - USDT(30));
    // The same key replays the first answer (the code is outside the key's fingerprint) and moves nothing.
    const replay = await withdraw(user, { secondFactor: proof }, key);
    expect(replay.status).toBe(200);
    expect(replay.body.data!.id).toBe(placed.body.data!.id);
    // The same code on a new withdrawal: used.
    const reused = await withdraw(user, { secondFactor: proof });
    expect(reused.body.key).toBe('secondFactor.wrong');
    expect(await balanceOf(t.database.db, user.userId, 'USDT', 'available')).toBe(before - USDT(30));
  });

  test('a refused withdrawal does not spend the code: it works for the corrected one', async () => {
    const user = await guardedUser();
    const proof = t.nextTotp(user.secret);
    const tooMuch = await withdraw(user, { amount: '100000', secondFactor: proof });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.key).toBe('balance.insufficient');
    expect((await withdraw(user, { secondFactor: proof })).status).toBe(200);
  });

  test('binding a bank account (a new destination) asks for it too', async () => {
    const user = await guardedUser();
    const bank = { firstName: 'Ada', lastName: 'Lovelace', iban: 'DE89 3704 0044 0532 0130 00', swift: 'COBADEFFXXX', bankName: 'Commerzbank', country: 'Germany', address: 'Kaiserplatz 1, Frankfurt', payPassword: user.payPassword };
    const none = await t.post('/user/cash_save', bank, { token: user.token, headers: { 'idempotency-key': crypto.randomUUID() } });
    expect(none.status).toBe(403);
    expect(none.body.key).toBe('secondFactor.required');
    const withCode = await t.post('/user/cash_save', { ...bank, secondFactor: t.nextTotp(user.secret) }, { token: user.token, headers: { 'idempotency-key': crypto.randomUUID() } });
    expect(withCode.status).toBe(200);
  });
});

describe('security changes', () => {
  test('a password change asks for the second factor, ends the other sessions and pauses withdrawals', async () => {
    const user = await guardedUser();
    const secondPhone = await t.post<{ token: string }>('/user/login/second-factor', { ticket: await ticketOf(user.username, user.password), secondFactor: t.nextTotp(user.secret) });
    const newPassword = '864207';
    const change = { oldPassword: user.password, password: newPassword, confirmPassword: newPassword };
    const without = await t.post('/safe/update_password', change, { token: user.token });
    expect(without.status).toBe(403);
    expect(without.body.key).toBe('secondFactor.required');
    const changed = await t.post('/safe/update_password', { ...change, secondFactor: t.nextTotp(user.secret) }, { token: user.token });
    expect(changed.status).toBe(200);
    expect((await t.get('/user/info', { token: secondPhone.body.data!.token })).status).toBe(401);
    expect((await t.get('/user/info', { token: user.token })).status).toBe(200);

    const paused = await withdraw(user, { secondFactor: t.nextTotp(user.secret) });
    expect(paused.status).toBe(403);
    expect(paused.body.key).toBe('withdraw.paused');
    expect(paused.body.message).toContain('24');
    // The end of the pause as the account holds it, to the millisecond, in the reply's own form.
    const [{ until }] = await rowsOf<{ until: string }>(t.database.db, sql`SELECT to_json(withdrawals_paused_until)#>>'{}' AS until FROM users WHERE id = ${user.userId}::uuid`);
    expect((paused.body.data as unknown as { until: string }).until).toBe(new Date(until).toISOString());
    t.clock.advance(DAY);
    expect((await withdraw(user, { secondFactor: t.nextTotp(user.secret) })).status).toBe(200);
  });

  test('the pause holds in another server process of the same installation', async () => {
    const user = await t.payingUser();
    await t.fund(user.userId, 'USDT', USDT(100));
    const other = await startTestApp({ sameInstallationAs: t });
    try {
      const changed = await t.post('/safe/pay_password', { oldPayPassword: user.payPassword, password: '902468', confirmPassword: '902468' }, { token: user.token });
      expect(changed.status).toBe(200);
      const elsewhere = await other.post('/wallet/out', { method: 'crypto', network: 'TRC20', address: TRC20, amount: '30', payPassword: '902468' }, { token: user.token, headers: { 'idempotency-key': crypto.randomUUID() } });
      expect(elsewhere.status).toBe(403);
      expect(elsewhere.body.key).toBe('withdraw.paused');
    } finally {
      await other.close();
    }
  });

  test('a change of the payment password pauses withdrawals; setting the first one does not', async () => {
    const user = await t.payingUser();
    await t.fund(user.userId, 'USDT', USDT(100));
    expect((await withdraw(user)).status).toBe(200);
    const changed = await t.post('/safe/pay_password', { oldPayPassword: user.payPassword, password: '902468', confirmPassword: '902468' }, { token: user.token });
    expect(changed.status).toBe(200);
    const paused = await withdraw({ ...user, payPassword: '902468' });
    expect(paused.body.key).toBe('withdraw.paused');
  });

  test('turning it off needs a current code or a recovery code, and is a security change', async () => {
    const user = await guardedUser();
    const otherPhone = await t.post<{ token: string }>('/user/login/second-factor', { ticket: await ticketOf(user.username, user.password), secondFactor: t.nextTotp(user.secret) });
    const none = await t.post('/safe/totp/off', {}, { token: user.token });
    expect(none.status).toBe(400);
    const wrong = await t.post('/safe/totp/off', { secondFactor: { method: 'totp', code: '123456' } }, { token: user.token });
    expect(wrong.body.key).toBe('secondFactor.wrong');
    const off = await t.post('/safe/totp/off', { secondFactor: { method: 'recovery', code: user.recoveryCodes[3] } }, { token: user.token });
    expect(off.status).toBe(200);
    expect((await t.get('/user/info', { token: otherPhone.body.data!.token })).status).toBe(401);
    const overview = await t.get<Overview>('/safe/security', { token: user.token });
    expect(overview.body.data).toMatchObject({ secondFactor: { totp: false, recoveryCodesLeft: 0 } });
    expect(overview.body.data!.changes[0].kind).toBe('totpOff');
    expect((await t.get<Profile>('/user/info', { token: user.token })).body.data).toMatchObject({ hasSecondFactor: false, secondFactorMethods: [] });
    // Off: the password alone signs in again; the recovery codes are gone.
    expect((await t.post<{ token?: string }>('/user/login', { account: user.username, password: user.password })).body.data?.token).toBeTruthy();
    expect((await t.post('/safe/totp/off', { secondFactor: { method: 'recovery', code: user.recoveryCodes[4] } }, { token: user.token })).body.key).toBe('totp.notSet');
  });

  test('new recovery codes replace the old ones', async () => {
    const user = await guardedUser();
    const renewed = await t.post<{ recoveryCodes: string[] }>('/safe/recovery-codes', { secondFactor: t.nextTotp(user.secret) }, { token: user.token });
    expect(renewed.status).toBe(200);
    const old = await t.post('/user/login/second-factor', { ticket: await ticketOf(user.username, user.password), secondFactor: { method: 'recovery', code: user.recoveryCodes[0] } });
    expect(old.body.key).toBe('secondFactor.wrong');
    const fresh = await t.post('/user/login/second-factor', { ticket: await ticketOf(user.username, user.password), secondFactor: { method: 'recovery', code: renewed.body.data!.recoveryCodes[0] } });
    expect(fresh.status).toBe(200);
  });
});

describe('a passkey as the second factor', () => {
  /** A funded user with one passkey on `device` (no authenticator app), withdrawals no longer paused. */
  async function passkeyUser() {
    const user = await t.payingUser();
    await t.fund(user.userId, 'USDT', USDT(500));
    const device = new Authenticator({ origin: t.config.publicOrigin });
    const options = await t.post<PasskeyCreationOptions>('/safe/passkeys/options', { password: user.password }, { token: user.token });
    const added = await t.post('/safe/passkeys/register', { name: 'Phone', response: device.create(options.body.data!) }, { token: user.token });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    t.clock.advance(DAY + 60);
    return { ...user, device };
  }

  async function stepUp(token: string, device: Authenticator) {
    const options = await t.post<PasskeyRequestOptions>('/safe/second-factor/passkey-options', {}, { token });
    expect(options.status, JSON.stringify(options.body)).toBe(200);
    return { method: 'passkey' as const, response: device.get(options.body.data!) };
  }

  test('adding a passkey is a security change: the other sessions end and withdrawals pause', async () => {
    const user = await t.payingUser();
    const otherPhone = await t.login(user.username, user.password);
    const device = new Authenticator({ origin: t.config.publicOrigin });
    const options = await t.post<PasskeyCreationOptions>('/safe/passkeys/options', { password: user.password }, { token: user.token });
    expect((await t.post('/safe/passkeys/register', { name: 'Phone', response: device.create(options.body.data!) }, { token: user.token })).status).toBe(200);
    expect((await t.get('/user/info', { token: otherPhone })).status).toBe(401);
    const overview = await t.get<Overview>('/safe/security', { token: user.token });
    expect(overview.body.data!.withdrawalsPausedUntil).not.toBeNull();
    expect(overview.body.data!.changes[0].kind).toBe('passkeyAdded');
  });

  test('with the authenticator on, adding a passkey asks for a code before the device makes it (the password does not do)', async () => {
    const user = await guardedUser();
    const device = new Authenticator({ origin: t.config.publicOrigin });
    const without = await t.post('/safe/passkeys/options', { password: user.password }, { token: user.token });
    expect(without.body.key).toBe('secondFactor.required');
    const options = await t.post<PasskeyCreationOptions>('/safe/passkeys/options', { secondFactor: t.nextTotp(user.secret) }, { token: user.token });
    expect(options.status, JSON.stringify(options.body)).toBe(200);
    const response = device.create(options.body.data!);
    expect((await t.post('/safe/passkeys/register', { name: 'Phone', response }, { token: user.token })).status).toBe(200);
  });

  test('an account with a passkey: the password gives a ticket, and the passkey answers its second step', async () => {
    const user = await passkeyUser();
    const stranger = await passkeyUser();
    const reply = await t.post<Ticket>('/user/login', { account: user.username, password: user.password });
    expect(reply.body.data!.secondFactor.methods).toEqual(['passkey']);
    // The profile says the same, for the app to offer the passkey wherever the second factor is asked.
    expect((await t.get<Profile>('/user/info', { token: user.token })).body.data).toMatchObject({ hasSecondFactor: true, secondFactorMethods: ['passkey'] });
    const { ticket } = reply.body.data!.secondFactor;
    const options = await t.post<PasskeyRequestOptions>('/user/login/second-factor/passkey-options', { ticket });
    expect(options.status).toBe(200);
    // Another account's passkey cannot answer it.
    const foreign = await t.post('/user/login/second-factor', { ticket, secondFactor: { method: 'passkey', response: stranger.device.get(options.body.data!, { credentialId: stranger.device.credentials[0].id }) } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.key).toBe('passkey.notFound');
    const opened = await t.post<{ token: string }>('/user/login/second-factor', { ticket, secondFactor: { method: 'passkey', response: user.device.get(options.body.data!) } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect((await t.get('/user/info', { token: opened.body.data!.token })).status).toBe(200);
  });

  test("a withdrawal takes the passkey's answer to a step-up challenge, once", async () => {
    const user = await passkeyUser();
    const none = await withdraw(user);
    expect(none.body.key).toBe('secondFactor.required');
    const proof = await stepUp(user.token, user.device);
    expect((await withdraw(user, { secondFactor: proof })).status).toBe(200);
    // The same answer again: its challenge is spent.
    const replayed = await withdraw(user, { secondFactor: proof });
    expect(replayed.status).toBe(400);
    expect(replayed.body.key).toBe('passkey.challengeGone');
  });
});
