/**
 * The property-based fuzz of the whole API (issue 11): for every operation of GET /api/docs,
 * fast-check sends valid requests and the same requests spoiled in one place — NUL and other
 * control characters, lone surrogates, very long texts, numbers past 2^31 and 2^63, exponent and
 * NaN-ish numeric strings, deep nesting, wrong types, extra fields, broken JSON, wrong content
 * types, multipart without boundary, cut off or with too many fields, image bombs — without a
 * token, with a user's and with an admin operator's session. The properties:
 *  - no reply is 5xx (a 503 with Retry-After is load shedding, not a failure);
 *  - a refusal (4xx) is the envelope with a message;
 *  - an image bomb is refused;
 *  - after an admin's successful change of settings, coins or VIP levels, the reads that depend
 *    on them still answer (a value without bound must not break every quote);
 *  - at the end, the ledger holds and moved only for 2xx money calls (see ledger.ts), and at
 *    least one money call succeeded (else that property would hold for nothing).
 * The run itself must be real: every operation sends at least MIN_REQUESTS requests (its share of
 * the time has a floor, and it goes on past its share until it has sent them), every operation
 * but those of NO_SUCCESS (where the fuzz's setup cannot make one succeed, each with its reason)
 * is answered 2xx at least once, and a fuzz harness that breaks (an error that is not a finding,
 * with or without a counterexample) fails the operation instead of ending it quietly.
 * Every distinct failure (operation + error) is shrunk by fast-check to a small request and
 * listed; the run goes on to find the others. The app keeps its state between requests, so a
 * seed replays the requests, not necessarily the server's answers.
 *
 * FUZZ_SEED (default 20261123) fixes the requests; FUZZ_SECONDS (default 120) is the time spent
 * generating, shared by the operations by their number of fields. `npm run test:fuzz`; on PostgreSQL with TEST_DATABASE_URL.
 */
import crypto from 'node:crypto';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { totpCode } from '../../server/security/totp';
import { depositRequestSchema } from '../../src/domain/payments';
import type { Passkey, PasskeyCreationOptions, PasskeyRequestOptions } from '../../src/domain/wire';
import { z } from 'zod';
import { PAY_PASSWORD, PNG, STRONG_PASSWORD, USDT, startTestApp, type TestApp } from '../api/harness';
import { pushDevice } from '../fixtures/push-device';
import { Authenticator, type Assertion } from '../fixtures/authenticator';
import { MoneyLog, snapshotLedger, type LedgerSnapshot } from './ledger';
import { encodeMultipart } from './multipart';
import { operationsOf, type JsonSchema, type OpenApiDocument, type Operation } from './operations';
import { FRESH_KEY, jsonBytes, numericEdge, preview, requestsFor, weightOf, type FuzzRequest, type RequestContext } from './requests';
import { Live, RawJson } from './values';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const SECONDS = Number(process.env.FUZZ_SECONDS ?? 120);
if (!Number.isInteger(SEED) || !(SECONDS > 0)) throw new Error('FUZZ_SEED must be an integer and FUZZ_SECONDS a positive number');

// The operations are known only once the app runs, so the tests are declared for this list and
// the suite checks that it is exactly what /api/docs documents (a new route fails until added).
const OPERATION_IDS = [
  'GET /api/health', 'GET /api/health/live', 'POST /api/sms_send', 'POST /api/sms_mail', 'POST /api/user/register', 'POST /api/user/login', 'GET /api/user/logout',
  'POST /api/user/forget', 'POST /api/safe/update_password', 'POST /api/safe/pay_password', 'POST /api/safe/email', 'POST /api/safe/mobile',
  'GET /api/user/info', 'POST /api/user/uploadHeadPortrait', 'POST /api/user/editNickname', 'POST /api/set/lang', 'GET /api/uploads/avatars/{file}',
  'GET /api/kf', 'GET /api/currency/rate', 'GET /api/currency/list', 'POST /api/wallet/list', 'POST /api/wallet/get_in_address',
  'POST /api/wallet/charge_req', 'GET /api/recharge/log', 'POST /api/wallet/get_info', 'POST /api/wallet/out', 'GET /api/user/withdraw/list',
  'POST /api/user/cash_save', 'POST /api/user/cash_info', 'POST /api/transfer/quote', 'POST /api/transfer', 'GET /api/wallet/legal_log', 'GET /api/wallet/movements',
  'GET /api/user/calc', 'GET /api/user/user_level', 'POST /api/ops/login', 'POST /api/ops/logout', 'GET /api/ops/session', 'POST /api/ops/logout/all', 'GET /api/ops/sessions',
  'POST /api/ops/sessions/end', 'POST /api/ops/password', 'POST /api/ops/totp/rotate', 'POST /api/ops/totp/confirm', 'GET /api/ops/deposits', 'GET /api/ops/deposits/proof', 'GET /api/ops/deposits/preview', 'GET /api/ops/live/ticket',
  'POST /api/ops/deposits/approve', 'POST /api/ops/deposits/reject', 'GET /api/ops/withdrawals', 'POST /api/ops/withdrawals/approve',
  'POST /api/ops/withdrawals/reject', 'POST /api/ops/adjustments', 'GET /api/ops/adjustments/proposals', 'POST /api/ops/adjustments/proposals/approve',
  'POST /api/ops/adjustments/proposals/refuse', 'GET /api/ops/settings', 'POST /api/ops/settings', 'GET /api/ops/vip_levels',
  'POST /api/ops/vip_levels', 'GET /api/ops/coins', 'POST /api/ops/coins', 'GET /api/ops/audit', 'POST /api/ops/operators',
  'POST /api/ops/operators/disable', 'GET /api/ops/operators', 'POST /api/ops/operators/role', 'GET /api/ops/audit/export', 'GET /api/docs',
  'GET /api/trade/summary', 'POST /api/merchant/apply', 'GET /api/merchant/application', 'GET /api/trade/hall', 'GET /api/trade/offers',
  'POST /api/trade/offers/post', 'POST /api/trade/offers/edit', 'POST /api/trade/offers/withdraw', 'POST /api/trade/orders/place',
  'POST /api/trade/orders/confirm', 'POST /api/trade/orders/cancel', 'GET /api/trade/orders', 'GET /api/trade/orders/detail',
  'GET /api/ops/merchants', 'POST /api/ops/merchants/approve', 'POST /api/ops/merchants/reject',
  'GET /api/currency/new_timeshar',
  'GET /api/currency/quotation_new',
  'POST /api/news/list', 'POST /api/news/detail', 'GET /api/ops/news', 'POST /api/ops/news', 'POST /api/ops/news/translate', 'POST /api/ops/news/publish',
  'POST /api/ops/news/withdraw', 'GET /api/ops/news/piece', 'GET /api/ops/content', 'POST /api/ops/content', 'GET /api/push/key', 'POST /api/push/subscribe', 'POST /api/push/device', 'POST /api/push/unsubscribe',
  'GET /api/pledge/overview', 'POST /api/pledge/start', 'POST /api/pledge/redeem', 'POST /api/pledge/interest/transfer', 'GET /api/pledge/orders',
  'GET /api/pledge/interest', 'GET /api/ops/pledge/products', 'POST /api/ops/pledge/products', 'POST /api/ops/pledge/run',
  'GET /api/loan/config', 'POST /api/loan/document', 'POST /api/loan/apply', 'GET /api/loan/list', 'GET /api/loan/detail', 'GET /api/loan/document',
  'POST /api/loan/repay', 'POST /api/loan/repay/part', 'POST /api/loan/collateral/add', 'GET /api/ops/loans', 'GET /api/ops/loans/document', 'POST /api/ops/loans/approve', 'POST /api/ops/loans/reject',
  'POST /api/ops/loans/repayment/confirm', 'POST /api/ops/loans/repayment/refuse', 'GET /api/ops/loans/watch',
  'GET /api/ops/queues', 'GET /api/ops/users', 'GET /api/ops/users/detail', 'GET /api/ops/users/movements', 'GET /api/ops/users/postings',
  'GET /api/ops/users/deposits', 'GET /api/ops/users/withdrawals', 'GET /api/ops/users/orders', 'GET /api/ops/users/offers', 'GET /api/ops/users/pledges',
  'GET /api/ops/users/loans', 'GET /api/ops/users/devices', 'GET /api/ops/users/sessions', 'POST /api/ops/users/sessions/end', 'POST /api/ops/users/lockout/lift',
  'GET /api/ops/totals', 'GET /api/ops/ledger/verify', 'POST /api/ops/ledger/verify', 'POST /api/ops/backup',
  'POST /api/user/login/second-factor', 'GET /api/safe/security', 'POST /api/safe/totp/begin', 'POST /api/safe/totp/confirm', 'POST /api/safe/totp/off',
  'POST /api/safe/recovery-codes', 'POST /api/safe/anti-phishing', 'POST /api/ops/users/second-factor/reset',
  'POST /api/safe/passkeys/options', 'POST /api/safe/passkeys/register', 'GET /api/safe/passkeys', 'POST /api/safe/passkeys/rename',
  'POST /api/safe/passkeys/remove', 'POST /api/user/login/passkey/options', 'POST /api/user/login/passkey',
  'GET /api/safe/sessions', 'POST /api/safe/sessions/end', 'POST /api/safe/sessions/end_others', 'GET /api/safe/sign_ins',
  'POST /api/safe/second-factor/passkey-options', 'POST /api/user/login/second-factor/passkey-options',
  'GET /api/liabilities', 'GET /api/liabilities/mine', 'GET /api/ops/liabilities/snapshots', 'POST /api/ops/liabilities/snapshot',
  'GET /api/ops/liabilities/leaves', 'POST /api/ops/liabilities/reserves',
  // Last: turning the address book's lock on or off is a security change, which pauses the fuzz user's withdrawals.
  'GET /api/wallet/address-book', 'POST /api/wallet/address-book/add', 'POST /api/wallet/address-book/rename', 'POST /api/wallet/address-book/remove',
  'POST /api/wallet/address-book/lock',
];

