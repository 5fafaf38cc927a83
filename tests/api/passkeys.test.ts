/**
 * Passkeys (docs/security.md, "Passkeys") with a software authenticator (tests/fixtures/
 * authenticator.ts) that does what a phone's does — ES256, attestation "none", user present and
 * verified — and can spoil each part of its answer. A user registers several, lists, renames and
 * removes them (another user's are not found); a passkey alone signs in and opens a working
 * session; the step-up's check takes only the account's own passkeys. Refused, with nothing
 * changed (passkeys, counters, sessions, and the challenge still usable): another origin, another
 * RP ID's hash, no user verification, a counter that went back, an unknown credential, a
 * challenge used, expired or of another purpose or account. A challenge handed out by one server
 * process is answered through another; two answers to one challenge at once: one wins.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PASSKEYS_MAX } from '../../src/domain/passkeys';
import type { SessionReply, Passkey, PasskeyCreationOptions, PasskeyRequestOptions } from '../../src/domain/wire';
import { rowsOf } from '../../server/db/rows';
import { sweep } from '../../server/housekeeping';
import { Authenticator, FLAGS, type Assertion } from '../fixtures/authenticator';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await startTestApp();
  origin = t.config.publicOrigin;
});
afterAll(() => t?.close());

interface Person {
  token: string;
  userId: string;
  password: string;
  /** The authenticators holding the person's passkeys, first registered first. */
  devices: Authenticator[];
}

async function person(): Promise<Person> {
  const user = await t.signedInUser();
  return { token: user.token, userId: await t.userIdOf(user.token), password: user.password, devices: [] };
}

/** A step-up with one of the person's passkeys: the answer of `device` to a fresh step-up challenge. */
async function stepUp(who: Person, device: Authenticator) {
  const options = await t.post<PasskeyRequestOptions>('/safe/second-factor/passkey-options', {}, { token: who.token });
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  return { method: 'passkey' as const, response: device.get(options.body.data!) };
}

const phone = () => new Authenticator({ origin });

/**
 * The options for a new passkey, confirmed as the app confirms them: once the account has a
 * passkey (its second factor), with one of them; before, with the login password.
 */
async function registrationOptions(who: Person): Promise<PasskeyCreationOptions> {
  const proof = who.devices.length > 0 ? { secondFactor: await stepUp(who, who.devices[0]) } : { password: who.password };
  const reply = await t.post<PasskeyCreationOptions>('/safe/passkeys/options', proof, { token: who.token });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data!;
}

/** Registers a passkey of `device` for `who` under `name`; the passkey as listed. */
async function register(who: Person, device: Authenticator, name: string): Promise<Passkey> {
  const response = device.create(await registrationOptions(who));
  const reply = await t.post<Passkey>('/safe/passkeys/register', { name, response }, { token: who.token });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  who.devices.push(device);
  return reply.body.data!;
}

const list = async (who: Person) => (await t.get<Passkey[]>('/safe/passkeys', { token: who.token })).body.data!;

async function signInOptions(): Promise<PasskeyRequestOptions> {
  const reply = await t.post<PasskeyRequestOptions>('/user/login/passkey/options', {});
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data!;
}

const signIn = (response: Assertion) => t.post<SessionReply>('/user/login/passkey', { response });

/** What a refusal must leave as it was: the account's passkeys (counters, last use) and sessions. */
async function stateOf(userId: string) {
  const keys = await rowsOf(t.database.db, sql`SELECT id, name, counter::text, last_used_at FROM passkeys WHERE user_id = ${userId} ORDER BY id`);
  const sessions = await rowsOf(t.database.db, sql`SELECT id FROM sessions WHERE user_id = ${userId} ORDER BY id`);
  return { keys, sessions };
}

const challengesLeft = async (challenge: string) =>
  (await rowsOf(t.database.db, sql`SELECT 1 FROM webauthn_challenges WHERE challenge = ${challenge}`)).length;

