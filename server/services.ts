/**
 * The services of one running app, built once from its dependencies and decorated on it
 * (`app.services`, `app.deps`), so every module reads what it needs from the app instead of
 * receiving it by hand.
 */
import type { FastifyBaseLogger } from 'fastify';
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from '../src/domain/constants';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Db, Listen } from './db/client';
import { createIdempotency } from './http/idempotency';
import type { RateLimits } from './http/rate-limits';
import { createAccounts, createContactNotices, createLockout, createSessions, createSignIns, type SessionCache } from './modules/auth';
import { createCodes } from './modules/codes';
import { createConversions } from './modules/conversion';
import { createDeposits, proofStoreOf } from './modules/deposits';
import type { Mailer } from './modules/mailer';
import { createOperators, createOps } from './modules/ops';
import { createMarketData, type CandleCache } from './modules/market';
import { createLoans, createLoanWatch, loanDocumentStoreOf } from './modules/loans';
import { createPledge } from './modules/pledge';
import { createPush } from './modules/push';
import { createRecords } from './modules/records';
import { createPasskeys, relyingPartyOf } from './modules/security';
import { createPayPasswords } from './security/pay-passwords';
import type { SmsProvider } from './modules/sms';
import { createSettings } from './modules/settings';
import { createBanking } from './modules/banking';
import { contentNames, createNews } from './modules/news';
import { createVip } from './modules/vip';
import { createAddressBook, createWithdrawals } from './modules/withdrawals';
import { createTrading } from './modules/trading';
import { createOutbox } from './outbox';
import { createMetrics } from './metrics';
import { createLifecycle } from './lifecycle';
import { createAlerts, createLoginTickets, createSecurityCentre, createSecondFactor, createSecurityChanges, withAntiPhishing } from './modules/security';
import { createLiabilities } from './modules/liabilities';
import { createSealer } from './security/sealed';
import { avatarStoreOf, createProfiles, createUserLookup } from './modules/user';

export interface AppDeps {
  config: Config;
  db: Db;
  /** LISTEN on the database (PostgreSQL): lets this process remember live sessions (auth/session-cache.ts). */
  listen?: Listen;
  /** A consistent copy of the embedded database while it serves (Database.copy; PGlite only): POST /api/ops/backup. */
  copyDatabase?: () => Promise<Uint8Array>;
  clock: Clock;
  /** The installation's secret: the pepper of verification codes and the key of payment passwords (security/secrets.ts). */
  codePepper: string;
  /** The key sealing authenticator secrets (SECRETS_KEY, security/sealed.ts). */
  secretsKey: Buffer;
  mailer: Mailer;
  sms: SmsProvider;
  rateLimits: RateLimits;
  /** Tests: check every reply against its documented schema and every refusal against the statuses and keys its route declares (server/http/api-route.ts, server/http/refusals.ts). */
  checkReplies?: boolean;
}