/** The fewest requests an operation must have sent for its test to mean anything. */
const MIN_REQUESTS = 20;

/**
 * The operations no request of the fuzz can get a 2xx from, and why; every other operation must
 * reach its handler's success path at least once. (The list is what the setup in beforeAll gives
 * the fuzz to work with: a new seed does not change it.)
 */
const NO_SUCCESS: Record<string, string> = {
  'POST /api/user/register': 'needs the six-digit code mailed to the address, which the fuzz cannot read',
  'POST /api/user/forget': 'needs the six-digit code mailed to the address, which the fuzz cannot read',
  'POST /api/safe/update_password': 'needs the six-digit code sent to the account, which the fuzz cannot read',
  'POST /api/safe/email': 'needs the six-digit code sent to the new address, which the fuzz cannot read',
  'POST /api/safe/mobile': 'needs the six-digit code sent to the new number, which the fuzz cannot read',
  'GET /api/uploads/avatars/{file}': 'the path parameter is generated, not taken from the field hints: a stored file name is never guessed',
  'POST /api/trade/orders/confirm': 'the clock moves a minute per request, so the matched orders are past their 15 minutes to confirm (409 trade.confirmExpired) long before this operation runs',
  'POST /api/merchant/apply': 'the fuzz user is a merchant already (the hall needs one) and is refused 409',
  'POST /api/news/detail': 'the fuzz database holds no published news piece',
  'POST /api/ops/news/translate': 'the fuzz database holds no news piece to translate',
  'GET /api/ops/news/piece': 'the fuzz database holds no news piece to read',
  'POST /api/ops/news/publish': 'the fuzz database holds no news piece to publish',
  'POST /api/ops/news/withdraw': 'the fuzz database holds no news piece to withdraw',
  'POST /api/pledge/interest/transfer': 'no pledge interest is ever paid during the fuzz (the payout day never comes)',
  'POST /api/ops/pledge/products': 'a product needs its rates for every term consistent with each other, which generated values never are',
  'GET /api/loan/document': 'the fuzz database holds no loan document',
  'POST /api/loan/repay': 'the fuzz database holds no approved loan',
  'POST /api/loan/collateral/add': 'the fuzz database holds no approved loan across assets',
  'POST /api/loan/repay/part': 'the fuzz database holds no approved loan across assets',
  'GET /api/ops/loans/document': 'the fuzz database holds no loan document',
  'POST /api/ops/loans/reject': 'the fuzz database holds no loan application',
  'POST /api/ops/loans/repayment/confirm': 'the fuzz database holds no repayment',
  'POST /api/ops/loans/repayment/refuse': 'the fuzz database holds no repayment',
  'POST /api/ops/adjustments/proposals/approve': "the fuzz's one operator made every proposal there is, and a maker's approval of their own is refused (403 ops.ownProposal)",
  'POST /api/ops/adjustments/proposals/refuse': 'the fuzz database holds a proposal only when a generated correction is above the threshold, which the run does not promise',
  'POST /api/ops/sessions/end': "a session id is generated, never one of the fuzz operator's own other sessions (ending its current one would sign the fuzz out)",
  'POST /api/ops/password': "needs the operator's current password; a change would also end the fuzz operator's other sessions",
  'POST /api/ops/totp/rotate': 'needs a current TOTP code, each accepted once per 30 s step',
  'POST /api/ops/totp/confirm': "needs a code of a rotation's new secret, which only a successful rotation shows",
  'POST /api/user/login/second-factor': 'needs the ticket of a right password for an account with an authenticator, and a code of its secret',
  'POST /api/safe/totp/confirm': "needs a code of the secret /safe/totp/begin showed, which the fuzz does not compute",
  'POST /api/safe/totp/off': 'the fuzz user has no authenticator (409 totp.notSet)',
  'POST /api/safe/recovery-codes': 'the fuzz user has no authenticator (409 totp.notSet)',
  'POST /api/user/login/second-factor/passkey-options': 'needs the ticket of a right password for an account with a second factor, which only a sign-in gives',
};
// The embedded database's copy is made by the server; on PostgreSQL it is pg_dump's (409 ops.backupOnPostgres).
if (process.env.TEST_DATABASE_URL) NO_SUCCESS['POST /api/ops/backup'] = 'on PostgreSQL the server makes no copy: pg_dump does (409 ops.backupOnPostgres)';

/** The admin writes whose success changes what other calls read. */
const CONFIGURATION_WRITES = new Set(['POST /api/ops/settings', 'POST /api/ops/coins', 'POST /api/ops/vip_levels', 'POST /api/ops/pledge/products']);

const TRC20 = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const ERC20 = '0x52908400098527886E0F7030069857D2E4169EE7';

interface Outcome {
  status: number;
  text: string;
  json: Record<string, unknown> | null;
  error?: Error;
  headers: Record<string, unknown>;
}

/** One distinct failure, shrunk: what the report lists. */
interface Finding {
  operation: string;
  signature: string;
  report: string;
}

class FuzzFailure extends Error {
  constructor(
    readonly signature: string,
    readonly report: string,
  ) {
    super(report);
  }
}

let t: TestApp;
let operations: Operation[] = [];
let lastError: Error | undefined;
let requestCount = 0;
let idempotencySequence = 0;
const findings: Finding[] = [];
const money = new MoneyLog();
let ledgerBefore: LedgerSnapshot;
let context: RequestContext;

