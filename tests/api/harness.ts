/**
 * One real Tessera app per test file: the Fastify app built by buildApp (driven with inject),
 * a real database (in-memory PGlite, or a throwaway PostgreSQL database with TEST_DATABASE_URL),
 * a real SMTP server receiving the e-mails, the log SMS provider's outbox, and a clock the test
 * moves. Nothing of ours is mocked.
 */
import crypto from 'node:crypto';
import { newTotpSecret, totpCode } from '../../server/security/totp';
import { hashPassword } from '../../server/security/passwords';
import { createSealer } from '../../server/security/sealed';
import { sealOperatorSecret } from '../../server/modules/ops/operator-secrets';
import type { OperatorRole } from '../../src/domain/operators';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Envelope } from '../../src/domain/envelope';
import type { CoinEntry, DepositRecord } from '../../src/domain/wire';
import { operatorSessions, operators } from '../../server/db/schema';
import { newSessionToken, tokenDigest } from '../../server/security/tokens';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { seed } from '../../server/db/seed';
import type { RateLimits } from '../../server/http/rate-limits';
import { createMailer } from '../../server/modules/mailer/mailer';
import { LogSmsProvider } from '../../server/modules/sms/provider';
import { openTestDatabase, type TestDatabase } from './database';
import type { Asset } from '../../src/domain/money';
import { inTransaction } from '../../server/db/transaction';
import { postTransfer } from '../../server/ledger/transfers';
import { verifyLedger } from '../../server/ledger/verify';
import { balanceTotals } from '../../server/ledger/accounts';
import type { PlatformPurpose } from '../../src/domain/ledger';
import { sentToDatabase } from '../../server/db/named-statements';
import { writeOutbox } from '../../server/outbox';
import { Mailbox } from './mailbox';

export class TestClock {
  private current = new Date('2030-01-15T09:00:00.000Z');
  readonly now = () => new Date(this.current);
  advance(seconds: number): void {
    this.current = new Date(this.current.getTime() + seconds * 1000);
  }
}

export interface Reply<T = unknown> {
  status: number;
  body: Envelope<T>;
  headers: Record<string, string | string[] | number | undefined>;
}