export function createServices(deps: AppDeps, log: FastifyBaseLogger, sessionCache?: SessionCache, candleCache?: CandleCache) {
  const { db, clock, config } = deps;
  const loanDocuments = loanDocumentStoreOf(config);
  const sessions = createSessions(db, clock, config.sessionTtlHours, sessionCache);
  // Authenticator secrets, users' and operators', are sealed under SECRETS_KEY (security/sealed.ts).
  const sealer = createSealer(deps.secretsKey);
  // Every e-mail to a user starts with their anti-phishing code (modules/security/alerts.ts).
  const mailer = withAntiPhishing(db, deps.mailer);
  const codes = createCodes({ db, clock, pepper: deps.codePepper, mailer, sms: deps.sms, log });
  const loginLockout = createLockout(db, clock, { table: 'login_failures', keyColumn: 'login_key' }, LOGIN_MAX_FAILURES, LOGIN_LOCK_MINUTES);
  const payLockout = createLockout(db, clock, { table: 'pay_password_failures', keyColumn: 'user_id' }, LOGIN_MAX_FAILURES, LOGIN_LOCK_MINUTES);
  const secondFactorLockout = createLockout(db, clock, { table: 'second_factor_failures', keyColumn: 'user_id' }, LOGIN_MAX_FAILURES, LOGIN_LOCK_MINUTES);
  // Passkeys open sessions through the accounts, which ask for the second factor, which may be a
  // passkey: the second factor reaches the passkeys through this function, set once they exist.
  const late: { passkeys?: ReturnType<typeof createPasskeys> } = {};
  const secondFactor = createSecondFactor({
    db,
    clock,
    sealer,
    lockout: secondFactorLockout,
    pepper: deps.codePepper,
    checkPasskey: (userId, response, tx) => late.passkeys!.verifyFor(userId, response, secondFactor.passkeyPurpose, tx),
  });
  const securityChanges = createSecurityChanges(db, clock, sessions);
  const loginTickets = createLoginTickets(db, clock, secondFactor);
  const metrics = createMetrics();
  const push = createPush({ db, clock, serviceHosts: config.push.serviceHosts, contact: config.push.contact, log, counted: metrics.push });
  const alerts = createAlerts({ db, clock, mailer, push, log });
  securityChanges.onChange((change) => alerts.securityChange(change));
  const accounts = createAccounts({
    db,
    clock,
    codes,
    sessions,
    signIns: createSignIns(db, clock),
    loginLockout,
    payLockout,
    payPasswords: createPayPasswords(deps.codePepper),
    contactNotices: createContactNotices({ mailer, sms: deps.sms, clock, log }),
    secondFactor,
    securityChanges,
    loginTickets,
    alerts,
  });
  const passkeys = createPasskeys({ db, clock, sessions: { open: (userId, origin) => accounts.signedIn(userId, origin) }, changes: securityChanges, relyingParty: relyingPartyOf(config.publicOrigin) });
  late.passkeys = passkeys;
  return {
    sessions,
    codes,
    accounts,
    /** The second factor, its sign-in tickets, and what a security change sets off (modules/security). */
    secondFactor,
    securityChanges,
    loginTickets,
    /** The security centre's calls and the operators' reset of a second factor (modules/security/centre.ts). */
    securityCentre: createSecurityCentre(db, clock, secondFactor, securityChanges, alerts),
    /** Passkeys: registering and signing in with them, and the step-up's check (modules/security). */
    passkeys,
    operators: createOperators(db, clock, deps.codePepper, sealer),
    /** What operators configure and correct, and the audit trail (modules/ops). */
    ops: createOps(db),
    profiles: createProfiles(db, (userId) => secondFactor.methodsOf(db, userId)),
    /** The users as operators find and read them (modules/user/lookup.ts). */
    userLookup: createUserLookup(db, clock),
    avatars: avatarStoreOf(config),
    proofs: proofStoreOf(config),
    /** Deposit requests and the operator's decisions (modules/deposits). */
    deposits: createDeposits(db),
    idempotency: createIdempotency(db, clock),
    conversions: createConversions(db, clock),
    records: createRecords(db),
    /** The bank account EUR withdrawals pay to (modules/banking). */
    banking: createBanking(db),
    /** The VIP levels (modules/vip). */
    vip: createVip(db),
    /** News and the content pages: readers' reads, operators' writes (modules/news). */
    news: createNews(db, contentNames()),
    /** The operator settings the app reads at start: support link, EUR rate, deposit options (modules/settings). */
    settings: createSettings(db),
    /** Withdrawal requests, their holds and the operator's decisions (modules/withdrawals). */
    withdrawals: createWithdrawals(db),
    /** The withdrawal address book and its lock (modules/withdrawals/address-book.ts). */
    addressBook: createAddressBook(db, clock, securityChanges),
    trading: createTrading(db, clock),
    /** Pledge orders, their daily interest and maturities (modules/pledge). */
    pledge: createPledge(db, clock),
    /** Snapshots of what users are owed, their signed Merkle sum trees and each user's proof (modules/liabilities). */
    liabilities: createLiabilities({ db, clock, sealer }),
    /** Identity images of loan applications: never public (modules/loans). */
    loanDocuments,
    /** Loan applications, their review, disbursement and repayment (modules/loans). */
    loans: createLoans(db, clock, loanDocuments),
    /** Counters, histograms and gauges for Prometheus (server/metrics.ts; GET /metrics with METRICS_TOKEN). */
    metrics,
    /** Serving, draining (readiness false) or closing (new requests refused): server/lifecycle.ts. */
    lifecycle: createLifecycle(),
    /** What committed changes must still cause (sockets, pushes, candles), delivered after COMMIT or after a crash (server/outbox.ts). */
    outbox: createOutbox({ db, log }),
    /** Ticks in, candles and 24-hour figures out (the market plugin publishes them). */
    market: createMarketData({ db, clock, symbols: config.market.symbols, log, cache: candleCache }),
    /** Web Push to subscribed devices (news on the system channel, trade orders on the trade channel). */
    push,
    /** The LTV watch of loans across assets: margin calls and liquidations (modules/loans/watch.ts; main.ts runs it). */
    loanWatch: createLoanWatch({ db, clock, push, mailer, log }),
    /** E-mail and push alerts of security changes, withdrawals and new sign-ins (modules/security/alerts.ts). */
    alerts,
  };
}

export type Services = ReturnType<typeof createServices>;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    deps: AppDeps;
  }
}