const user = { token: '', userId: '', username: '', password: '', email: '' };
const admin = { username: '', password: 'fuzz-admin-password-1', secret: '', token: '' };
const loginOperator = { username: 'fuzzlogin', password: 'fuzz-login-password-1', secret: '' };
/** The fuzz user's phone, holding the passkey it signs in with (its newest). */
let passkeyDevice: Authenticator;
/** Every authenticator that made one of the fuzz user's passkeys (its phone first). */
const fuzzDevices: Authenticator[] = [];

/** Adds a passkey of `device` to the fuzz user's account through the API: its id, or null when refused (the account has its most). */
async function addPasskey(device: Authenticator, name: string): Promise<number | null> {
  // Confirmed first: once the account has a passkey, with one (its second factor); before, with the password.
  const held = await rowsOf(t.database.db, sql`SELECT 1 FROM passkeys WHERE user_id = ${user.userId}::uuid`);
  const proof = held.length > 0 ? { secondFactor: await phoneStepUp() } : { password: user.password };
  const options = await t.post<PasskeyCreationOptions>('/safe/passkeys/options', proof, { token: user.token });
  if (options.status !== 200) return null;
  const added = await t.post<Passkey>('/safe/passkeys/register', { name, response: device.create(options.body.data!) }, { token: user.token });
  return added.status === 200 ? added.body.data!.id : null;
}

/** The fuzz user's second factor: its phone's passkey answering a fresh step-up challenge. */
async function phoneStepUp(): Promise<{ method: 'passkey'; response: Assertion } | undefined> {
  const options = await t.post<PasskeyRequestOptions>('/safe/second-factor/passkey-options', {}, { token: user.token });
  if (options.status !== 200) return undefined;
  const credentialId = passkeyDevice.credentials.at(-1)?.id;
  return credentialId ? { method: 'passkey', response: passkeyDevice.get(options.body.data!, { credentialId }) } : undefined;
}
let configuration: { settings: Array<{ key: string; value: string }>; coins: Array<Record<string, unknown>>; vip: Array<Record<string, unknown>> };

async function insertOperator(username: string, password: string, role: 'support' | 'finance' | 'admin'): Promise<string> {
  return (await t.addOperator({ username, password, role })).secret;
}

let adminCount = 0;

/**
 * A session of a new admin each time: the operator sign-in's per-name limit (20 in 15 minutes,
 * fixed) would refuse one admin's twentieth sign-in, and the fuzz's minute per request ends an
 * 8-hour session every 480 requests.
 */
async function operatorLogin(): Promise<void> {
  admin.username = `fuzzadmin${++adminCount}`;
  admin.secret = await insertOperator(admin.username, admin.password, 'admin');
  // A code is accepted once per 30 s step: the clock moves to the next one first.
  t.clock.advance(30);
  // From an address of its own: the fuzz of /ops/login uses up the per-address limit of the others.
  const reply = await t.app.inject({
    method: 'POST',
    url: '/api/ops/login',
    remoteAddress: `192.0.2.${adminCount % 250}`,
    payload: { username: admin.username, password: admin.password, totp: totpCode(admin.secret, t.clock.now()), client: 'cli' },
  });
  if (reply.statusCode !== 200) throw new Error(`operator sign-in failed: ${reply.body}`);
  admin.token = (reply.json() as { data: { token: string } }).data.token;
}

async function userLogin(): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const reply = await t.post<{ token?: string; secondFactor?: { ticket: string } }>('/user/login', { account: user.username, password: user.password });
    if (reply.status === 200 && reply.body.data?.token) {
      user.token = reply.body.data.token;
      return;
    }
    // The fuzz user has passkeys (a second factor): one of its devices answers the second step.
    const ticket = reply.body.data?.secondFactor?.ticket;
    if (reply.status === 200 && ticket) {
      const options = await t.post<PasskeyRequestOptions>('/user/login/second-factor/passkey-options', { ticket });
      const allowed = new Set((options.body.data?.allowCredentials ?? []).map((credential) => credential.id));
      const device = fuzzDevices.find((each) => each.credentials.some((credential) => allowed.has(credential.id)));
      const credentialId = device?.credentials.find((credential) => allowed.has(credential.id))?.id;
      if (device && credentialId) {
        const opened = await t.post<{ token: string }>('/user/login/second-factor', { ticket, secondFactor: { method: 'passkey', response: device.get(options.body.data!, { credentialId }) } });
        if (opened.status === 200) {
          user.token = opened.body.data!.token;
          return;
        }
      }
    }
    // Locked out by the fuzz's wrong passwords: the lock ends after its minutes.
    t.clock.advance(16 * 60);
  }
  throw new Error('the fuzz user cannot sign in again');
}

// ---- sending -----------------------------------------------------------------------------------