describe('a user’s passkeys', () => {
  test('registers two (the second excluding the first), lists them with no key material, renames one and removes the other', async () => {
    const ada = await person();
    const [ownPhone, laptop] = [phone(), phone()];
    const first = await register(ada, ownPhone, 'My phone');
    expect(first).toMatchObject({ name: 'My phone', lastUsedAt: null, synced: false });

    // A passkey signs in on its own: once the account has one, the next is confirmed with it
    // before the device makes anything — the password alone does not do.
    const unconfirmed = await t.post('/safe/passkeys/options', { password: ada.password }, { token: ada.token });
    expect(unconfirmed.status).toBe(403);
    expect(unconfirmed.body.key).toBe('secondFactor.required');
    const options = await registrationOptions(ada);
    // The relying party is the configured origin; discoverable, user verification required.
    expect(options.rp.id).toBe(new URL(origin).hostname);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    expect(options.excludeCredentials.map((credential) => credential.id)).toEqual([ownPhone.credentials[0].id]);
    // The phone already holds a passkey of this account: a real authenticator refuses to make another.
    expect(() => ownPhone.create(options)).toThrow(/InvalidStateError/);
    const laptopsPasskey = laptop.create(options);
    const second = await t.post<Passkey>('/safe/passkeys/register', { name: '  Work laptop ', response: laptopsPasskey }, { token: ada.token });
    expect(second.status, JSON.stringify(second.body)).toBe(200);

    const listed = await list(ada);
    expect(listed.map((key) => key.name)).toEqual(['My phone', 'Work laptop']);
    for (const key of listed) expect(Object.keys(key).sort()).toEqual(['createdAt', 'id', 'lastUsedAt', 'name', 'synced']);
    expect(JSON.stringify(listed)).not.toContain(ownPhone.credentials[0].id);

    const renamed = await t.post<Passkey>('/safe/passkeys/rename', { id: first.id, name: 'Old phone' }, { token: ada.token });
    expect(renamed.body.data).toMatchObject({ id: first.id, name: 'Old phone' });
    expect((await t.post('/safe/passkeys/remove', { id: second.body.data!.id }, { token: ada.token })).status).toBe(200);
    expect((await list(ada)).map((key) => key.name)).toEqual(['Old phone']);

    // The removed passkey no longer signs in.
    const refused = await signIn(laptop.get(await signInOptions()));
    expect(refused.status).toBe(404);
    expect(refused.body.key).toBe('passkey.notFound');
  });

  test("another user's passkey is not found: not renamed, not removed", async () => {
    const [ada, ben] = [await person(), await person()];
    const bens = await register(ben, phone(), 'Ben’s phone');
    const before = await stateOf(ben.userId);
    for (const [url, body] of [
      ['/safe/passkeys/rename', { id: bens.id, name: 'Mine now' }],
      ['/safe/passkeys/remove', { id: bens.id }],
      ['/safe/passkeys/remove', { id: 2 ** 31 - 1 }],
    ] as const) {
      const reply = await t.post(url, body, { token: ada.token });
      expect(reply.status, url).toBe(404);
      expect(reply.body.key).toBe('passkey.notFound');
    }
    expect(await stateOf(ben.userId)).toEqual(before);
    expect(await list(ada)).toEqual([]);
  });

  test('a name is 1 to 40 characters; the calls need a session', async () => {
    const ada = await person();
    const key = await register(ada, phone(), 'Phone');
    for (const name of ['', '   ', 'x'.repeat(41)]) {
      const reply = await t.post('/safe/passkeys/rename', { id: key.id, name }, { token: ada.token });
      expect(reply.status).toBe(400);
      expect(reply.body.key).toBe('passkey.nameInvalid');
      expect(reply.body.message).toContain('40');
    }
    expect((await t.get('/safe/passkeys')).status).toBe(401);
    expect((await t.post('/safe/passkeys/options', {})).status).toBe(401);
  });

  test(`an account keeps at most ${PASSKEYS_MAX} passkeys`, async () => {
    const ada = await person();
    for (let i = 0; i < PASSKEYS_MAX; i++) await register(ada, phone(), `Key ${i + 1}`);
    const options = await t.post('/safe/passkeys/options', { secondFactor: await stepUp(ada, ada.devices[0]) }, { token: ada.token });
    expect(options.status).toBe(409);
    expect(options.body.key).toBe('passkey.tooMany');
    expect(options.body.message).toContain(String(PASSKEYS_MAX));
  });
});

