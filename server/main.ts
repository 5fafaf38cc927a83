/**
 * `npm run serve`: reads the configuration, opens and migrates the database, seeds it, serves
 * HTTP and socket.io (attached by buildApp) on one port, prints the URL and either the demo
 * accounts (embedded default or SEED_DEMO=true) or how to create the first admin, and shuts down
 * cleanly on SIGINT/SIGTERM (PGlite must be closed to keep its files consistent).
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from './app';
import { assertServerSecrets, ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type Database, type Db } from './db/client';
import { rowsOf } from './db/rows';
import { migrate } from './db/migrate';
import { verifyLedger } from './ledger/verify';
import { DEMO_ACCOUNTS, seed } from './db/seed';
import { createMailer } from './modules/mailer';
import { DEMO_OPERATOR, hasActiveAdmin, openOperatorSecret, sealPlainOperatorSecrets } from './modules/ops';
import { createSmsProvider, type InfoLog } from './modules/sms';
import { startHousekeeping } from './housekeeping';
import { startMarketFeed } from './modules/market';
import { startLoanWatch } from './modules/loans';
import { startLiabilitySnapshots } from './modules/liabilities';
import { startPledgePayouts } from './modules/pledge';
import { startRepeating } from './repeating';
import { startTradeSweeps } from './modules/trading';
import { createSealer, type Sealer } from './security/sealed';
import { resolveSecrets, type Secrets } from './security/secrets';
import { offsetClock, systemClock } from './clock';

function readConfig(): Config {
  try {
    const config = loadConfig();
    assertServerSecrets(config);
    return config;
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
}

/** What the banner says about accounts: the demo credentials, or how operators get in. */
type AccountsNote = { demo: true } | { demo: false; adminExists: boolean; demoOperatorEnabled: boolean };

function demoLines(): string[] {
  return [
    'Demo accounts (log in with the username, e-mail or phone):',
    ...DEMO_ACCOUNTS.map(
      (demo) =>
        `  ${demo.role.padEnd(8)}  ${demo.username.padEnd(9)} password ${demo.password}  payment password ${demo.payPassword}  ${demo.email}  ${demo.phone}`,
    ),
    `Demo operator (a published DEMO credential; disable it on a real installation): ${DEMO_OPERATOR.username} (${DEMO_OPERATOR.role})` +
      ` password ${DEMO_OPERATOR.password}  TOTP secret ${DEMO_OPERATOR.totpSecret}`,
    `  npm run ops -- login --user ${DEMO_OPERATOR.username} --password ${DEMO_OPERATOR.password}   (the code is computed from the demo secret;` +
      ' `npm run ops -- totp` prints the current one)',
  ];
}

function operatorLines(note: Extract<AccountsNote, { demo: false }>): string[] {
  const lines = ['No demo accounts on this database (SEED_DEMO is not true).'];
  if (!note.adminExists) {
    lines.push('No admin operator yet. Create the first one (prints its password and TOTP secret once):', '  npm run ops -- bootstrap-admin NAME');
  } else {
    lines.push('Operators sign in with: npm run ops -- login --user NAME --totp CODE');
  }
  if (note.demoOperatorEnabled) {
    lines.push(`WARNING: the demo operator "${DEMO_OPERATOR.username}" from an earlier start is still enabled with its published secret:`, `  npm run ops -- operator disable ${DEMO_OPERATOR.username} --reason "demo credential"`);
  }
  return lines;
}

function banner(config: Config, port: number, mail: string, sms: string, accounts: AccountsNote): string {
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${shown}:${port}`;
  const lines = [
    '',
    `Tessera is running at ${url}/h5/  (API ${url}/api, docs ${url}/api/docs)`,
    `Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${path.join(config.dataDir, 'pglite')}`}`,
    `E-mail: ${mail === 'log' ? 'no SMTP_URL set, e-mails with their codes are written to this log' : 'SMTP'}; ` +
      `SMS: ${sms === 'log' ? 'texts with their codes are written to this log' : sms}`,
    ...(accounts.demo ? demoLines() : operatorLines(accounts)),
    ...(accounts.demo && !config.hostChosen
      ? [
          'Listening on this computer only: the demo credentials above are published. To open the app from a phone on the',
          'same network, start with HOST=0.0.0.0 — then anyone on that network can use the demo accounts and the demo operator too.',
        ]
      : []),
    '',
  ];
  return lines.join('\n');
}

