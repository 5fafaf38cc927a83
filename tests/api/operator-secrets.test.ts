/**
 * Operators' authenticator secrets at rest (docs/security.md, "Secrets at rest"): sealed under
 * SECRETS_KEY like users', with the operator's id bound in; an installation from before migration
 * 0027 kept them in the clear, and the server seals those at its start. On PGlite and, with
 * TEST_DATABASE_URL, PostgreSQL.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { DEMO_OPERATOR } from '../../server/modules/ops/demo';
import { openOperatorSecret, sealOperatorSecret, sealPlainOperatorSecrets } from '../../server/modules/ops/operator-secrets';
import { hashPassword } from '../../server/security/passwords';
import { createSealer } from '../../server/security/sealed';
import { newTotpSecret, totpCode } from '../../server/security/totp';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface Row {
  id: string;
  plain: string | null;
  pendingPlain: string | null;
  sealed: Buffer | null;
  pendingSealed: Buffer | null;
}
const rowOf = async (username: string): Promise<Row> =>
  (
    await rowsOf<Row>(
      t.database.db,
      sql`SELECT id::text, totp_secret AS plain, pending_totp_secret AS "pendingPlain", totp_sealed AS sealed, pending_totp_sealed AS "pendingSealed" FROM operators WHERE username = ${username}`,
    )
  )[0];
const login = (username: string, password: string, secret: string) =>
  t.post('/ops/login', { username, password, totp: totpCode(secret, t.clock.now()), client: 'cli' });

describe("operators' authenticator secrets at rest", () => {
  test('the seeded demo operator holds its secret sealed only, and signs in with it', async () => {
    const row = await rowOf(DEMO_OPERATOR.username);
    expect(row.plain).toBeNull();
    expect(Buffer.from(row.sealed!).includes(DEMO_OPERATOR.totpSecret)).toBe(false);
    expect(openOperatorSecret(createSealer(t.secretsKey), row.id, Buffer.from(row.sealed!))).toBe(DEMO_OPERATOR.totpSecret);
    t.clock.advance(31);
    expect((await login(DEMO_OPERATOR.username, DEMO_OPERATOR.password, DEMO_OPERATOR.totpSecret)).status).toBe(200);
  });

  test('a secret an older version kept in the clear (and one waiting in a rotation) is sealed at start, once, and still signs in', async () => {
    const username = `legacy${crypto.randomBytes(3).toString('hex')}`;
    const password = 'correct horse battery';
    const [secret, pending] = [newTotpSecret(), newTotpSecret()];
    await t.database.db.execute(
      sql`INSERT INTO operators (username, password_hash, totp_secret, pending_totp_secret, role, created_at)
          VALUES (${username}, ${await hashPassword(password)}, ${secret}, ${pending}, 'support', now())`,
    );
    const sealer = createSealer(t.secretsKey);
    expect(await sealPlainOperatorSecrets(t.database.db, sealer)).toBe(1);
    // A second process starting at the same time finds nothing left to seal.
    expect(await sealPlainOperatorSecrets(t.database.db, sealer)).toBe(0);
    const row = await rowOf(username);
    expect({ plain: row.plain, pendingPlain: row.pendingPlain }).toEqual({ plain: null, pendingPlain: null });
    expect(openOperatorSecret(sealer, row.id, Buffer.from(row.sealed!))).toBe(secret);
    expect(openOperatorSecret(sealer, row.id, Buffer.from(row.pendingSealed!))).toBe(pending);
    t.clock.advance(31);
    expect((await login(username, password, secret)).status).toBe(200);
  });

  test("a sealed secret opens only for its own operator and under the installation's key", () => {
    const sealer = createSealer(t.secretsKey);
    const [mine, other] = [crypto.randomUUID(), crypto.randomUUID()];
    const sealed = sealOperatorSecret(sealer, mine, 'JBSWY3DPEHPK3PXP');
    expect(openOperatorSecret(sealer, mine, sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => openOperatorSecret(sealer, other, sealed)).toThrow();
    expect(() => openOperatorSecret(createSealer(crypto.randomBytes(32)), mine, sealed)).toThrow();
  });

  test('an operator made through the API, and a rotation, keep nothing in the clear', async () => {
    t.clock.advance(31);
    const admin = await login(DEMO_OPERATOR.username, DEMO_OPERATOR.password, DEMO_OPERATOR.totpSecret);
    const auth = { token: (admin.body.data as { token: string }).token };
    const username = `fresh${crypto.randomBytes(3).toString('hex')}`;
    const made = await t.post('/ops/operators', { username, password: 'correct horse battery', role: 'support' }, auth);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const { totpSecret } = made.body.data as { totpSecret: string };
    const row = await rowOf(username);
    expect(row.plain).toBeNull();
    expect(Buffer.from(row.sealed!).includes(totpSecret)).toBe(false);
    t.clock.advance(31);
    const own = await login(username, 'correct horse battery', totpSecret);
    expect(own.status).toBe(200);
    const ownAuth = { token: (own.body.data as { token: string }).token };
    t.clock.advance(31);
    const started = await t.post('/ops/totp/rotate', { totp: totpCode(totpSecret, t.clock.now()) }, ownAuth);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const next = (started.body.data as { totpSecret: string }).totpSecret;
    const waiting = await rowOf(username);
    expect(waiting.pendingPlain).toBeNull();
    expect(Buffer.from(waiting.pendingSealed!).includes(next)).toBe(false);
    t.clock.advance(31);
    expect((await t.post('/ops/totp/confirm', { totp: totpCode(next, t.clock.now()) }, ownAuth)).status).toBe(200);
    t.clock.advance(31);
    expect((await login(username, 'correct horse battery', next)).status).toBe(200);
  });
});