describe('registration refused', () => {
  test('without a second factor, a new passkey is confirmed with the login password first: none, or a wrong one, gives no challenge', async () => {
    const ada = await person();
    const none = await t.post('/safe/passkeys/options', {}, { token: ada.token });
    expect({ status: none.status, key: none.body.key, field: none.body.field }).toEqual({ status: 400, key: 'password.required', field: 'password' });
    const wrong = await t.post('/safe/passkeys/options', { password: `${ada.password}0` }, { token: ada.token });
    expect({ status: wrong.status, key: wrong.body.key }).toEqual({ status: 400, key: 'password.wrongOld' });
    // No challenge was issued: an answer made up for one is not registered.
    const made = phone().create({ ...(await registrationOptions(ada)), challenge: 'bm90LWlzc3VlZC1jaGFsbGVuZ2U' });
    expect((await t.post('/safe/passkeys/register', { name: 'Phone', response: made }, { token: ada.token })).body.key).toBe('passkey.challengeGone');
    expect(await list(ada)).toEqual([]);
    // Five wrong passwords in a row (the right one above started the count again) lock it as the sign-in is locked.
    for (let i = 0; i < 5; i++) await t.post('/safe/passkeys/options', { password: `${ada.password}${i}` }, { token: ada.token });
    const locked = await t.post('/safe/passkeys/options', { password: ada.password }, { token: ada.token });
    expect({ status: locked.status, key: locked.body.key }).toEqual({ status: 429, key: 'login.locked' });
  });

  test('another origin, another RP ID, no user verification, the challenge of another account or used twice: nothing registered', async () => {
    const [ada, ben] = [await person(), await person()];
    const attempt = async (who: Person, response: unknown) => t.post('/safe/passkeys/register', { name: 'Phone', response }, { token: who.token });

    const options = await registrationOptions(ada);
    const spoiled = [
      phone().create(options, { origin: 'https://tessera.example.net' }),
      phone().create(options, { rpId: 'example.net' }),
      phone().create(options, { flags: FLAGS.userPresent }),
    ];
    for (const response of spoiled) {
      const reply = await attempt(ada, response);
      expect(reply.status).toBe(400);
      expect(reply.body.key).toBe('passkey.invalid');
    }
    // Ada's challenge, answered in Ben's session.
    const stolen = await attempt(ben, phone().create(options));
    expect(stolen.body.key).toBe('passkey.challengeGone');
    expect(await list(ada)).toEqual([]);
    expect(await list(ben)).toEqual([]);

    // The refusals left the challenge for a right answer; used once, it is gone.
    const rightPhone = phone();
    const right = rightPhone.create(options);
    expect((await attempt(ada, right)).status).toBe(200);
    const again = await attempt(ada, right);
    expect(again.status).toBe(400);
    expect(again.body.key).toBe('passkey.challengeGone');
    expect(await list(ada)).toHaveLength(1);
  });

  test('a challenge is good for five minutes', async () => {
    const ada = await person();
    const options = await registrationOptions(ada);
    t.clock.advance(301);
    const reply = await t.post('/safe/passkeys/register', { name: 'Phone', response: phone().create(options) }, { token: ada.token });
    expect(reply.body.key).toBe('passkey.challengeGone');
    expect(await list(ada)).toEqual([]);
  });
});