/** The published demo operator, still able to sign in with the published secret (seeded by an earlier start with demo data). */
async function demoOperatorEnabled(db: Db, sealer: Sealer): Promise<boolean> {
  const rows = await rowsOf<{ id: string; sealed: Buffer | null }>(
    db,
    sql`SELECT id::text, totp_sealed AS sealed FROM operators WHERE lower(username) = ${DEMO_OPERATOR.username} AND NOT disabled`,
  );
  return rows.some((row) => openOperatorSecret(sealer, row.id, row.sealed) === DEMO_OPERATOR.totpSecret);
}

/** Migrates and seeds the database; says what the banner should about accounts. */
async function prepareDatabase(database: Database, config: Config, secrets: Secrets): Promise<{ applied: string[]; accounts: AccountsNote }> {
  const applied = await migrate(database.sql);
  // A database restored from a backup whose ledger did not verify is not served (docs/operations.md).
  const [restore] = await rowsOf<{ restored_at: string; source: string; ledger_ok: boolean; problems: number }>(
    database.db,
    sql`SELECT restored_at::text, source, ledger_ok, problems FROM restores ORDER BY id DESC LIMIT 1`,
  );
  if (restore && !restore.ledger_ok && !config.allowUnverifiedRestore) {
    throw new Error(
      `this database was restored from ${restore.source} at ${restore.restored_at} and its ledger did not verify (${restore.problems} problems): ` +
        'run npm run ledger:verify to see them; ALLOW_UNVERIFIED_RESTORE=true starts the server all the same',
    );
  }
  // What an older version kept in the clear is sealed before anyone signs in (migration 0027).
  const sealer = createSealer(secrets.secretsKey);
  await sealPlainOperatorSecrets(database.db, sealer);
  const seeded = await seed(database.db, config, secrets);
  const accounts: AccountsNote = seeded.demo
    ? { demo: true }
    : { demo: false, adminExists: await hasActiveAdmin(database.db), demoOperatorEnabled: await demoOperatorEnabled(database.db, sealer) };
  return { applied, accounts };
}