async function resolveLive(value: unknown): Promise<unknown> {
  if (value instanceof Live) {
    if (value.name === 'quoteId') {
      const quote = await send({ what: 'a quote for /transfer', path: '/api/transfer/quote', query: '', auth: { kind: 'user' }, headers: {}, body: { kind: 'json', value: { from: 'USDT', to: 'EUR', amount: '10' } } }, 'POST');
      const quoteId = (quote.json?.data as { quoteId?: string } | undefined)?.quoteId;
      return quoteId ?? crypto.randomUUID();
    }
    if (value.name === 'totp') return totpCode(loginOperator.secret, t.clock.now());
    // A passkey the fuzz user's browser makes for fresh registration options (a new authenticator
    // each time: one holding a passkey of the account would refuse), or its answer to a fresh
    // sign-in challenge with the passkey registered before the run.
    if (value.name === 'passkeyAttestation' || value.name === 'passkeyAssertion') {
      const registering = value.name === 'passkeyAttestation';
      const path = registering ? '/api/safe/passkeys/options' : '/api/user/login/passkey/options';
      // Registering is confirmed with the phone's passkey (the account's second factor).
      const proof = registering ? { secondFactor: await phoneStepUp() } : {};
      const options = await send({ what: 'passkey options', path, query: '', auth: { kind: registering ? 'user' : 'none' }, headers: {}, body: { kind: 'json', value: proof } }, 'POST');
      const data = options.json?.data as (PasskeyCreationOptions & PasskeyRequestOptions) | undefined;
      // Refused (an account with its most passkeys): an answer to no challenge, refused in turn.
      const challenge = data ?? { challenge: crypto.randomBytes(32).toString('base64url'), rp: { id: 'localhost', name: 'Tessera' }, user: { id: 'AA', name: 'x', displayName: 'x' }, pubKeyCredParams: [{ alg: -7, type: 'public-key' as const }], excludeCredentials: [], authenticatorSelection: {} };
      if (registering) return new Authenticator({ origin: t.config.publicOrigin }).create(challenge);
      // A spoiled id of the removal's fuzz may have taken the phone's passkey: the phone adds a new one.
      const newest = passkeyDevice.credentials.at(-1)!;
      const known = await rowsOf(t.database.db, sql`SELECT 1 FROM passkeys WHERE credential_id = ${newest.id}`);
      if (known.length === 0) await addPasskey(passkeyDevice, 'Fuzz phone');
      return passkeyDevice.get(challenge, { credentialId: passkeyDevice.credentials.at(-1)!.id });
    }
    if (value.name === 'passkeyStepUp') return (await phoneStepUp()) ?? null;
    // An Ethereum address no book holds yet (an address book keeps one entry per destination).
    if (value.name === 'newErc20Address') return `0x${crypto.randomBytes(20).toString('hex')}`;
    if (value.name === 'ownSession') {
      // Another session of the fuzz user's, opened now (as a sign-in would, but past the login's
      // lockout, which the fuzz's wrong passwords may hold): ending it leaves the fuzz signed in.
      return (await t.app.services.sessions.open(user.userId, { userAgent: 'fuzz', ip: null })).id;
    }
    throw new Error(`unknown live value ${value.name}`);
  }
  if (value instanceof RawJson || !value || typeof value !== 'object') return value;
  if (Array.isArray(value)) return Promise.all(value.map(resolveLive));
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    Object.defineProperty(out, key, { value: await resolveLive((value as Record<string, unknown>)[key]), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

async function send(request: FuzzRequest, method: 'GET' | 'POST'): Promise<Outcome> {
  const headers: Record<string, string> = {};
  let payload: Buffer | undefined;
  const body = request.body;
  if (body?.kind === 'json') {
    payload = jsonBytes(body, await resolveLive(body.value));
    headers['content-type'] = body.contentType ?? 'application/json';
  } else if (body?.kind === 'raw') {
    payload = Buffer.from(body.bytes);
    if (body.contentType) headers['content-type'] = body.contentType;
  } else if (body?.kind === 'multipart') {
    const encoded = encodeMultipart(body);
    payload = encoded.bytes;
    headers['content-type'] = encoded.contentType;
  }
  if (request.auth.kind === 'user') headers.authorization = user.token;
  if (request.auth.kind === 'operator') headers.authorization = admin.token;
  if (request.auth.kind === 'raw') headers.authorization = request.auth.value;
  for (const [name, value] of Object.entries(request.headers)) headers[name] = value === FRESH_KEY ? `fuzz-${SEED}-${++idempotencySequence}` : value;

  const inject: InjectOptions = {
    method,
    // Each request from its own address, as from many clients: the per-address limits (the
    // operator sign-in's cannot be configured) would otherwise answer 429 to most of the run.
    remoteAddress: `10.${(requestCount >> 16) & 255}.${(requestCount >> 8) & 255}.${requestCount & 255}`,
    url: request.query ? `${request.path}?${request.query}` : request.path,
    headers,
    ...(payload ? { payload } : {}),
  };
  lastError = undefined;
  const response = await t.app.inject(inject);
  requestCount++;
  let json: Record<string, unknown> | null;
  try {
    json = JSON.parse(response.body) as Record<string, unknown>;
  } catch {
    json = null;
  }
  return { status: response.statusCode, text: response.body, json, error: lastError, headers: response.headers };
}

// ---- the properties ----------------------------------------------------------------------------

/** The server's error and, for a failed query, the database's reason (drizzle keeps it as the cause). */
function serverError(error: Error | undefined): string | undefined {
  if (!error) return undefined;
  const code = (error as { code?: string }).code;
  const cause = (error as { cause?: { message?: string; code?: string } }).cause;
  const first = error.message.split('\n')[0].slice(0, 200);
  return `${error.name}${code ? ` (${code})` : ''}: ${first}${cause?.message ? ` — cause${cause.code ? ` ${cause.code}` : ''}: ${cause.message}` : ''}`;
}

/** The error in a few words, without the numbers and values that differ from one input to the next. */
function errorWords(outcome: Outcome): string {
  const error = outcome.error;
  const cause = (error as { cause?: { message?: string } } | undefined)?.cause?.message;
  const text = error ? `${error.name} ${(error as { code?: string }).code ?? ''} ${cause ?? error.message}` : `${outcome.json?.key ?? ''} ${outcome.json?.message ?? outcome.text.slice(0, 100)}`;
  return text.split('\n')[0].replace(/\d+/g, '#').replace(/"[^"]{20,}"/g, '"…"').slice(0, 160);
}

function describeRequest(operation: Operation, request: FuzzRequest): string {
  const lines = [`${operation.method} ${preview(request.path, 200).slice(1, -1)}${request.query ? `?${preview(request.query, 200).slice(1, -1)}` : ''}  (${request.what})`];
  lines.push(`  as: ${request.auth.kind === 'raw' ? `Authorization ${preview(request.auth.value)}` : request.auth.kind}`);
  const extra = Object.entries(request.headers).filter(([, value]) => value !== FRESH_KEY);
  if (extra.length) lines.push(`  headers: ${extra.map(([name, value]) => `${name}: ${preview(value)}`).join(', ')}`);
  const body = request.body;
  if (body?.kind === 'json') lines.push(`  body (${body.contentType ?? 'no content type'}): ${preview(body.value, 400)}${body.tweak ? ` + ${body.tweak}` : ''}`);
  if (body?.kind === 'raw') lines.push(`  body (${body.contentType ?? 'no content type'}): ${typeof body.bytes === 'string' ? preview(body.bytes, 400) : `${body.bytes.length} bytes`}`);
  if (body?.kind === 'multipart') {
    const parts = body.parts.map((part) => `${preview(part.name)}=${typeof part.value === 'string' ? preview(part.value, 80) : `<${part.value.length} bytes${part.filename !== undefined ? ` ${preview(part.filename)}` : ''}>`}`);
    const shape = [body.contentType ? `Content-Type ${preview(body.contentType)}` : '', body.cutAt !== undefined ? `cut at ${body.cutAt} bytes` : '', body.noClosing ? 'no closing boundary' : '', body.bareNewlines ? 'bare \\n' : ''].filter(Boolean);
    lines.push(`  multipart: ${parts.join(' ')}${shape.length ? ` (${shape.join(', ')})` : ''}`);
  }
  return lines.join('\n');
}

function outcomeLine(outcome: Outcome): string {
  const key = outcome.json?.key ? ` ${outcome.json.key}` : '';
  const error = outcome.error ? `\n  server error: ${serverError(outcome.error)}` : '';
  if (outcome.status < 300) return `  → ${outcome.status} (accepted)`;
  return `  → ${outcome.status}${key}: ${preview(outcome.json?.message ?? outcome.text, 160)}${error}`;
}

const isLoadShedding = (outcome: Outcome) => outcome.status === 503 && outcome.headers['retry-after'] !== undefined;

/** Reads that depend on the settings, coins and VIP levels. */
async function probeReads(operationId: string): Promise<Array<{ name: string; outcome: Outcome }>> {
  const probes: FuzzRequest[] = [
    { what: 'probe', path: '/api/currency/rate', query: '', auth: { kind: 'none' }, headers: {} },
    { what: 'probe', path: '/api/currency/list', query: '', auth: { kind: 'none' }, headers: {} },
    { what: 'probe', path: '/api/user/user_level', query: '', auth: { kind: 'user' }, headers: {} },
  ];
  const posts: FuzzRequest[] = [
    { what: 'probe', path: '/api/wallet/get_info', query: '', auth: { kind: 'user' }, headers: {}, body: { kind: 'json', value: {} } },
    { what: 'probe', path: '/api/transfer/quote', query: '', auth: { kind: 'user' }, headers: {}, body: { kind: 'json', value: { from: 'USDT', to: 'EUR', amount: '10' } } },
    { what: 'probe', path: '/api/transfer/quote', query: '', auth: { kind: 'user' }, headers: {}, body: { kind: 'json', value: { from: 'EUR', to: 'USDT', amount: '10' } } },
    ...(operationId === 'POST /api/ops/coins'
      ? coinIds.map((coinId): FuzzRequest => ({ what: 'probe', path: '/api/wallet/get_in_address', query: '', auth: { kind: 'user' }, headers: {}, body: { kind: 'json', value: { coinId } } }))
      : []),
  ];
  const results: Array<{ name: string; outcome: Outcome }> = [];
  for (const probe of probes) results.push({ name: `GET ${probe.path}`, outcome: await send(probe, 'GET') });
  for (const probe of posts) results.push({ name: `POST ${probe.path} ${preview((probe.body as { value: unknown }).value)}`, outcome: await send(probe, 'POST') });
  return results;
}

/** Puts settings, coins and VIP levels back as they were before the run. */
async function restoreConfiguration(): Promise<void> {
  const db = t.database.db;
  for (const row of configuration.settings) await db.execute(sql`UPDATE settings SET value = ${row.value} WHERE key = ${row.key}`);
  await db.execute(sql`DELETE FROM settings WHERE key NOT IN (${sql.join(configuration.settings.map((row) => sql`${row.key}`), sql`, `)})`);
  for (const coin of configuration.coins) {
    await db.execute(
      sql`UPDATE coins SET address = ${coin.address}, address_omni = ${coin.address_omni}, address_erc = ${coin.address_erc},
          bank = ${coin.bank === null ? null : JSON.stringify(coin.bank)}::jsonb, enabled = ${coin.enabled} WHERE id = ${coin.id}`,
    );
  }
  await db.execute(sql`DELETE FROM vip_levels WHERE level NOT IN (${sql.join(configuration.vip.map((row) => sql`${row.level}`), sql`, `)})`);
  for (const level of configuration.vip) {
    await db.execute(sql`UPDATE vip_levels SET upgrade_amount = ${level.upgrade_amount}::bigint, gift_bps = ${level.gift_bps}, daily_orders = ${level.daily_orders} WHERE level = ${level.level}`);
  }
}

/** One request of the property: throws a FuzzFailure for a failure not yet known. */
/** Replies per operation and status, printed after each operation. */
const statuses = new Map<string, Map<number, number>>();

async function check(operation: Operation, request: FuzzRequest, known: Set<string>): Promise<void> {
  // A minute passes between requests, as between a person's: the fuzz's wrong payment passwords
  // and sign-ins do not keep the accounts locked (15 minutes) for the rest of the run.
  t.clock.advance(60);
  const outcome = await send(request, operation.method);
  const counts = statuses.get(operation.id) ?? new Map<number, number>();
  counts.set(outcome.status, (counts.get(outcome.status) ?? 0) + 1);
  statuses.set(operation.id, counts);
  money.note(operation.id, outcome.status, outcome.json?.data);

  // A session the fuzz ended (logout, password change) is opened again; the 401 itself is right.
  if (outcome.status === 401 && request.auth.kind === 'user') {
    const info = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { authorization: user.token } });
    if (info.statusCode === 401) await userLogin();
  }
  if (outcome.status === 401 && request.auth.kind === 'operator') {
    const settings = await t.app.inject({ method: 'GET', url: '/api/ops/settings', headers: { authorization: admin.token } });
    if (settings.statusCode === 401) await operatorLogin();
  }

  const fail = (signature: string, report: string) => {
    if (!known.has(signature)) throw new FuzzFailure(signature, report);
  };
  if (outcome.status >= 500 && !isLoadShedding(outcome)) {
    fail(`${operation.id} ${outcome.status} ${errorWords(outcome)}`, `${describeRequest(operation, request)}\n${outcomeLine(outcome)}`);
  }
  if (outcome.status >= 400 && outcome.status < 500) {
    const envelope = outcome.json;
    const ok = envelope && (envelope.type === 'error' || envelope.type === '999') && typeof envelope.message === 'string' && envelope.message.length > 0 && typeof envelope.key === 'string';
    if (!ok) fail(`${operation.id} ${outcome.status} refusal without the envelope`, `${describeRequest(operation, request)}\n${outcomeLine(outcome)}\n  (a refusal must be the envelope with a message)`);
  }
  if (request.mustRefuse && outcome.status >= 200 && outcome.status < 300) {
    fail(`${operation.id} accepts ${request.what}`, `${describeRequest(operation, request)}\n${outcomeLine(outcome)}\n  (${request.mustRefuse})`);
  }
  if (CONFIGURATION_WRITES.has(operation.id) && outcome.status >= 200 && outcome.status < 300) {
    const broken = (await probeReads(operation.id)).filter((probe) => probe.outcome.status >= 500 && !isLoadShedding(probe.outcome));
    await restoreConfiguration();
    if (broken.length > 0) {
      const first = broken[0];
      fail(
        `${operation.id} accepted a value that breaks ${first.name.split(' ').slice(0, 2).join(' ')}: ${errorWords(first.outcome)}`,
        `${describeRequest(operation, request)}\n${outcomeLine(outcome)}\n  then ${first.name}\n${outcomeLine(first.outcome)}\n  (${broken.length} of the dependent reads answered 5xx)`,
      );
    }
  }
}

// ---- the run -----------------------------------------------------------------------------------

/**
 * The request still running when fast-check's time limit interrupted a property (it cannot stop
 * a running predicate): awaited before anything else is sent, so requests never overlap.
 */
let inFlight: Promise<unknown> = Promise.resolve();

const coinIds: number[] = [];
/**
 * The operation's share of FUZZ_SECONDS, by its weight (fields and parameters), and never less than
 * half an equal share: an operation with few fields still gets rounds enough.
 */
/**
 * Operations whose every success takes far longer than a request (ms of budget at least): the
 * embedded database's copy (about half a second each) needs that long for MIN_REQUESTS.
 */
const SLOW_BUDGET_MS: Record<string, number> = { 'POST /api/ops/backup': 10_000 };

function budgetMs(operation: Operation): number {
  // A successful configuration write is followed by the reads that depend on it: twice the time.
  const weight = (each: Operation) => weightOf(each, context) * (CONFIGURATION_WRITES.has(each.id) ? 2 : 1);
  const share = (SECONDS * 1000 * weight(operation)) / operations.reduce((sum, each) => sum + weight(each), 0);
  return Math.max(share, (SECONDS * 1000) / operations.length / 2, SLOW_BUDGET_MS[operation.id] ?? 0);
}

/** The requests an operation has sent so far, and how many were answered 2xx. */
function sentBy(id: string): { requests: number; successes: number } {
  const counts = [...(statuses.get(id) ?? new Map<number, number>())];
  return {
    requests: counts.reduce((sum, [, n]) => sum + n, 0),
    successes: counts.filter(([status]) => status >= 200 && status < 300).reduce((sum, [, n]) => sum + n, 0),
  };
}

function hashOf(text: string): number {
  return crypto.createHash('sha256').update(text).digest().readInt32BE(0);
}

beforeAll(async () => {
  const generous = { max: 1_000_000, windowSeconds: 1 };
  t = await startTestApp({
    // Rate limits would turn most requests into 429 after a few seconds and hide the handlers.
    rateLimits: { codesPerIp: generous, codesPerTarget: generous, loginsPerIp: generous, loginsPerAccount: generous },
    beforeReady: (app) => {
      app.addHook('onError', async (_request, _reply, error) => {
        lastError = error;
      });
    },
  });
  const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
  operations = operationsOf(docs.json() as OpenApiDocument);

  const paying = await t.payingUser();
  Object.assign(user, { token: paying.token, userId: paying.userId, username: paying.username, password: paying.password, email: paying.email });
  await t.fund(user.userId, 'USDT', USDT(1_000_000));
  await t.fund(user.userId, 'EUR', 1_000_000n * 100n);
  const victim = await t.registerByEmail();
  const victimId = await t.userIdOf(await t.login(victim.username, victim.password));
  const [victimSession] = await rowsOf<{ id: string }>(t.database.db, sql`SELECT max(id)::text AS id FROM sessions WHERE user_id = ${victimId}`);

  loginOperator.secret = await insertOperator(loginOperator.username, loginOperator.password, 'support');
  const disposable = ['fuzzgone1', 'fuzzgone2', 'fuzzgone3', 'fuzzgone4'];
  for (const name of disposable) await insertOperator(name, 'fuzz-gone-password', 'support');
  await operatorLogin();

  const coins = await t.coins();
  coinIds.push(...coins.map((coin) => coin.id));
  const usdt = coins.find((coin) => coin.name === 'USDT')!;

  // Records for the operators' decisions to work on.
  const depositIds: number[] = [];
  for (let i = 0; i < 20; i++) depositIds.push((await t.requestDeposit(user.token, { coinId: String(usdt.id), network: 'TRC20', amount: '100' })).id);
  const withdrawalIds: number[] = [];
  for (let i = 0; i < 20; i++) {
    const reply = await t.post<{ id: number }>('/wallet/out', { method: 'crypto', network: 'TRC20', address: TRC20, amount: '50', payPassword: PAY_PASSWORD }, { token: user.token, headers: { 'idempotency-key': crypto.randomUUID() } });
    if (reply.status !== 200) throw new Error(`withdrawal not placed: ${JSON.stringify(reply.body)}`);
    withdrawalIds.push(reply.body.data!.id);
  }

  // The hall: the fuzz user and a counterparty are merchants with offers both ways; the fuzz
  // user's orders (matched with them, or waiting) and offers are what confirm, cancel, edit and
  // withdraw work on; a few applications wait for the operators.
  const counterparty = await t.payingUser();
  await t.database.db.execute(sql`UPDATE users SET is_merchant = true WHERE id IN (${user.userId}, ${counterparty.userId})`);
  await t.database.db.execute(sql`UPDATE vip_levels SET daily_orders = 1000`);
  await t.fund(counterparty.userId, 'USDT', USDT(1_000_000));
  await t.fund(counterparty.userId, 'EUR', 1_000_000n * 100n);
  const trade = async <T extends { id: number }>(who: { token: string }, url: string, body: Record<string, unknown>): Promise<number> => {
    const reply = await t.post<T>(url, { ...body, payPassword: PAY_PASSWORD }, { token: who.token, headers: { 'idempotency-key': crypto.randomUUID() } });
    if (reply.status !== 200) throw new Error(`${url} refused: ${JSON.stringify(reply.body)}`);
    return reply.body.data!.id;
  };
  for (const side of ['sell', 'buy']) await trade(counterparty, '/trade/offers/post', { side, quantity: '100000', price: '0.9500', minAmount: '1', maxAmount: '1000' });
  const offerIds: number[] = [];
  for (const side of ['sell', 'buy']) offerIds.push(await trade(user, '/trade/offers/post', { side, quantity: '1000', price: side === 'sell' ? '2.0000' : '0.1000', minAmount: '1', maxAmount: '100' }));
  const orderIds: number[] = [];
  for (let i = 0; i < 10; i++) orderIds.push(await trade(user, '/trade/orders/place', { side: i % 2 ? 'sell' : 'buy', amount: '10', price: i < 8 ? '0.9500' : (i % 2 ? '5' : '0.05') }));
  const applicationIds: number[] = [];
  for (let i = 0; i < 10; i++) {
    const applicant = await t.payingUser();
    applicationIds.push((await t.post<{ id: number }>('/merchant/apply', {}, { token: applicant.token })).body.data!.id);
  }
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'a.png');
  const encoded = new Response(form);
  const avatar = await t.app.inject({ method: 'POST', url: '/api/user/uploadHeadPortrait', headers: { authorization: user.token, 'content-type': encoded.headers.get('content-type')! }, payload: Buffer.from(await encoded.arrayBuffer()) });
  const avatarName = String((avatar.json() as { data: { avatar: string } }).data.avatar).split('/').pop()!;

  // The fuzz user's passkeys: one its phone signs in with, and three the fuzz of removal may take.
  passkeyDevice = new Authenticator({ origin: t.config.publicOrigin });
  const passkeyIds: number[] = [];
  for (const [device, name] of [[passkeyDevice, 'Fuzz phone'], ...['Spare 1', 'Spare 2', 'Spare 3'].map((spare) => [new Authenticator({ origin: t.config.publicOrigin }), spare] as const)] as const) {
    const id = await addPasskey(device, name);
    if (id === null) throw new Error(`the fuzz user's passkey ${name} was not added`);
    fuzzDevices.push(device);
    passkeyIds.push(id);
  }
  const disposablePasskeyIds = passkeyIds.slice(1);

  // The fuzz user's address book: two entries a withdrawal may name (usable once the day below
  // passes), one its removal may take. Added with the phone's passkey as the second factor.
  const bookEntry = async (entry: Record<string, unknown>): Promise<number> => {
    const reply = await t.post<{ id: number }>('/wallet/address-book/add', { ...entry, payPassword: PAY_PASSWORD, secondFactor: await phoneStepUp() }, { token: user.token, headers: { 'idempotency-key': crypto.randomUUID() } });
    if (reply.status !== 200) throw new Error(`address-book entry not added: ${JSON.stringify(reply.body)}`);
    return reply.body.data!.id;
  };
  const bookIds = [
    await bookEntry({ kind: 'crypto', label: 'Fuzz cold wallet', network: 'TRC20', address: TRC20 }),
    await bookEntry({ kind: 'bank', label: 'Fuzz bank', holder: 'Mira Haddad', iban: 'DE89370400440532013000', bic: 'DEUTDEFF' }),
  ];
  const disposableBookId = await bookEntry({ kind: 'crypto', label: 'Fuzz spare', network: 'ERC20', address: ERC20 });
  // Adding them was a security change: the day of paused withdrawals passes before the fuzz.
  t.clock.advance(24 * 3600 + 60);

  const settings = await rowsOf<{ key: string; value: string }>(t.database.db, sql`SELECT key, value FROM settings`);
  configuration = {
    settings,
    coins: await rowsOf<Record<string, unknown>>(t.database.db, sql`SELECT id, address, address_omni, address_erc, bank, enabled FROM coins`),
    vip: await rowsOf<Record<string, unknown>>(t.database.db, sql`SELECT level, upgrade_amount::text AS upgrade_amount, gift_bps, daily_orders FROM vip_levels`),
  };
  const vipLevels = configuration.vip.map((row) => Number(row.level));
  const creditProductIds = (await rowsOf<{ id: number }>(t.database.db, sql`SELECT id FROM loan_products WHERE type = 'credit' ORDER BY id`)).map((row) => row.id);
  const settingValues: Record<string, string[]> = {
    support_url: ['https://example.com/help'],
    usdt_eur_rate: ['0.92', '1', '1.25'],
    transfer_fee_percent: ['0', '1.5', '99.99'],
    trade_fee_percent: ['0', '0.2', '99.99'],
    loan_margin_call_ltv: ['81', '85', '89.99'],
    loan_liquidation_ltv: ['90', '95'],
    loan_liquidation_fee_percent: ['0', '1', '2'],
  };

  const pick = <T>(...values: T[]) => fc.constantFrom(...values);
  const byField: Record<string, fc.Arbitrary<unknown>> = {
    payPassword: pick(PAY_PASSWORD),
    oldPayPassword: pick(PAY_PASSWORD),
    loginPassword: pick(user.password),
    oldPassword: pick(user.password),
    coinId: pick(...coinIds),
    network: pick('TRC20', 'ERC20'),
    amount: pick('1', '10', '25', '50', '0.5', '100'),
    // A principal loan's collateral: the other asset and how much of it (mostly refused: without them
    // loan.collateralRequired; a credit loan ignores them).
    collateralAsset: pick('USDT', 'EUR'),
    collateral: pick('1', '100', '1000'),
    address: pick(TRC20),
    addressErc: pick(ERC20),
    quoteId: fc.constant(new Live('quoteId')),
    userId: pick(user.userId),
    reason: pick('fuzzing the API'),
    txReference: pick('tx-fuzz-0001'),
    iban: pick('DE89370400440532013000'),
    swift: pick('DEUTDEFF'),
    bic: pick('DEUTDEFF'),
    email: pick(victim.email, t.uniqueEmail()),
    phone: pick('+4917612345678'),
    account: pick(victim.username, victim.email),
    totp: fc.constant(new Live('totp')),
    key: pick(...settings.map((row) => row.key)),
    code: pick(...(await rowsOf<{ code: string }>(t.database.db, sql`SELECT code FROM coins`)).map((row) => row.code)),
    level: pick(...vipLevels, Math.max(...vipLevels) + 1),
    file: pick(avatarName),
    side: pick('buy', 'sell'),
    price: pick('0.95', '0.9500', '1', '0.5', '2'),
    quantity: pick('10', '50', '1000'),
    minAmount: pick('1', '5'),
    maxAmount: pick('10', '100'),
    tab: pick('all', 'review', 'expired', 'completed'),
  };
  // A published snapshot of what users are owed, so that the proof and the leaves file can be read.
  const liabilitySnapshot = await t.app.services.liabilities.take();
  if (!liabilitySnapshot?.published) throw new Error(`the fuzz's snapshot of liabilities was not published: ${liabilitySnapshot?.problem}`);
  const byOperation: Record<string, Record<string, fc.Arbitrary<unknown>>> = {
    'GET /api/liabilities/mine': { snapshot: pick(liabilitySnapshot.id, '99999999') },
    'GET /api/ops/liabilities/leaves': { id: pick(liabilitySnapshot.id, '99999999') },
    'POST /api/ops/liabilities/reserves': { asset: pick('USDT', 'EUR'), amount: pick('1000', '12.5', '0'), evidence: pick('Wallet TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', 'Statement 2026-11') },
    'POST /api/user/login': { password: pick(victim.password) },
    'POST /api/safe/update_password': { password: pick(user.password), confirmPassword: pick(user.password) },
    'POST /api/safe/pay_password': { password: pick(PAY_PASSWORD), confirmPassword: pick(PAY_PASSWORD) },
    'POST /api/safe/totp/begin': { password: pick(user.password) },
    'POST /api/user/forget': { password: pick(STRONG_PASSWORD), confirmPassword: pick(STRONG_PASSWORD) },
    'POST /api/user/register': { password: pick(STRONG_PASSWORD), confirmPassword: pick(STRONG_PASSWORD), email: fc.constant(t.uniqueEmail()) },
    'POST /api/ops/login': { username: pick(loginOperator.username), password: pick(loginOperator.password) },
    'POST /api/ops/operators': { password: pick('correct horse battery staple') },
    'POST /api/ops/operators/disable': { username: pick(...disposable) },
    'POST /api/ops/operators/role': { username: pick(...disposable), role: pick('support', 'finance') },
    'GET /api/ops/audit': { from: pick('2026-01-01'), to: pick('2099-12-31'), operatorId: pick('00000000-0000-4000-8000-000000000000') },
    'GET /api/ops/audit/export': { from: pick('2026-01-01'), to: pick('2099-12-31'), operatorId: pick('00000000-0000-4000-8000-000000000000') },
    // Each decision has records of its own: the one run first would otherwise decide them all.
    'POST /api/ops/deposits/approve': { id: pick(...depositIds.slice(0, 10), 2 ** 31 - 1) },
    'POST /api/ops/deposits/reject': { id: pick(...depositIds.slice(10), 2 ** 31 - 1) },
    'GET /api/ops/deposits/proof': { id: pick(...depositIds, 2 ** 31 - 1) },
    'POST /api/ops/withdrawals/approve': { id: pick(...withdrawalIds.slice(0, 10), 2 ** 31 - 1) },
    'POST /api/ops/withdrawals/reject': { id: pick(...withdrawalIds.slice(10), 2 ** 31 - 1) },
    // A setting's value is a number text but for the link: its edges are as valid to the schema as '1'.
    'POST /api/ops/settings': { value: fc.oneof(pick(...Object.values(settingValues).flat(), '1', '10', '0.5', '1000'), numericEdge.map(String)) },
    'POST /api/wallet/charge_req': { coinId: pick(...coinIds.map(String)), amount: pick('100', '10.5') },
    'POST /api/trade/offers/edit': { id: pick(...offerIds, 2 ** 31 - 1) },
    'POST /api/trade/offers/withdraw': { id: pick(...offerIds, 2 ** 31 - 1) },
    'POST /api/trade/orders/confirm': { id: pick(...orderIds.slice(0, 4), 2 ** 31 - 1) },
    'POST /api/trade/orders/cancel': { id: pick(...orderIds.slice(4), 2 ** 31 - 1) },
    'GET /api/trade/orders/detail': { id: pick(...orderIds, 2 ** 31 - 1) },
    'POST /api/ops/merchants/approve': { id: pick(...applicationIds.slice(0, 5), 2 ** 31 - 1) },
    'POST /api/ops/merchants/reject': { id: pick(...applicationIds.slice(5), 2 ** 31 - 1) },
    'POST /api/news/detail': { id: pick(1, 2, 3, 2 ** 31 - 1) },
    'POST /api/news/list': { c_id: pick(4, 1) },
    // An application that can succeed: a credit product (it ignores the collateral fields), a
    // passport (no back needed) and the ids of the first images the fuzz user uploads.
    'POST /api/loan/apply': {
      productId: pick(...creditProductIds, 2 ** 31 - 1),
      frontDocument: pick(1, 2, 3, 4),
      idType: pick('passport', 'driver_licence'),
      fullName: pick('Mira Haddad'),
      idNumber: pick('X1234567'),
      accepted: fc.constant(true),
    },
    // The operators' reads of one user: the fuzz user (its records) or one found by what support types.
    ...Object.fromEntries(
      ['detail', 'movements', 'postings', 'deposits', 'withdrawals', 'orders', 'offers', 'pledges', 'loans', 'devices', 'sessions'].map((part) => [
        `GET /api/ops/users/${part}`,
        { id: pick(user.userId, victimId) },
      ]),
    ),
    'GET /api/ops/users': { q: pick(user.username, victim.email, '+4917612345678', user.userId) },
    // Acting on the victim's access, never the fuzz user's own sessions.
    'POST /api/ops/users/sessions/end': { id: pick(victimId), sessionId: pick(1, 2 ** 31 - 1) },
    'POST /api/ops/users/lockout/lift': { id: pick(victimId) },
    // The victim's, never the fuzz user's: a reset ends every session of its user.
    'POST /api/ops/users/second-factor/reset': { id: pick(victimId) },
    'POST /api/safe/anti-phishing': { password: pick(user.password), code: pick('Kiwi2026', null) },
    // One of the fuzz user's other sessions (a new one each time), the victim's, or none.
    'POST /api/safe/sessions/end': { id: fc.oneof(fc.constant(new Live('ownSession')), pick(Number(victimSession.id), 2 ** 31 - 1)) },
    'POST /api/ops/news': { locale: pick('en', 'de', 'ar') },
    'POST /api/ops/news/translate': { id: pick(1, 2, 3, 2 ** 31 - 1), locale: pick('en', 'de', 'ar') },
    'POST /api/ops/news/publish': { id: pick(1, 2, 3, 2 ** 31 - 1) },
    'GET /api/ops/news/piece': { id: pick(1, 19, 101, 2 ** 31 - 1) },
    'POST /api/ops/news/withdraw': { id: pick(1, 2, 3, 2 ** 31 - 1) },
    // The app's content pages (about, help) and an id that is none.
    'POST /api/ops/content': { id: pick(19, 33, 101, 2 ** 31 - 1), locale: pick('en', 'de', 'ar') },
    'POST /api/ops/adjustments/proposals/approve': { id: pick(1, 2, 3, 2 ** 31 - 1) },
    'POST /api/ops/adjustments/proposals/refuse': { id: pick(1, 2, 3, 2 ** 31 - 1) },
    // An endpoint of an allowed push service and a browser's keys (text of the right length is no
    // point of the curve), so that subscribing also succeeds (nothing is sent to it).
    'POST /api/push/subscribe': {
      endpoint: pick('https://fcm.googleapis.com/fcm/send/fuzz-device-1', 'https://updates.push.services.mozilla.com/wpush/v2/fuzz'),
      p256dh: pick(pushDevice('fuzz').keys.p256dh),
      auth: pick(pushDevice('fuzz').keys.auth),
    },
    'POST /api/push/device': { endpoint: pick('https://fcm.googleapis.com/fcm/send/fuzz-device-1') },
    // A real passkey made or used for a fresh challenge; the ids of the fuzz user's passkeys (the one it signs in with is never removed).
    'POST /api/safe/passkeys/options': { secondFactor: fc.constant(new Live('passkeyStepUp')) },
    'POST /api/safe/passkeys/register': { response: fc.constant(new Live('passkeyAttestation')), name: pick('Fuzz laptop', 'Security key') },
    // The fuzz user has passkeys: a withdrawal and a new bank account ask for one. A withdrawal
    // names an entry of the fuzz user's book (crypto or bank), or none (another's id is not found).
    'POST /api/wallet/out': { secondFactor: fc.constant(new Live('passkeyStepUp')), entryId: pick(...bookIds, 2 ** 31 - 1) },
    // New destinations each time (the book keeps one entry per destination), and the phone's passkey.
    'POST /api/wallet/address-book/add': {
      label: pick('Exchange', 'Savings'),
      network: pick('ERC20'),
      address: fc.constant(new Live('newErc20Address')),
      iban: pick('GB82WEST12345698765432', 'NL91ABNA0417164300', 'FR1420041010050500013M02606'),
      holder: pick('Mira Haddad'),
      bic: pick('DEUTDEFF', 'ABNANL2A'),
      secondFactor: fc.constant(new Live('passkeyStepUp')),
    },
    'POST /api/wallet/address-book/rename': { id: pick(...bookIds, disposableBookId, 2 ** 31 - 1), label: pick('Renamed', 'Main wallet') },
    'POST /api/wallet/address-book/remove': { id: pick(disposableBookId, 2 ** 31 - 1) },
    'POST /api/wallet/address-book/lock': { secondFactor: fc.constant(new Live('passkeyStepUp')) },
    'POST /api/user/cash_save': { secondFactor: fc.constant(new Live('passkeyStepUp')) },
    'POST /api/user/login/passkey': { response: fc.constant(new Live('passkeyAssertion')) },
    'POST /api/safe/passkeys/rename': { id: pick(...passkeyIds, ...disposablePasskeyIds, 2 ** 31 - 1), name: pick('Renamed', 'Phone') },
    'POST /api/safe/passkeys/remove': { id: pick(...disposablePasskeyIds, 2 ** 31 - 1) },
    'POST /api/push/unsubscribe': { endpoint: pick('https://fcm.googleapis.com/fcm/send/fuzz-device-1') },
    'GET /api/currency/new_timeshar': {
      symbol: pick('usdteur', 'btcusdt'),
      period: pick('1min', '1day', '1mon'),
      from: pick('0', '1893456000'),
      to: pick('1893456000', '4102444800'),
    },
  };
  context = {
    hint: (operationId, field) => byOperation[operationId]?.[field] ?? byField[field],
    // The document shows the file; the text fields are read by the handler with this schema.
    multipartFields: (operationId) => (operationId === 'POST /api/wallet/charge_req' ? (z.toJSONSchema(depositRequestSchema) as JsonSchema) : undefined),
  };

  ledgerBefore = await snapshotLedger(t.database.db);
  console.log(`fuzz: seed ${SEED} (FUZZ_SEED), ${SECONDS} s (FUZZ_SECONDS), ${t.database.label}`);
}, 300_000);