describe('signing in with a passkey alone', () => {
  test('opens a session that works, like a password sign-in; the passkey shows when it was used', async () => {
    const ada = await person();
    const device = phone();
    await register(ada, device, 'Phone');
    const options = await signInOptions();
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options.userVerification).toBe('required');
    const reply = await signIn(device.get(options));
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const token = reply.body.data!.token;
    expect(reply.body.data!.expiresAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await t.userIdOf(token)).toBe(ada.userId);
    expect((await t.post('/wallet/list', {}, { token })).status).toBe(200);
    const [used] = await list(ada);
    expect(used.lastUsedAt).toBe(t.clock.now().toISOString());
    // The session is an ordinary one: logging out ends it.
    expect((await t.get('/user/logout', { token })).status).toBe(200);
    expect((await t.get('/user/info', { token })).status).toBe(401);
  });

  test('a synced passkey that keeps no counter (always 0) signs in again and again', async () => {
    const ada = await person();
    const synced = new Authenticator({ origin, counting: false, synced: true });
    const key = await register(ada, synced, 'Synced');
    expect(key.synced).toBe(true);
    for (let i = 0; i < 2; i++) expect((await signIn(synced.get(await signInOptions()))).status).toBe(200);
  });

  test('refused with nothing changed: another origin, another RP ID, no user verification, a counter that went back, an unknown passkey', async () => {
    const ada = await person();
    const device = phone();
    await register(ada, device, 'Phone');
    expect((await signIn(device.get(await signInOptions()))).status).toBe(200);
    expect((await signIn(device.get(await signInOptions()))).status).toBe(200);
    // The phone has counted to 2.
    const stranger = phone();
    stranger.create(await registrationOptions(await person()));

    const cases: Array<[string, (options: PasskeyRequestOptions) => Assertion, number, string]> = [
      ['another origin', (options) => device.get(options, { origin: 'https://tessera.example.net' }), 400, 'passkey.invalid'],
      ['another RP ID', (options) => device.get(options, { rpId: 'example.net' }), 400, 'passkey.invalid'],
      ['no user verification', (options) => device.get(options, { flags: FLAGS.userPresent }), 400, 'passkey.invalid'],
      ['not even user presence', (options) => device.get(options, { flags: FLAGS.userVerified }), 400, 'passkey.invalid'],
      ['a counter that went back', (options) => device.get(options, { counter: 1 }), 400, 'passkey.invalid'],
      ['the same counter again', (options) => device.get(options, { counter: 2 }), 400, 'passkey.invalid'],
      ['a passkey no account has', (options) => stranger.get(options), 404, 'passkey.notFound'],
    ];
    for (const [what, answer, status, key] of cases) {
      const before = await stateOf(ada.userId);
      const options = await signInOptions();
      const reply = await signIn(answer(options));
      expect(reply.status, what).toBe(status);
      expect(reply.body.key, what).toBe(key);
      expect(await stateOf(ada.userId), what).toEqual(before);
      // The challenge stays for a right answer.
      expect(await challengesLeft(options.challenge), what).toBe(1);
    }
    // The counter goes on from 2: the phone's next real answer signs in.
    expect((await signIn(device.get(await signInOptions(), { counter: 3 }))).status).toBe(200);
  });

  test('the same answer twice: the second is refused; two at once: one session', async () => {
    const ada = await person();
    const device = phone();
    await register(ada, device, 'Phone');
    const answer = device.get(await signInOptions());
    expect((await signIn(answer)).status).toBe(200);
    const before = await stateOf(ada.userId);
    const replay = await signIn(answer);
    expect(replay.status).toBe(400);
    expect(replay.body.key).toBe('passkey.challengeGone');
    expect(await stateOf(ada.userId)).toEqual(before);

    const raced = device.get(await signInOptions());
    const replies = await Promise.all(Array.from({ length: 4 }, () => signIn(raced)));
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 400, 400, 400]);
    expect(replies.filter((reply) => reply.status === 400).map((reply) => reply.body.key)).toEqual(Array(3).fill('passkey.challengeGone'));
    expect((await stateOf(ada.userId)).sessions).toHaveLength(before.sessions.length + 1);
  });

  test('a challenge expires after five minutes, and one of another purpose does not sign in', async () => {
    const ada = await person();
    const device = phone();
    await register(ada, device, 'Phone');
    const options = await signInOptions();
    t.clock.advance(301);
    expect((await signIn(device.get(options))).body.key).toBe('passkey.challengeGone');
    // A registration challenge of Ada's, signed as a sign-in.
    const registration = await registrationOptions(ada);
    expect((await signIn(device.get({ challenge: registration.challenge, rpId: registration.rp.id }))).body.key).toBe('passkey.challengeGone');
    // A challenge the server never gave.
    expect((await signIn(device.get({ challenge: 'A'.repeat(43), rpId: registration.rp.id }))).body.key).toBe('passkey.challengeGone');
    // Expired challenges are swept.
    expect(await challengesLeft(options.challenge)).toBe(1);
    await sweep(t.database.db, t.clock.now);
    expect(await challengesLeft(options.challenge)).toBe(0);
    expect(await challengesLeft(registration.challenge)).toBe(1);
  });

  test('a passkey answering for another account than its own (user handle) is refused', async () => {
    const [ada, ben] = [await person(), await person()];
    const device = phone();
    await register(ada, device, 'Phone');
    await register(ben, phone(), 'Phone');
    const answer = device.get(await signInOptions());
    const [bensCredential] = await rowsOf<{ credential_id: string }>(t.database.db, sql`SELECT credential_id FROM passkeys WHERE user_id = ${ben.userId}`);
    // Ada's signature presented as Ben's credential: the signature does not verify against Ben's key.
    const asBen = await signIn({ ...answer, id: bensCredential.credential_id, rawId: bensCredential.credential_id });
    expect(asBen.status).toBe(400);
    expect(asBen.body.key).toBe('passkey.invalid');
    expect((await stateOf(ben.userId)).sessions).toHaveLength(1);
  });

  test('the challenge holds across server processes: asked of one, answered through another', async () => {
    const ada = await person();
    const device = phone();
    await register(ada, device, 'Phone');
    const other = await startTestApp({ sameInstallationAs: t });
    try {
      const options = await signInOptions();
      const answer = device.get(options);
      const there = await other.post<SessionReply>('/user/login/passkey', { response: answer });
      expect(there.status, JSON.stringify(there.body)).toBe(200);
      expect(await t.userIdOf(there.body.data!.token)).toBe(ada.userId);
      // Used there, gone here.
      expect((await signIn(answer)).body.key).toBe('passkey.challengeGone');
    } finally {
      await other.close();
    }
  });

  test('the options and the sign-in count against the per-address sign-in limit', async () => {
    const limited = await startTestApp({
      sameInstallationAs: t,
      rateLimits: { codesPerIp: { max: 100, windowSeconds: 60 }, codesPerTarget: { max: 100, windowSeconds: 60 }, loginsPerIp: { max: 3, windowSeconds: 60 }, loginsPerAccount: { max: 100, windowSeconds: 60 } },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await limited.post('/user/login/passkey/options', {})).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect((await limited.post('/user/login/passkey', { response: {} })).body.key).toBe('request.rateLimited');
    } finally {
      await limited.close();
    }
  });
});