async function main(): Promise<void> {
  const config = readConfig();
  // The system's time, or (the browser suite only) that time moved by CLOCK_OFFSET_FILE.
  const clock = config.clockOffsetFile ? offsetClock(config.clockOffsetFile).clock : systemClock;
  const database = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
  );
  // The seed keys the demo payment passwords with it.
  const secrets = resolveSecrets(config, config.dataDir);
  const { codePepper, secretsKey } = secrets;
  // The server listens while the database opens, migrates and seeds (the embedded one takes a
  // second or more): the PWA's files are served at once, API requests wait for it (app.ts).
  const prepared = prepareDatabase(database, config, secrets);
  prepared.catch(() => undefined);

  // Providers log through the app's logger, which exists only once the app is built.
  let appLog: InfoLog = { info: (_obj, msg) => console.log(msg) };
  const log = { info: (obj: object, msg: string) => appLog.info(obj, msg) };
  const mailer = createMailer(config.smtpUrl, config.mailFrom, log);
  const sms = createSmsProvider(config.smsProvider, log);
  const app = await buildApp({
    config,
    db: database.db,
    dbWaiting: database.waiting,
    dbPool: database.pool,
    listen: database.listen,
    copyDatabase: database.copy,
    databaseReady: prepared,
    clock,
    codePepper,
    secretsKey,
    mailer,
    sms,
  });
  appLog = app.log;

  let housekeeping: { stop(): void } | null = null;
  let tradeSweeps: { stop(): void } | null = null;
  let pledgePayouts: { stop(): void } | null = null;
  let liabilitySnapshots: { stop(): void } | null = null;
  let loanDocumentPurge: { stop(): void } | null = null;
  let loanWatch: { stop(): void } | null = null;
  let ledgerChecks: { stop(): void } | null = null;
  let marketFeed: { stop(): Promise<void> } | null = null;
  let stopping = false;
  /**
   * Closes everything in order (server/lifecycle.ts): with `drainSeconds`, readiness turns false
   * first and requests are served that long; then new requests are refused with 503 and
   * Retry-After, the jobs stop, the requests in flight finish, the sockets are dropped, the pool
   * closes. A migration or seed under way finishes first (PGlite waits for it).
   */
  const stop = async (code: number, drainSeconds = 0) => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(1), (drainSeconds + 20) * 1000);
    force.unref();
    const { lifecycle } = app.services;
    lifecycle.drain();
    if (drainSeconds > 0) {
      app.log.info({ seconds: drainSeconds }, 'draining: readiness is false, requests are still served');
      await new Promise((resolve) => setTimeout(resolve, drainSeconds * 1000));
    }
    lifecycle.close();
    housekeeping?.stop();
    tradeSweeps?.stop();
    pledgePayouts?.stop();
    liabilitySnapshots?.stop();
    loanDocumentPurge?.stop();
    loanWatch?.stop();
    ledgerChecks?.stop();
    await marketFeed?.stop();
    // Deliveries under way finish; what is left stays in the outbox for the next process.
    await app.services.outbox.stop();
    try {
      // Closes socket.io too (server/realtime/socket.ts).
      await app.close();
      mailer.close();
      await prepared.catch(() => undefined);
      await database.close();
      process.exit(code);
    } catch (error) {
      app.log.error({ err: error }, 'unclean shutdown');
      process.exit(1);
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      app.log.info({ signal }, 'shutting down');
      // A balancer's SIGTERM drains first; Ctrl+C at a terminal closes at once.
      void stop(0, signal === 'SIGTERM' && !stopping ? config.drainSeconds : 0);
    });
  }

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // Port taken or not allowed.
    app.log.error({ err: error }, 'could not listen');
    return stop(1);
  }
  let accounts: AccountsNote;
  try {
    const done = await prepared;
    accounts = done.accounts;
    if (done.applied.length) app.log.info({ applied: done.applied }, 'database migrated');
  } catch (error) {
    app.log.error({ err: error }, 'could not open, migrate or seed the database');
    return stop(1);
  }
  if (stopping) return;
  // PORT=0 picks a free port: show the one taken.
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  console.log(banner(config, port, mailer.name, sms.name, accounts));
  const { metrics } = app.services;
  housekeeping = startHousekeeping(database.db, clock, app.log, { record: metrics.job('housekeeping') });
  // What a process that stopped left in the outbox (server/outbox.ts), at once and then every 2 s.
  app.services.outbox.start(metrics.job('outbox_sweep'));
  tradeSweeps = startTradeSweeps(app.services.trading, app.services.outbox, app.log, { record: metrics.job('trade_sweep') });
  // Each day's pledge interest, once, and matured pledges' principal (catching up after downtime).
  pledgePayouts = startPledgePayouts(app.services.pledge, app.log, { record: metrics.job('pledge_payout') });
  // The day's proof-of-liabilities snapshot, soon after 00:00 UTC (or the first minute after a start that missed it), once per cluster.
  liabilitySnapshots = startLiabilitySnapshots(app.services.liabilities, clock, app.log, { record: metrics.job('liability_snapshot') });
  // Identity images of loans, deleted a stated time after their loan ended (hourly).
  loanDocumentPurge = startRepeating(
    () =>
      app.services.loans.purgeDocuments(config.loanDocumentRetentionDays).then(
        (removed) => void (removed > 0 && app.log.info({ removed }, 'loans: identity images deleted')),
        (error: unknown) => {
          app.log.error({ err: error }, 'loans: deleting identity images failed');
          return false as const;
        },
      ),
    { firstDelayMs: 60_000, everyMs: 3_600_000, record: metrics.job('loan_document_purge') },
  );
  // The ledger's own check (the one `npm run ledger:verify` prints) every 15 minutes, for the
  // metrics and the alert on a ledger that does not verify (docs/alerts.yml).
  ledgerChecks = startRepeating(
    async () => {
      try {
        const report = await verifyLedger(database.db);
        metrics.ledgerChecked(report.problems.length);
        if (!report.ok) app.log.error({ problems: report.problems.slice(0, 20) }, 'ledger: the check found problems (npm run ledger:verify)');
      } catch (error) {
        app.log.error({ err: error }, 'ledger: the check could not run');
        return false;
      }
    },
    { firstDelayMs: 60_000, everyMs: 15 * 60_000, record: metrics.job('ledger_verify') },
  );
  // The LTV of loans across assets: margin calls and liquidations, at every change of the rate and at least every minute.
  loanWatch = startLoanWatch(app.services.loanWatch, app.log, { record: metrics.job('loan_watch') });
  // Reference quotes (MARKET_FEED): the exchange's stream, or on the embedded default, which has no
  // network, the simulated feed flagged as such in every candle; one process of a cluster runs it.
  marketFeed = startMarketFeed(app, clock);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
