/** Bank binding: IBAN and SWIFT rules, each required field, the payment password, re-binding. */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BankBinding } from '../../src/domain/wire';
import { errorText } from '../../src/locales/errors';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const details = {
  firstName: 'Anna',
  lastName: 'Schmidt',
  iban: 'DE89370400440532013000',
  swift: 'COBADEFFXXX',
  bankName: 'Commerzbank',
  country: 'Germany',
  address: 'Kaiserstraße 16, 60311 Frankfurt',
};

type User = Awaited<ReturnType<TestApp['payingUser']>>;

function save(user: { token: string; payPassword?: string }, body: Record<string, unknown>, key: string | null = crypto.randomUUID()) {
  return t.post<BankBinding>('/user/cash_save', { payPassword: user.payPassword, ...body }, { token: user.token, headers: key ? { 'idempotency-key': key } : {} });
}

const info = (user: User) => t.post<BankBinding | null>('/user/cash_info', {}, { token: user.token });

describe('binding a bank account', () => {
  test('nothing is bound at first; a valid binding is kept and shown', async () => {
    const user = await t.payingUser();
    const empty = await info(user);
    expect(empty.status).toBe(200);
    expect(empty.body.data).toBeNull();

    const saved = await save(user, { ...details, iban: 'de89 3704 0044 0532 0130 00', swift: 'cobadeff' });
    expect(saved.status).toBe(200);
    // Spaces and letter case of IBAN and SWIFT do not matter; they are kept in the usual form.
    expect(saved.body.data).toEqual({ ...details, swift: 'COBADEFF', updatedAt: t.clock.now().toISOString() });
    expect((await info(user)).body.data).toEqual(saved.body.data);
  });

  test('binding again replaces the account', async () => {
    const user = await t.payingUser();
    await save(user, details);
    t.clock.advance(60);
    const replaced = await save(user, { ...details, firstName: 'Berta', iban: 'GB82WEST12345698765432', swift: 'NWBKGB2L', bankName: 'NatWest', country: 'United Kingdom' });
    expect(replaced.status).toBe(200);
    expect((await info(user)).body.data).toEqual({
      ...details,
      firstName: 'Berta',
      iban: 'GB82WEST12345698765432',
      swift: 'NWBKGB2L',
      bankName: 'NatWest',
      country: 'United Kingdom',
      updatedAt: t.clock.now().toISOString(),
    });
  });

  test('the IBAN checksum: one digit changed is refused', async () => {
    const user = await t.payingUser();
    const wrongDigit = await save(user, { ...details, iban: 'DE89370400440532013001' });
    expect(wrongDigit.status).toBe(400);
    expect(wrongDigit.body).toMatchObject({ key: 'bank.ibanInvalid', field: 'iban', message: errorText('en', 'bank.ibanInvalid') });
    for (const iban of ['DE88370400440532013000', 'DE8937040044', '', '1234567890123456']) {
      expect((await save(user, { ...details, iban })).body.key, iban).toBe('bank.ibanInvalid');
    }
    expect((await info(user)).body.data).toBeNull();
  });

  test('the SWIFT/BIC format: 8 or 11 characters, bank and country letters', async () => {
    const user = await t.payingUser();
    for (const swift of ['COBADEF', 'COBADEFFXX', 'COBA1EFF', '12BADEFF', 'COBADEFFXXXX', '']) {
      const reply = await save(user, { ...details, swift });
      expect(reply.status, swift).toBe(400);
      expect(reply.body, swift).toMatchObject({ key: 'bank.swiftInvalid', field: 'swift' });
    }
    expect((await save(user, { ...details, swift: 'DEUTDEFF500' })).status).toBe(200);
  });

  test('each required field has its own refusal', async () => {
    const user = await t.payingUser();
    const required: Array<[keyof typeof details, string]> = [
      ['firstName', 'bank.firstNameRequired'],
      ['lastName', 'bank.lastNameRequired'],
      ['bankName', 'bank.nameRequired'],
      ['country', 'bank.countryRequired'],
      ['address', 'bank.addressRequired'],
    ];
    for (const [field, key] of required) {
      const blank = await save(user, { ...details, [field]: '   ' });
      expect(blank.status, field).toBe(400);
      expect(blank.body, field).toMatchObject({ key, field });
      const { [field]: _missing, ...without } = details;
      expect((await save(user, without)).body.key, field).toBe(key);
    }
    const unknown = await save(user, { ...details, nickname: 'x' });
    expect(unknown.body.key).toBe('request.unknownField');
    expect((await info(user)).body.data).toBeNull();
  });

  test('the payment password is required and checked; the key too', async () => {
    const user = await t.payingUser();
    const missing = await t.post('/user/cash_save', details, { token: user.token, headers: { 'idempotency-key': crypto.randomUUID() } });
    expect(missing.status).toBe(400);
    expect(missing.body.key).toBe('password.required');
    const wrong = await save({ ...user, payPassword: '000000' }, details);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ key: 'payPassword.wrong', field: 'payPassword' });
    const short = await save({ ...user, payPassword: '123' }, details);
    expect(short.body.key).toBe('payPassword.length');
    const noKey = await save(user, details, null);
    expect(noKey.body.key).toBe('idempotency.keyRequired');
    expect((await info(user)).body.data).toBeNull();

    const notSet = await t.signedInUser();
    const reply = await save({ token: notSet.token, payPassword: '250917' }, details);
    expect(reply.body.key).toBe('payPassword.notSet');
  });

  test('a replayed key returns the first binding; the same key for other details is refused', async () => {
    const user = await t.payingUser();
    const key = crypto.randomUUID();
    const first = await save(user, details, key);
    t.clock.advance(10);
    const again = await save(user, details, key);
    expect(again.body.data).toEqual(first.body.data);
    const other = await save(user, { ...details, lastName: 'Meyer' }, key);
    expect(other.status).toBe(422);
    expect(other.body.key).toBe('idempotency.keyReused');
    expect((await info(user)).body.data!.lastName).toBe('Schmidt');
  });

  test('both calls need a session', async () => {
    expect((await t.post('/user/cash_info', {})).status).toBe(401);
    expect((await t.post('/user/cash_save', details, { headers: { 'idempotency-key': 'k1' } })).status).toBe(401);
  });
});