describe('the step-up check (verifyFor)', () => {
  test("takes the account's own passkey for the purpose asked, once; refuses another user's passkey and another purpose", async () => {
    const [ada, ben] = [await person(), await person()];
    const [adasPhone, bensPhone] = [phone(), phone()];
    await register(ada, adasPhone, 'Phone');
    await register(ben, bensPhone, 'Phone');
    const passkeys = t.app.services.passkeys;

    const options = await passkeys.optionsFor(ada.userId, 'withdrawal');
    expect(options.allowCredentials?.map((credential) => credential.id)).toEqual([adasPhone.credentials[0].id]);
    const refusal = (work: Promise<unknown>) => work.then(() => 'accepted', (error: { key?: string }) => error.key);

    // Ben's passkey answering Ada's challenge, and Ada's challenge claimed for Ben.
    const before = await stateOf(ben.userId);
    expect(await refusal(passkeys.verifyFor(ada.userId, bensPhone.get(options, { credentialId: bensPhone.credentials[0].id }), 'withdrawal'))).toBe('passkey.notFound');
    expect(await refusal(passkeys.verifyFor(ben.userId, bensPhone.get(options, { credentialId: bensPhone.credentials[0].id }), 'withdrawal'))).toBe('passkey.challengeGone');
    expect(await stateOf(ben.userId)).toEqual(before);
    // Another purpose than the challenge's.
    expect(await refusal(passkeys.verifyFor(ada.userId, adasPhone.get(options), 'password'))).toBe('passkey.challengeGone');
    // No user verification.
    expect(await refusal(passkeys.verifyFor(ada.userId, adasPhone.get(options, { flags: FLAGS.userPresent }), 'withdrawal'))).toBe('passkey.invalid');

    const right = adasPhone.get(options);
    expect(await refusal(passkeys.verifyFor(ada.userId, right, 'withdrawal'))).toBe('accepted');
    expect(await refusal(passkeys.verifyFor(ada.userId, right, 'withdrawal'))).toBe('passkey.challengeGone');
    // An account without passkeys has nothing to confirm with.
    expect(await refusal(passkeys.optionsFor((await person()).userId, 'withdrawal'))).toBe('passkey.notFound');
  });
});
