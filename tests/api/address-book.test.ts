/**
 * The withdrawal address book (docs/security.md, "Address book"), on PGlite and PostgreSQL:
 * adding asks for the payment password and, once set, the second factor; an entry is refused for
 * 24 hours after it was added (with the hours left) and then pays out; "only to my address book"
 * refuses a typed address at once and takes 24 hours to turn off; another user's entry is not
 * found; addresses and IBANs are checked as withdrawals and the bank binding check them; the
 * checks hold in a second server process on the same database.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AddressBook, AddressEntry, AddressLock, WithdrawalRecord } from '../../src/domain/wire';
import { rowsOf } from '../../server/db/rows';
import { balanceOf } from '../../server/ledger/accounts';
import { startTestApp, USDT, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const TRC20 = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const OTHER_TRC20 = 'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9';
const ERC20 = '0x52908400098527886E0F7030069857D2E4169EE7';
const IBAN = 'DE89 3704 0044 0532 0130 00';
const HOUR = 3600;
const DAY = 24 * HOUR;

type User = Awaited<ReturnType<TestApp['payingUser']>>;
type Proof = { method: 'totp'; code: string } | { method: 'recovery'; code: string };

function paid(app: TestApp, user: User, url: string, body: Record<string, unknown>, key: string = crypto.randomUUID()) {
  return app.post<unknown>(url, { payPassword: user.payPassword, ...body }, { token: user.token, headers: { 'idempotency-key': key } });
}

async function add(user: User, entry: Record<string, unknown>, options: { app?: TestApp; secondFactor?: Proof } = {}) {
  const reply = await paid(options.app ?? t, user, '/wallet/address-book/add', { ...entry, ...(options.secondFactor ? { secondFactor: options.secondFactor } : {}) });
  return reply as { status: number; body: { key?: string; message: string; data: AddressEntry | null; field?: string } };
}

async function added(user: User, entry: Record<string, unknown>, options: { app?: TestApp; secondFactor?: Proof } = {}): Promise<AddressEntry> {
  const reply = await add(user, entry, options);
  if (reply.status !== 200) throw new Error(`entry not added: ${JSON.stringify(reply.body)}`);
  return reply.body.data!;
}

function withdraw(user: User, body: Record<string, unknown>, app: TestApp = t) {
  return paid(app, user, '/wallet/out', { amount: '30', ...body }) as Promise<{ status: number; body: { key?: string; message: string; data: WithdrawalRecord & { usableAt?: string } | null } }>;
}

async function bookOf(user: User, app: TestApp = t): Promise<AddressBook> {
  const reply = await app.get<AddressBook>('/wallet/address-book', { token: user.token });
  expect(reply.status).toBe(200);
  return reply.body.data!;
}

async function lock(user: User, on: boolean, app: TestApp = t, secondFactor?: Proof) {
  return (await paid(app, user, '/wallet/address-book/lock', { on, ...(secondFactor ? { secondFactor } : {}) })) as { status: number; body: { key?: string; data: AddressLock | null } };
}

/** A user with 500 USDT and 500 EUR. */
async function fundedUser(): Promise<User> {
  const user = await t.payingUser();
  await t.fund(user.userId, 'USDT', USDT(500));
  await t.fund(user.userId, 'EUR', 500n * 100n);
  return user;
}

/** The 24-hour pause a security change sets, lifted: what is left to see is the address book's own rule. */
async function liftPause(user: User): Promise<void> {
  await t.database.db.execute(sql`UPDATE users SET withdrawals_paused_until = NULL WHERE id = ${user.userId}::uuid`);
}

async function available(user: User, asset: 'USDT' | 'EUR'): Promise<bigint> {
  return balanceOf(t.database.db, user.userId, asset, 'available');
}