export interface CallOptions {
  token?: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

export interface TestAppOptions {
  rateLimits?: RateLimits;
  publicDir?: string;
  env?: Record<string, string>;
  /** Runs on the built app before it is made ready (e.g. to add a route). */
  beforeReady?: (app: FastifyInstance) => void;
  /** As main.ts passes it: API requests wait for this (the database still opening). */
  databaseReady?: Promise<unknown>;
  /**
   * A second server process of the same installation: this app uses the other's database and
   * clock (and leaves the database to it to close).
   */
  sameInstallationAs?: { database: TestDatabase; clock: TestClock; codePepper: string; secretsKey: Buffer };
}

const silentLog = { info: () => undefined };

/** A real 1×1 PNG: a payment proof or an avatar the server accepts. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Minor units of USDT (6 decimals). */
export const USDT = (units: number) => BigInt(units) * 1_000_000n;

export interface ChargeOptions {
  /** The proof; null sends none; a PNG when absent. */
  file?: { bytes: Buffer; name: string; type: string } | null;
  /** The Idempotency-Key; null sends none; a new one when absent. */
  key?: string | null;
}

export interface SignUpFields {
  username?: string;
  password?: string;
  inviteCode?: string;
}

export const STRONG_PASSWORD = '583921';
export const OTHER_PASSWORD = '730164';
export const PAY_PASSWORD = '250917';

export async function startTestApp(options: TestAppOptions = {}) {
  const { mailbox, url: smtpUrl } = await Mailbox.start();
  const shared = options.sameInstallationAs;
  const database: TestDatabase = shared ? shared.database : await openTestDatabase();
  const closeDatabase = () => (shared ? Promise.resolve() : database.close());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-api-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_DIR: options.publicDir ?? path.join(dataDir, 'no-pwa'),
    SMTP_URL: smtpUrl,
    LOG_LEVEL: 'silent',
    // No load shedding unless a test asks for it (tests/api/load.test.ts): a test machine running
    // several suites lags now and then, and the race tests queue for the pool on purpose.
    SHED_EVENT_LOOP_DELAY_MS: '0',
    SHED_DB_WAITING: '0',
    ...options.env,
  });
  // The suites sign in with the demo operator: seeded whatever the database.
  // One installation, one secret: payment passwords set through either app verify in both.
  const codePepper = shared ? shared.codePepper : crypto.randomBytes(32).toString('base64url');
  const secretsKey = shared ? shared.secretsKey : crypto.randomBytes(32);
  if (!shared) await seed(database.db, config, { codePepper, secretsKey }, { demo: true });
  const clock = shared ? shared.clock : new TestClock();
  const sms = new LogSmsProvider(silentLog);
  const mailer = createMailer(config.smtpUrl, config.mailFrom, silentLog);
  const app: FastifyInstance = await buildApp({
    config,
    db: database.db,
    dbWaiting: database.waiting,
    dbPool: database.pool,
    listen: database.listen,
    copyDatabase: database.copy,
    clock: clock.now,
    codePepper,
    secretsKey,
    mailer,
    sms,
    rateLimits: options.rateLimits,
    databaseReady: options.databaseReady,
    // Every reply of every test is checked against the schema /api/docs states for it.
    checkReplies: true,
  });
  options.beforeReady?.(app);
  try {
    await app.ready();
  } catch (error) {
    await app.close().catch(() => undefined);
    mailer.close();
    await closeDatabase();
    await mailbox.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  async function call<T>(method: 'GET' | 'POST', url: string, body?: unknown, opts: CallOptions = {}): Promise<Reply<T>> {
    const inject: InjectOptions = {
      method,
      url: `/api${url}`,
      query: opts.query,
      headers: { ...(opts.token ? { authorization: opts.token } : {}), ...opts.headers },
      ...(body !== undefined ? { payload: body as InjectOptions['payload'] } : {}),
    };
    const response = await app.inject(inject);
    return { status: response.statusCode, body: response.json() as Envelope<T>, headers: response.headers };
  }

  /** Asks for the code of the contact, reads it where it was sent, and signs up with it. */
  async function signUp(contact: { method: 'email'; email: string } | { method: 'phone'; phone: string }, code: () => string, fields: SignUpFields) {
    const username = fields.username ?? t.uniqueUsername();
    const password = fields.password ?? STRONG_PASSWORD;
    const sent = contact.method === 'email' ? await t.post('/sms_mail', { email: contact.email, purpose: 'register' }) : await t.post('/sms_send', { phone: contact.phone, purpose: 'register' });
    if (sent.status !== 200) throw new Error(`code not sent: ${JSON.stringify(sent.body)}`);
    const registered = await t.post('/user/register', {
      ...contact,
      code: code(),
      password,
      confirmPassword: password,
      username,
      agreed: true,
      ...(fields.inviteCode ? { inviteCode: fields.inviteCode } : {}),
    });
    if (registered.status !== 200) throw new Error(`not registered: ${JSON.stringify(registered.body)}`);
    return { username, password };
  }

  let sequence = 0;
  let financeOperatorId: Promise<string> | undefined;
  const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}${crypto.randomBytes(2).toString('hex')}`;

  const t = {
    app,
    clock,
    mailbox,
    sms,
    config,
    database,
    codePepper,
    secretsKey,
    get: <T = unknown>(url: string, opts?: CallOptions) => call<T>('GET', url, undefined, opts),
    post: <T = unknown>(url: string, body?: unknown, opts?: CallOptions) => call<T>('POST', url, body ?? {}, opts),

    /** Rows written into the outbox as a committed transaction writes them, then delivered (server/outbox.ts); the handlers' results by id. */
    async throughOutbox(rows: Parameters<typeof writeOutbox>[1]): Promise<Map<string, unknown>> {
      return app.services.outbox.deliver(await writeOutbox(database.db, rows));
    },

    uniqueEmail: () => `u${unique()}@example.com`,
    uniquePhone: () => `+49176${crypto.randomInt(10_000_000, 100_000_000)}`,
    uniqueUsername: () => `user${unique()}`.slice(0, 20),

    /** The six digits of the newest mail to an address. */
    codeFromMail(address: string): string {
      // The newest mail that brings a code: an alert (a withdrawal's amount) may have come after it.
      const mail = mailbox
        .to(address)
        .reverse()
        .find((each) => /code/i.test(each.subject) && /\b\d{6}\b/.test(each.text));
      const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
      if (!code) throw new Error(`no code mailed to ${address}`);
      return code;
    },

    /** The six digits of the newest text message to a number. */
    codeFromSms(phone: string): string {
      const message = sms.outbox.filter((m) => m.to === phone).at(-1);
      const code = message && /\b(\d{6})\b/.exec(message.text)?.[1];
      if (!code) throw new Error(`no code texted to ${phone}`);
      return code;
    },

    /** A complete sign-up by e-mail, code read from the received mail; returns the credentials. */
    async registerByEmail(fields: SignUpFields & { email?: string } = {}) {
      const email = fields.email ?? t.uniqueEmail();
      return { email, ...(await signUp({ method: 'email', email }, () => t.codeFromMail(email), fields)) };
    },

    /** A complete sign-up by phone, code read from the texted message; returns the credentials. */
    async registerByPhone(fields: SignUpFields & { phone?: string } = {}) {
      const phone = fields.phone ?? t.uniquePhone();
      return { phone, ...(await signUp({ method: 'phone', phone }, () => t.codeFromSms(phone), fields)) };
    },

    async login(account: string, password: string): Promise<string> {
      const reply = await t.post<{ token: string }>('/user/login', { account, password });
      if (reply.status !== 200 || !reply.body.data) throw new Error(`login failed: ${JSON.stringify(reply.body)}`);
      return reply.body.data.token;
    },

    /** A new account and a session of it. */
    async signedInUser() {
      const user = await t.registerByEmail();
      return { ...user, token: await t.login(user.username, user.password) };
    },

    /** The id of the account behind a session. */
    async userIdOf(token: string): Promise<string> {
      const reply = await t.get<{ id: string }>('/user/info', { token });
      if (reply.status !== 200 || !reply.body.data) throw new Error(`no user info: ${JSON.stringify(reply.body)}`);
      return reply.body.data.id;
    },

    /**
     * Puts money on a user's available account the way an operator correction does: a real
     * ledger transfer from the platform's adjustments account (minor units).
     */
    async fund(userId: string, asset: Asset, minor: bigint): Promise<void> {
      await inTransaction(database.db, (tx) =>
        postTransfer(tx, {
          debit: { platform: 'adjustments' },
          credit: { userId, purpose: 'available' },
          asset,
          amount: minor,
          kind: 'adjustment',
          reference: `test:${userId}`,
          idempotencyKey: `test-fund:${crypto.randomUUID()}`,
          reason: 'test funding',
          at: clock.now(),
        }),
      );
    },

    /** A signed-in user with the payment password set (PAY_PASSWORD). */
    async payingUser() {
      const user = await t.signedInUser();
      const set = await t.post('/safe/pay_password', { loginPassword: user.password, password: PAY_PASSWORD, confirmPassword: PAY_PASSWORD }, { token: user.token });
      if (set.status !== 200) throw new Error(`pay password not set: ${JSON.stringify(set.body)}`);
      return { ...user, userId: await t.userIdOf(user.token), payPassword: PAY_PASSWORD };
    },

    /**
     * Sets up the authenticator app of a signed-in user (login password, then the first code);
     * answers its secret and the ten recovery codes. A security change: withdrawals pause.
     */
    async setUpTotp(user: { token: string; password: string }): Promise<{ secret: string; recoveryCodes: string[] }> {
      const begun = await t.post<{ secret: string }>('/safe/totp/begin', { password: user.password }, { token: user.token });
      if (begun.status !== 200 || !begun.body.data) throw new Error(`totp not begun: ${JSON.stringify(begun.body)}`);
      const secret = begun.body.data.secret;
      const confirmed = await t.post<{ recoveryCodes: string[] }>('/safe/totp/confirm', { code: totpCode(secret, clock.now()) }, { token: user.token });
      if (confirmed.status !== 200 || !confirmed.body.data) throw new Error(`totp not confirmed: ${JSON.stringify(confirmed.body)}`);
      return { secret, recoveryCodes: confirmed.body.data.recoveryCodes };
    },

    /** The authenticator's code of the next 30-second step (a code is accepted once: the clock moves on first). */
    nextTotp(secret: string): { method: 'totp'; code: string } {
      clock.advance(30);
      return { method: 'totp', code: totpCode(secret, clock.now()) };
    },

    /** The deposit options of /currency/list. */
    async coins(): Promise<CoinEntry[]> {
      const reply = await t.get<{ legal: CoinEntry[] }>('/currency/list');
      if (reply.status !== 200 || !reply.body.data) throw new Error(`no coin list: ${JSON.stringify(reply.body)}`);
      return reply.body.data.legal;
    },

    /**
     * A finance operator written straight into the table (no password or code is used with it),
     * for tests that call the decisions of the deposits and withdrawals services; one per app.
     */
    async financeOperator(): Promise<string> {
      financeOperatorId ??= database.db
        .insert(operators)
        .values({ username: 'finance1', passwordHash: 'not-used-here', role: 'finance', createdAt: clock.now() })
        .returning({ id: operators.id })
        .then(([operator]) => operator.id);
      return financeOperatorId;
    },

    /** POST /wallet/charge_req as the PWA sends it: text fields first, then the file (a PNG unless told). */
    /**
     * An operator written straight into the table with a fresh authenticator secret, sealed as the
     * server seals it (ops/operator-secrets.ts): for tests that sign in at /ops/login.
     */
    async addOperator(input: { username: string; password: string; role: OperatorRole }): Promise<{ id: string; secret: string }> {
      const id = crypto.randomUUID();
      const secret = newTotpSecret();
      const passwordHash = await hashPassword(input.password);
      await database.db.insert(operators).values({ id, username: input.username, role: input.role, passwordHash, totpSealed: sealOperatorSecret(createSealer(secretsKey), id, secret), createdAt: clock.now() });
      return { id, secret };
    },

    /** A session of an operator written straight into the table: for tests about a decision, not the sign-in. */
    async operatorToken(operatorId: string): Promise<string> {
      const token = newSessionToken();
      await database.db
        .insert(operatorSessions)
        .values({ tokenHash: tokenDigest(token), operatorId, expiresAt: new Date(clock.now().getTime() + 3600_000), createdAt: clock.now(), lastSeenAt: clock.now() });
      return token;
    },

    async charge(token: string, fields: Record<string, string>, options: ChargeOptions = {}) {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      const file = options.file === undefined ? { bytes: PNG, name: 'proof.png', type: 'image/png' } : options.file;
      if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
      const encoded = new Response(form);
      const key = options.key === undefined ? crypto.randomUUID() : options.key;
      const response = await app.inject({
        method: 'POST',
        url: '/api/wallet/charge_req',
        headers: {
          authorization: token,
          'content-type': encoded.headers.get('content-type')!,
          ...(key === null ? {} : { 'idempotency-key': key }),
        },
        payload: Buffer.from(await encoded.arrayBuffer()),
      });
      return { status: response.statusCode, body: response.json() as Envelope<DepositRecord> & { data: DepositRecord } };
    },

    /** A deposit request that must be accepted. */
    async requestDeposit(token: string, fields: Record<string, string>): Promise<DepositRecord> {
      const reply = await t.charge(token, fields);
      if (reply.status !== 200) throw new Error(`deposit refused: ${JSON.stringify(reply.body)}`);
      return reply.body.data;
    },

    /** An identity image (a PNG) uploaded for a loan application: its id. */
    async identityImage(token: string): Promise<number> {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'passport.png');
      const encoded = new Response(form);
      const response = await app.inject({
        method: 'POST',
        url: '/api/loan/document',
        headers: { authorization: token, 'content-type': encoded.headers.get('content-type')! },
        payload: Buffer.from(await encoded.arrayBuffer()),
      });
      if (response.statusCode !== 200) throw new Error(`image refused: ${response.body}`);
      return (response.json() as { data: { id: number } }).data.id;
    },

    /** What a platform account holds: the sum of its shards (0034_platform_account_shards.sql), as operators' totals read it. */
    async platformBalance(purpose: PlatformPurpose, asset: Asset): Promise<bigint> {
      return (await balanceTotals(database.db)).platform[asset][purpose];
    },

    /** The ledger's invariants; throws with the report when one is broken. */
    async assertLedgerClean(): Promise<void> {
      const report = await verifyLedger(database.db);
      if (!report.ok) throw new Error(`ledger broken:\n${report.problems.map((p) => `${p.check}: ${p.detail}`).join('\n')}`);
    },

    async close() {
      await app.close();
      mailer.close();
      await closeDatabase();
      await mailbox.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return t;
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/**
 * The round trips this process sent to PostgreSQL while `call` ran (server/db/named-statements.ts
 * counts them; none on PGlite), after a pause in which the outbox's deliveries of earlier calls end.
 */
export async function roundTripsOf<T>(call: () => Promise<T>): Promise<{ result: T; trips: number }> {
  await new Promise((resolve) => setTimeout(resolve, 300));
  const before = sentToDatabase.roundTrips;
  const result = await call();
  return { result, trips: sentToDatabase.roundTrips - before };
}