afterAll(async () => {
  const used = new Set(findings.map((finding) => finding.operation));
  console.log(`fuzz: ${requestCount} requests over ${operations.length} operations, seed ${SEED}; ${findings.length} distinct failures in ${used.size} operations`);
  if (findings.length) console.log(findings.map((finding, index) => `#${index + 1} ${finding.report}`).join('\n\n'));
  await t?.close();
});

describe(`fuzz (seed ${SEED})`, () => {
  test('the fuzzed operations are exactly those of /api/docs', () => {
    expect(operations.map((operation) => operation.id).sort()).toEqual([...OPERATION_IDS].sort());
    expect(Object.keys(NO_SUCCESS).filter((id) => !OPERATION_IDS.includes(id))).toEqual([]);
  });

  test.each(OPERATION_IDS)('%s: no 5xx, refusals in the envelope, bombs refused', async (id) => {
    const operation = operations.find((candidate) => candidate.id === id);
    if (!operation) throw new Error(`${id} is not in /api/docs`);
    const arbitrary = requestsFor(operation, context);
    const known = new Set<string>();
    const mine: Finding[] = [];
    const started = Date.now();
    const budget = budgetMs(operation);
    const deadline = started + budget;
    // Slow operations (a sign-in hashes a password) go on past their share until they have sent enough, up to four shares.
    const latest = started + 4 * budget;
    for (let round = 0; ; round++) {
      const now = Date.now();
      const until = now < deadline - 200 ? deadline : sentBy(id).requests < MIN_REQUESTS && now < latest - 200 ? Math.min(latest, now + 2_000) : 0;
      // A slow request can end past the time left: a limit of nothing would fail fast-check's run itself.
      if (until === 0 || until - Date.now() < 50) break;
      const seed = (SEED ^ hashOf(id)) + round * 7919;
      const details = await fc.check(
        fc.asyncProperty(arbitrary, (request) => {
          const run = check(operation, request, known);
          inFlight = run.catch(() => undefined);
          return run;
        }),
        { seed, numRuns: 1_000_000, plugins: [fc.interruptAfterTimeLimit(until - Date.now())] },
      );
      await inFlight;
      if (!details.failed) continue;
      const error = details.errorInstance;
      if (!(error instanceof FuzzFailure)) {
        // Not a finding: the fuzz itself broke (with or without a counterexample). That fails, it is not "interrupted".
        const cause = error instanceof Error ? (error.stack ?? error.message) : String(error);
        throw new Error(`the fuzz harness failed on ${id} (fast-check seed ${seed}, ${details.counterexample === null ? 'no counterexample' : `counterexample ${preview(details.counterexample, 400)}`}): ${cause}`);
      }
      known.add(error.signature);
      const finding = { operation: id, signature: error.signature, report: `${error.report}\n  (fast-check seed ${seed}, path ${details.counterexamplePath}, ${details.numShrinks} shrinks)` };
      mine.push(finding);
      findings.push(finding);
    }
    const counts = [...(statuses.get(id) ?? new Map<number, number>())].sort(([a], [b]) => a - b);
    console.log(`fuzz: ${id}: ${counts.reduce((sum, [, n]) => sum + n, 0)} requests (${counts.map(([status, n]) => `${n}×${status}`).join(', ')})`);
    if (mine.length > 0) throw new Error(`${mine.length} distinct failure(s):\n\n${mine.map((finding) => finding.report).join('\n\n')}`);
    const sent = sentBy(id);
    if (sent.requests < MIN_REQUESTS) throw new Error(`${id} sent ${sent.requests} requests, fewer than ${MIN_REQUESTS}: its test means nothing (budget ${Math.round(budget)} ms)`);
    if (sent.successes === 0 && !(id in NO_SUCCESS)) throw new Error(`${id}: none of its ${sent.requests} requests was answered 2xx; its handler's success path was never reached`);
  }, SECONDS * 4000 + 120_000);

  test('the ledger holds and moved only for 2xx money calls', async () => {
    const problems = await money.problems(t.database.db, ledgerBefore);
    console.log(`fuzz: ${money.successes} successful money calls`);
    expect(problems).toEqual([]);
    // Without one, "moved only for 2xx money calls" holds for nothing.
    expect(money.successes, 'successful money calls').toBeGreaterThan(0);
  }, 120_000);
});