async function mailTo(address: string, subject: RegExp): Promise<string | undefined> {
  for (let i = 0; i < 100; i++) {
    const mail = t.mailbox.to(address).find((each) => subject.test(each.subject));
    if (mail) return mail.text;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return undefined;
}

describe('adding an entry', () => {
  test('a crypto address is usable 24 hours after it was added: refused before with the hours left, paid to after; the owner is alerted', async () => {
    const user = await fundedUser();
    const entry = await added(user, { kind: 'crypto', label: 'Cold wallet', network: 'TRC20', address: TRC20 });
    expect(entry).toMatchObject({ kind: 'crypto', label: 'Cold wallet', network: 'TRC20', address: TRC20 });
    expect(new Date(entry.usableAt).getTime() - new Date(entry.createdAt).getTime()).toBe(DAY * 1000);
    expect((await bookOf(user)).entries.map((each) => each.id)).toEqual([entry.id]);

    // The owner hears of it at once, with the time it becomes usable: 24 hours to remove it.
    const alert = await mailTo(user.email, /Cold wallet/);
    expect(alert).toContain(TRC20);
    expect(alert).toContain(entry.usableAt.slice(0, 16).replace('T', ' '));

    const before = await available(user, 'USDT');
    t.clock.advance(DAY - 2 * HOUR - 60);
    const early = await withdraw(user, { method: 'crypto', entryId: entry.id });
    expect(early.status).toBe(403);
    expect(early.body.key).toBe('addressBook.coolingOff');
    expect(early.body.message).toMatch(/\b3\b/);
    expect((early.body.data as unknown as { usableAt: string }).usableAt).toBe(entry.usableAt);
    expect(await available(user, 'USDT')).toBe(before);

    t.clock.advance(2 * HOUR + 60);
    const paidOut = await withdraw(user, { method: 'crypto', entryId: entry.id });
    expect(paidOut.status).toBe(200);
    expect(paidOut.body.data).toMatchObject({ method: 'crypto', network: 'TRC20', destination: TRC20, amount: '30.000000' });
    expect(await available(user, 'USDT')).toBe(before - USDT(30));
  });

  test('a bank account of the book pays out instead of the bound one (none bound here)', async () => {
    const user = await fundedUser();
    const entry = await added(user, { kind: 'bank', label: 'Savings', holder: 'Mira Haddad', iban: IBAN, bic: 'deutdeff' });
    expect(entry).toMatchObject({ kind: 'bank', holder: 'Mira Haddad', iban: 'DE89370400440532013000', bic: 'DEUTDEFF' });
    // Without an entry and with no account bound, the bank method has nowhere to pay.
    expect((await withdraw(user, { method: 'bank' })).body.key).toBe('bank.required');
    expect((await withdraw(user, { method: 'bank', entryId: entry.id })).body.key).toBe('addressBook.coolingOff');
    t.clock.advance(DAY);
    const paidOut = await withdraw(user, { method: 'bank', entryId: entry.id });
    expect(paidOut.status).toBe(200);
    expect(paidOut.body.data).toMatchObject({ method: 'bank', asset: 'EUR', network: null, destination: 'DE89370400440532013000 (Mira Haddad)' });
    // A bank entry is no crypto destination: named for the other method, it is not found.
    expect((await withdraw(user, { method: 'crypto', entryId: entry.id })).body.key).toBe('addressBook.notFound');
  });

  test('with a second factor set, adding asks for it; without it nothing is added, with it the entry is', async () => {
    const user = await fundedUser();
    const { secret } = await t.setUpTotp(user);
    const refused = await add(user, { kind: 'crypto', label: 'Exchange', network: 'ERC20', address: ERC20 });
    expect(refused.status).toBe(403);
    expect(refused.body.key).toBe('secondFactor.required');
    const wrong = await add(user, { kind: 'crypto', label: 'Exchange', network: 'ERC20', address: ERC20 }, { secondFactor: { method: 'totp', code: '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.key).toBe('secondFactor.wrong');
    expect((await bookOf(user)).entries).toEqual([]);

    const entry = await added(user, { kind: 'crypto', label: 'Exchange', network: 'ERC20', address: ERC20 }, { secondFactor: t.nextTotp(secret) });
    expect((await bookOf(user)).entries.map((each) => each.id)).toEqual([entry.id]);
  });

  test('the payment password is asked for; a wrong one adds nothing', async () => {
    const user = await fundedUser();
    const reply = await add({ ...user, payPassword: '111222' } as User, { kind: 'crypto', label: 'X', network: 'TRC20', address: TRC20 });
    expect(reply.body.key).toBe('payPassword.wrong');
    expect((await bookOf(user)).entries).toEqual([]);
  });

  test('bad checksums and bad labels are refused, in the user’s language, with nothing saved', async () => {
    const user = await fundedUser();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      // A character TRON's base58 does not have, and an Ethereum address one hex digit short.
      [{ kind: 'crypto', label: 'A', network: 'TRC20', address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU0' }, 'address.invalid', 'address'],
      [{ kind: 'crypto', label: 'A', network: 'ERC20', address: ERC20.slice(0, -1) }, 'address.invalid', 'address'],
      // A TRON address on the Ethereum network.
      [{ kind: 'crypto', label: 'A', network: 'ERC20', address: TRC20 }, 'address.invalid', 'address'],
      // The IBAN's mod 97 with one digit changed.
      [{ kind: 'bank', label: 'A', holder: 'Mira Haddad', iban: 'DE89370400440532013001', bic: 'DEUTDEFF' }, 'bank.ibanInvalid', 'iban'],
      [{ kind: 'bank', label: 'A', holder: 'Mira Haddad', iban: IBAN, bic: 'DEUT' }, 'bank.swiftInvalid', 'bic'],
      [{ kind: 'bank', label: 'A', holder: '  ', iban: IBAN, bic: 'DEUTDEFF' }, 'addressBook.holderRequired', 'holder'],
      [{ kind: 'crypto', label: '   ', network: 'TRC20', address: TRC20 }, 'addressBook.labelInvalid', 'label'],
      [{ kind: 'crypto', label: 'x'.repeat(41), network: 'TRC20', address: TRC20 }, 'addressBook.labelInvalid', 'label'],
    ];
    for (const [entry, key, field] of cases) {
      const reply = await add(user, entry);
      expect(reply.status, `${key} for ${JSON.stringify(entry)}`).toBe(400);
      expect(reply.body.key).toBe(key);
      expect(reply.body.field).toBe(field);
    }
    const german = await t.post('/wallet/address-book/add', { kind: 'bank', label: 'A', holder: 'M', iban: 'DE89370400440532013001', bic: 'DEUTDEFF', payPassword: user.payPassword }, { token: user.token, headers: { 'idempotency-key': crypto.randomUUID(), 'accept-language': 'de' } });
    expect(german.body.message).toBe('Diese IBAN ist ungültig.');
    expect((await bookOf(user)).entries).toEqual([]);
  });

  test('one entry per destination (an Ethereum address in any case is the same); at most 50 entries', async () => {
    const user = await fundedUser();
    await added(user, { kind: 'crypto', label: 'One', network: 'ERC20', address: ERC20 });
    const again = await add(user, { kind: 'crypto', label: 'Two', network: 'ERC20', address: ERC20.toLowerCase() });
    expect(again.status).toBe(409);
    expect(again.body.key).toBe('addressBook.exists');
    // The same text on the other network is another destination.
    await added(user, { kind: 'bank', label: 'Bank', holder: 'Mira Haddad', iban: IBAN, bic: 'DEUTDEFF' });
    expect((await add(user, { kind: 'bank', label: 'Bank again', holder: 'M H', iban: 'DE89370400440532013000', bic: 'DEUTDEFF' })).body.key).toBe('addressBook.exists');

    // Filled to 50 directly (each one a unique ERC20 address), then one more through the API.
    const rows = Array.from({ length: 48 }, (_, i) => {
      const address = `0x${(i + 1).toString(16).padStart(40, '0')}`;
      return sql`(${user.userId}::uuid, ${`Wallet ${i}`}, 'crypto', 'ERC20', ${address}, ${`ERC20:${address}`}, now(), now())`;
    });
    await t.database.db.execute(sql`INSERT INTO address_book (user_id, label, kind, network, address, destination_key, created_at, usable_at) VALUES ${sql.join(rows, sql`, `)}`);
    expect((await bookOf(user)).entries).toHaveLength(50);
    const full = await add(user, { kind: 'crypto', label: 'Fifty-one', network: 'TRC20', address: TRC20 });
    expect(full.status).toBe(409);
    expect(full.body.key).toBe('addressBook.full');
    expect(full.body.message).toMatch(/\b50\b/);
    expect((await bookOf(user)).entries).toHaveLength(50);
  });
});

describe('the entries are their owner’s', () => {
  test("another user's entry id is not found for a withdrawal, a rename or a removal, and nothing changes", async () => {
    const owner = await fundedUser();
    const other = await fundedUser();
    const entry = await added(owner, { kind: 'crypto', label: 'Mine', network: 'TRC20', address: TRC20 });
    t.clock.advance(DAY + 60);
    const before = await available(other, 'USDT');

    const stolen = await withdraw(other, { method: 'crypto', entryId: entry.id });
    expect(stolen.status).toBe(404);
    expect(stolen.body.key).toBe('addressBook.notFound');
    expect(await available(other, 'USDT')).toBe(before);
    const renamed = await t.post('/wallet/address-book/rename', { id: entry.id, label: 'Theirs' }, { token: other.token });
    expect(renamed.status).toBe(404);
    expect(renamed.body.key).toBe('addressBook.notFound');
    const removed = await t.post('/wallet/address-book/remove', { id: entry.id }, { token: other.token });
    expect(removed.status).toBe(404);

    expect((await bookOf(owner)).entries).toEqual([entry]);
    expect((await bookOf(other)).entries).toEqual([]);
  });

  test('a label can be changed (its cooling-off stays); a removed entry is gone and no longer pays out', async () => {
    const user = await fundedUser();
    const entry = await added(user, { kind: 'crypto', label: 'Old', network: 'TRC20', address: TRC20 });
    const renamed = await t.post<AddressEntry>('/wallet/address-book/rename', { id: entry.id, label: '  New name ' }, { token: user.token });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toEqual({ ...entry, label: 'New name' });

    const removed = await t.post('/wallet/address-book/remove', { id: entry.id }, { token: user.token });
    expect(removed.status).toBe(200);
    expect((await bookOf(user)).entries).toEqual([]);
    t.clock.advance(DAY + 60);
    expect((await withdraw(user, { method: 'crypto', entryId: entry.id })).body.key).toBe('addressBook.notFound');
    expect((await t.post('/wallet/address-book/remove', { id: entry.id }, { token: user.token })).status).toBe(404);
  });

  test('a withdrawal names an entry or types an address, not both', async () => {
    const user = await fundedUser();
    const entry = await added(user, { kind: 'crypto', label: 'Cold', network: 'TRC20', address: TRC20 });
    const both = await withdraw(user, { method: 'crypto', entryId: entry.id, network: 'TRC20', address: OTHER_TRC20 });
    expect(both.status).toBe(400);
    expect(both.body.key).toBe('request.invalid');
  });
});

describe('only to my address book', () => {
  test('on at once: a typed address is refused, a usable entry pays out; it is a security change', async () => {
    const user = await fundedUser();
    const entry = await added(user, { kind: 'crypto', label: 'Cold', network: 'TRC20', address: TRC20 });
    const waiting = await added(user, { kind: 'crypto', label: 'New', network: 'TRC20', address: OTHER_TRC20 });
    await t.database.db.execute(sql`UPDATE address_book SET usable_at = created_at WHERE id = ${entry.id}`);
    const otherPhone = await t.login(user.username, user.password);
    // Off, a typed address goes as today, and the book's entries are still checked.
    expect((await withdraw(user, { method: 'crypto', network: 'TRC20', address: OTHER_TRC20 })).status).toBe(200);
    expect((await withdraw(user, { method: 'crypto', entryId: waiting.id })).body.key).toBe('addressBook.coolingOff');

    const on = await lock(user, true);
    expect(on.status).toBe(200);
    expect(on.body.data).toEqual({ on: true, offAt: null });
    expect((await bookOf(user)).lock).toEqual({ on: true, offAt: null });
    // A security change: the other session ends, withdrawals pause, it is in the log.
    expect((await t.get('/user/info', { token: otherPhone })).status).toBe(401);
    const security = await t.get<{ withdrawalsPausedUntil: string | null; changes: Array<{ kind: string }> }>('/safe/security', { token: user.token });
    expect(security.body.data!.changes[0].kind).toBe('addressBookLock');
    expect(security.body.data!.withdrawalsPausedUntil).not.toBeNull();

    await liftPause(user);
    const typed = await withdraw(user, { method: 'crypto', network: 'TRC20', address: TRC20 });
    expect(typed.status).toBe(403);
    expect(typed.body.key).toBe('addressBook.locked');
    const bound = await withdraw(user, { method: 'bank' });
    expect(bound.body.key).toBe('addressBook.locked');
    expect((await withdraw(user, { method: 'crypto', entryId: waiting.id })).body.key).toBe('addressBook.coolingOff');
    expect((await withdraw(user, { method: 'crypto', entryId: entry.id })).status).toBe(200);

    // Asking again for what it is changes nothing: no second security change.
    const events = async () => (await rowsOf(t.database.db, sql`SELECT 1 FROM security_events WHERE user_id = ${user.userId}::uuid AND kind = 'addressBookLock'`)).length;
    const count = await events();
    expect((await lock(user, true)).body.data).toEqual({ on: true, offAt: null });
    expect(await events()).toBe(count);
  });

  test('off takes 24 hours from the asking (shown), is a security change, and turning it on again calls the off away', async () => {
    const user = await fundedUser();
    const entry = await added(user, { kind: 'crypto', label: 'Cold', network: 'TRC20', address: TRC20 });
    await lock(user, true);
    t.clock.advance(DAY + 60);

    const askedAt = t.clock.now();
    const off = await lock(user, false);
    expect(off.status).toBe(200);
    const offAt = new Date(askedAt.getTime() + DAY * 1000).toISOString();
    expect(off.body.data).toEqual({ on: true, offAt });
    const security = await t.get<{ changes: Array<{ kind: string }> }>('/safe/security', { token: user.token });
    expect(security.body.data!.changes.filter((change) => change.kind === 'addressBookLock')).toHaveLength(2);
    // Asking again while it waits keeps the first time.
    t.clock.advance(HOUR);
    expect((await lock(user, false)).body.data).toEqual({ on: true, offAt });

    // The pause of the asking aside (its own rule), the lock still holds until offAt.
    await liftPause(user);
    t.clock.advance(DAY - HOUR - 120);
    expect((await bookOf(user)).lock).toEqual({ on: true, offAt });
    expect((await withdraw(user, { method: 'crypto', network: 'TRC20', address: OTHER_TRC20 })).body.key).toBe('addressBook.locked');
    expect((await withdraw(user, { method: 'crypto', entryId: entry.id })).status).toBe(200);
    t.clock.advance(120);
    expect((await bookOf(user)).lock).toEqual({ on: false, offAt: null });
    expect((await withdraw(user, { method: 'crypto', network: 'TRC20', address: OTHER_TRC20 })).status).toBe(200);

    // On again, then off asked and called away by turning it on: it stays on.
    await lock(user, true);
    await lock(user, false);
    expect((await lock(user, true)).body.data).toEqual({ on: true, offAt: null });
    await liftPause(user);
    t.clock.advance(DAY + 60);
    expect((await withdraw(user, { method: 'crypto', network: 'TRC20', address: OTHER_TRC20 })).body.key).toBe('addressBook.locked');
  });

  test('with a second factor set, the lock asks for it', async () => {
    const user = await fundedUser();
    const { secret } = await t.setUpTotp(user);
    expect((await lock(user, true)).body.key).toBe('secondFactor.required');
    expect((await bookOf(user)).lock.on).toBe(false);
    expect((await lock(user, true, t, t.nextTotp(secret))).body.data).toEqual({ on: true, offAt: null });
  });
});

describe('two server processes on one database', () => {
  test('an entry added in one is cooling off in the other; the lock set in one holds in the other', async () => {
    const other = await startTestApp({ sameInstallationAs: t });
    try {
      const user = await fundedUser();
      const entry = await added(user, { kind: 'crypto', label: 'Cold', network: 'TRC20', address: TRC20 });
      const early = await withdraw(user, { method: 'crypto', entryId: entry.id }, other);
      expect(early.status).toBe(403);
      expect(early.body.key).toBe('addressBook.coolingOff');

      expect((await lock(user, true, other)).body.data).toEqual({ on: true, offAt: null });
      await liftPause(user);
      expect((await withdraw(user, { method: 'crypto', network: 'TRC20', address: TRC20 })).body.key).toBe('addressBook.locked');

      t.clock.advance(DAY + 60);
      expect((await withdraw(user, { method: 'crypto', entryId: entry.id }, other)).status).toBe(200);
      expect((await bookOf(user, other)).entries).toEqual((await bookOf(user)).entries);
      await t.assertLedgerClean();
    } finally {
      await other.close();
    }
  });
});
