/**
 * Runs the real thing for the browser suite: the built PWA served by the server on a free port,
 * with a fresh data folder and a real SMTP server on loopback that keeps what it receives. Every
 * page it opens is watched, and every test of a `browserSuite` fails on what went wrong in any of
 * them: an uncaught error, a console error or a 5xx answer. Nothing to opt into; a page that is cut
 * off on purpose names the console errors it expects (`expectedErrors`), and only it may show them.
 */
import assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import PO from 'pofile';
import { SMTPServer } from 'smtp-server';
import { catalogueTexts } from '../../scripts/catalogues.mjs';
import { keepWordsTogether } from '../../src/i18n/words';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The demo operator the embedded default seeds (the console computes its code from the demo secret). */
export { DEMO_OPERATOR as OPERATOR } from '../../server/modules/ops/demo';
/** An image a deposit's proof or an upload can be. */
export const PROOF = join(root, 'public', 'icons', 'icon-192.png');
/** A well-formed TRC20 address to withdraw to. */
export const TRON_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
export const SCREENSHOT_DIR = join(root, 'test-results', 'screenshots');
export const PHONE = { width: 390, height: 844 };
/** The operator console's finance desk, and a tablet held upright. */
export const DESK = { width: 1440, height: 900 };
export const TABLET = { width: 820, height: 1180 };
const runFile = promisify(execFile);

/** The operator console, as an operator runs it: a separate process talking to the server over HTTP. */
export function operatorConsole(app: RunningApp, sessionDir: string) {
  return async (...args: string[]): Promise<string> => {
    const { stdout } = await runFile(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'ops.ts'), ...args, '--url', app.baseUrl], {
      cwd: root,
      env: { ...process.env, NODE_OPTIONS: '', DATA_DIR: sessionDir },
      timeout: 60_000,
    });
    return stdout;
  };
}

/** `npm run ledger:verify` on the data a run left (the server stopped first); its report. */
export async function verifyLedgerOfRun(app: RunningApp): Promise<string> {
  await app.stopServer();
  const { stdout } = await runFile(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'ledger-verify.ts')], {
    cwd: root,
    env: { ...withoutDatabaseUrl(process.env), NODE_OPTIONS: '', DATA_DIR: app.dataDir, PORT: new URL(app.baseUrl).port },
    timeout: 120_000,
  });
  assert.match(stdout, /^OK: every balance is the sum of its postings/m, stdout);
  return stdout;
}

/** The ID column of the listing row that mentions `text` (an order number, a username). */
export function idOfRow(listing: string, text: string): string {
  const row = listing.split('\n').find((line) => line.includes(text));
  assert.ok(row, `no row for ${text} in:\n${listing}`);
  return row.trim().split(/\s+/)[0];
}

export function withoutDatabaseUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...rest } = env;
  return rest;
}

export async function pinSheet(page: Page, pin: string): Promise<void> {
  // The open sheet's field: a screen with two money actions keeps a closed sheet (inert, out of view) beside it.
  const input = page.locator('[role="dialog"][aria-modal="true"]').getByLabel(uiText('en', 'Enter your 6-digit payment password'));
  await input.waitFor();
  await input.fill(pin);
}


/**
 * On the deposit screen: `amount` USDT with the proof image, submitted; the order number it shows.
 * The operator approves it with `ops('deposit', 'approve', idOfRow(await ops('deposits'), order))`.
 */
export async function depositWithProof(page: Page, amount: string): Promise<string> {
  await page.getByRole('radio', { name: 'USDT' }).click();
  await page.getByRole('region', { name: 'Deposit address' }).waitFor({ timeout: 15_000 });
  await page.getByLabel('Amount (USDT)').fill(amount);
  await page.getByLabel('Payment proof image').setInputFiles(PROOF);
  await page.getByRole('img', { name: 'Chosen payment proof' }).waitFor();
  await page.getByRole('button', { name: 'Submit deposit' }).click();
  await page.getByText('Deposit submitted').waitFor({ timeout: 30_000 });
  const text = await bodyText(page);
  const order = /\b([A-Z]\d{6,})\b/.exec(text.slice(text.indexOf('Order number')))?.[1];
  assert.ok(order, `an order number on: ${text}`);
  return order;
}

/**
 * On the sign-up form, once the contact is typed: the code sent to it (`code`, read from the mail
 * or the SMS), the password twice, the username, the agreement; the account created, the login
 * screen opens.
 */
export async function completeSignUp(page: Page, code: () => Promise<string>, account: { username: string; password: string }): Promise<void> {
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Verification code').fill(await code());
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByLabel('Username').fill(account.username);
  await page.locator('input[type="checkbox"]').locator('..').click();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => url.pathname === '/h5/auth/login', { timeout: 15_000 });
}

/** The screen's text on one line. */
export async function bodyText(page: Page): Promise<string> {
  return (await page.locator('body').innerText()).replace(/\s+/g, ' ');
}

/** Waits until the screen's text matches, without reloading: what arrives over the socket shows by itself. Returns the text that matched. */
export async function waitForText(page: Page, pattern: RegExp, what: string, timeout = 20_000): Promise<string> {
  const deadline = Date.now() + timeout;
  let text = await bodyText(page);
  while (!pattern.test(text) && Date.now() < deadline) {
    await page.waitForTimeout(250);
    text = await bodyText(page);
  }
  assert.match(text, pattern, what);
  return text;
}

/** What the app keeps on the device (its IndexedDB store `tessera`/`kv`), each entry as stored: `{ value, expiresAt }`. */
export async function deviceStore(page: Page): Promise<Record<string, { value: unknown; expiresAt: number | null }>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, { value: unknown; expiresAt: number | null }>>((resolve, reject) => {
        const open = indexedDB.open('tessera');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const store = open.result.transaction('kv').objectStore('kv');
          const keys = store.getAllKeys();
          const values = store.getAll();
          values.onsuccess = () => resolve(Object.fromEntries(keys.result.map((key, index) => [String(key), values.result[index]])));
          values.onerror = () => reject(values.error);
        };
      }),
  );
}

/**
 * Waits until the signed-in person's offline copy on the device was written by this page and has
 * stopped changing (unchanged for longer than the app's half-second write delay): what the screen
 * read is then on the device, not in a write the next navigation could cut off.
 */
export async function waitForKeptCopy(page: Page, timeout = 20_000): Promise<void> {
  const loadedAt = await page.evaluate(() => performance.timeOrigin);
  const written = async () => {
    const entries = Object.entries(await deviceStore(page)).filter(([key]) => key.startsWith('cache:queries:') && key !== 'cache:queries:visitor');
    return entries.length === 1 ? ((entries[0][1].value as { timestamp?: number }).timestamp ?? 0) : 0;
  };
  const deadline = Date.now() + timeout;
  let last = await written();
  for (;;) {
    await page.waitForTimeout(800);
    const now = await written();
    if (now >= loadedAt && now === last) return;
    assert.ok(Date.now() < deadline, `the offline copy was not written within ${timeout} ms (last write ${now ? new Date(now).toISOString() : 'none'}, page loaded ${new Date(loadedAt).toISOString()})`);
    last = now;
  }
}

/** Logs in with a username or e-mail on the login form (in English), as a person does. */
export async function logInWithForm(page: Page, baseUrl: string, account: { username: string; password: string }): Promise<void> {
  await page.goto(`${baseUrl}/h5/auth/login`);
  await page.getByRole('tab', { name: /E-mail/ }).click();
  await page.getByLabel(/E-mail or username/).fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/h5/auth'), { timeout: 15_000 });
}

/**
 * A UI text as the given language shows it, read from its catalogues (the first screen's and the
 * others'). With a context (msgctxt, e.g. "screen title"), the text written for it where there is one.
 */
export function uiText(locale: string, english: string, context?: string): string {
  const inContext = context ? textsInContext(locale, context).get(english) : undefined;
  // As the app shows it: in Chinese with its words joined (src/i18n/words.ts, at the build).
  return keepWordsTogether(inContext || catalogueTexts(locale).get(english) || english, locale);
}

function textsInContext(locale: string, context: string): Map<string, string> {
  const texts = new Map<string, string>();
  for (const catalogue of ['shell', 'messages']) {
    const po = PO.parse(readFileSync(join(root, 'src', 'locales', locale, `${catalogue}.po`), 'utf8'));
    for (const item of po.items) if (item.msgctxt === context) texts.set(item.msgid, item.msgstr.join(''));
  }
  return texts;
}

export interface Mail {
  to: string;
  text: string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function startMailbox(): Promise<{ port: number; mails: Mail[]; close(): Promise<void> }> {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), text: decodeMail(raw) });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { port, mails, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Undoes quoted-printable and base64 bodies well enough to find a six-digit code. */
function decodeMail(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const base64Parts = [...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g)].map((m) =>
    Buffer.from(m[1].replace(/\s/g, ''), 'base64').toString('utf8'),
  );
  return [unfolded, ...base64Parts].join('\n');
}

export async function waitForCode(mails: Mail[], to: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = [...mails].reverse().find((m) => m.to.toLowerCase() === to.toLowerCase());
    const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no verification code mailed to ${to}`);
}

export interface RunningApp {
  baseUrl: string;
  mails: Mail[];
  logs: string[];
  /** The server's data folder (the embedded database lives in it). */
  dataDir: string;
  /** Stops the server and keeps its data, e.g. to check the ledger the run left behind. */
  stopServer(): Promise<void>;
  /** Starts it again on the same port and data folder (after stopServer), waiting until it answers. */
  startServer(): Promise<void>;
  /** Stops everything and removes the data folder. */
  stop(): Promise<void>;
}

/** The compiled server on a free port with a fresh data folder; `env` adds variables (e.g. CLOCK_OFFSET_FILE). */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const mailbox = await startMailbox();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-e2e-'));
  const logs: string[] = [];
  const baseUrl = `http://127.0.0.1:${port}`;
  let server: ChildProcess;
  /** Starts the server on this port and data folder, and waits until it answers. */
  const launch = async () => {
    // The compiled server, as `npm start` runs it (scripts/e2e.mjs and the benches build it first).
    server = spawn(process.execPath, [join(root, 'dist-server', 'main.mjs')], {
      cwd: root,
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        PORT: String(port),
        // Stopped with SIGTERM after the suite: at once, no balancer to drain.
        SHUTDOWN_DRAIN_SECONDS: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
        PUBLIC_DIR: join(root, 'dist'),
        OPS_PUBLIC_DIR: join(root, 'dist-ops'),
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const started = server;
    started.stdout?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
    started.stderr?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (started.exitCode !== null) throw new Error(`server exited early:\n${logs.join('')}`);
      try {
        const reply = await fetch(`${baseUrl}/api/health`);
        if (reply.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`server did not start:\n${logs.join('')}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  await launch();
  const stopServer = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  };
  return {
    baseUrl,
    mails: mailbox.mails,
    logs,
    dataDir,
    stopServer,
    startServer: launch,
    async stop() {
      await stopServer();
      await mailbox.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A phone-sized page in a browser profile of its own on disk (`dir`), not an incognito context:
 * Chromium offers to install an app only outside incognito. Close its context when done.
 */
export async function profilePage(dir: string, options: Pick<PageOptions, 'expectedErrors'> = {}): Promise<Page> {
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: BROWSER_ARGS,
    viewport: PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
  });
  watchContext(context, options.expectedErrors);
  return context.pages()[0] ?? (await context.newPage());
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: BROWSER_ARGS,
  });
}

const BROWSER_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface PageOptions {
  serviceWorkers?: 'allow' | 'block';
  /** Console errors this page shows because the test cuts it off on purpose (OFFLINE, UNREACHABLE); no other page may show them. */
  expectedErrors?: readonly RegExp[];
}

/**
 * What a page taken offline (`setOffline`) logs for each request it cannot send; a news call is
 * answered by the service worker (sw/sw.ts), which fails it as ERR_FAILED when it has no copy of
 * that very page and language yet (the app then shows the news it keeps itself).
 */
export const OFFLINE: readonly RegExp[] = [
  /net::ERR_INTERNET_DISCONNECTED/,
  /net::ERR_FAILED \(https?:\/\/[^/]+\/api\/news\/(list|detail):/,
];
/** What a page logs when its server is stopped or its calls are refused on purpose. */
export const UNREACHABLE: readonly RegExp[] = [/net::ERR_CONNECTION_REFUSED/];

/** A phone-sized page. Service workers are blocked unless a test is about them (offline starts). */
export async function phonePage(browser: Browser, locale = 'en-US', options: PageOptions = {}): Promise<Page> {
  const context = await browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale,
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  watchContext(context, options.expectedErrors);
  return context.newPage();
}

/** A page of the operator console on a desk's screen (or a tablet's), watched like a phone's. */
export async function deskPage(browser: Browser, locale = 'en-US', viewport: { width: number; height: number } = DESK): Promise<Page> {
  const context = await browser.newContext({ viewport, locale, serviceWorkers: 'block' });
  watchContext(context);
  return context.newPage();
}

/** What went wrong in any page since the last check: uncaught errors, console errors, 5xx answers. */
const pageProblems: string[] = [];

/** Console errors that are not the app failing on any page: a refusal (4xx) is an answer the app shows as a message. */
const EXPECTED_CONSOLE_ERRORS = [/^Failed to load resource: the server responded with a status of 4\d\d\b/];

/** Watches every page of the context, the first and any opened later (a second tab). */
function watchContext(context: BrowserContext, expected: readonly RegExp[] = []): void {
  for (const page of context.pages()) watchErrors(page, expected);
  context.on('page', (page) => watchErrors(page, expected));
}

function watchErrors(page: Page, expected: readonly RegExp[]): void {
  const allowed = [...EXPECTED_CONSOLE_ERRORS, ...expected];
  const where = () => {
    try {
      return new URL(page.url()).pathname;
    } catch {
      return page.url();
    }
  };
  page.on('pageerror', (error) => pageProblems.push(`page error on ${where()}: ${error.stack ?? error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error' || allowed.some((pattern) => pattern.test(message.text()))) return;
    const { url, lineNumber } = message.location();
    pageProblems.push(`console error on ${where()}: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 500) pageProblems.push(`${response.status()} from ${response.request().method()} ${new URL(response.url()).pathname} on ${where()}`);
  });
}

function assertNoPageProblems(): void {
  const problems = pageProblems.splice(0);
  assert.deepEqual(problems, [], `the page went wrong:\n${problems.join('\n')}`);
}

export type Ops = (...args: string[]) => Promise<string>;

/** What a browser suite runs on, ready in its tests. */
export interface Suite {
  app: RunningApp;
  browser: Browser;
  /** The first phone (English). */
  page: Page;
  /** A folder of the suite's own, removed after it (the console's session, copies of the build). */
  dir: string;
  /** The operator console signed into `dir`'s session. */
  ops: Ops;
  /** The file the server reads its clock offset from (seconds), when asked for with `clock`. */
  clockFile: string;
}

export interface SuiteOptions {
  /** The server's clock moved by writing seconds to `clockFile` (CLOCK_OFFSET_FILE). */
  clock?: boolean;
  /** Extra server variables, made in the suite's folder first (e.g. a copy of the build to serve). */
  env?: (dir: string) => Record<string, string>;
}

/**
 * Call inside a describe: a server on a fresh data folder, a browser, a first phone and the
 * operator console before its tests, all stopped and removed after; `ready` receives them. Every
 * test of it, and the suite's end, fails when a page had an uncaught error, a console error (but
 * those its page expects) or a 5xx answer while it ran.
 */
export function browserSuite(options: SuiteOptions, ready: (suite: Suite) => void): void {
  let dir = '';
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  afterEach(assertNoPageProblems);
  before(async () => {
    pageProblems.splice(0);
    dir = mkdtempSync(join(tmpdir(), 'tessera-suite-'));
    // The suites measure the screens, not the machine: on a test machine shared by several builds
    // the event loop lags for reasons of its own, and a request shed for it (503) is nothing the
    // screen did. Load shedding has its own tests in tests/api.
    const env: Record<string, string> = { SHED_EVENT_LOOP_DELAY_MS: '0' };
    const clockFile = join(dir, 'clock-offset');
    if (options.clock) {
      writeFileSync(clockFile, '0');
      env.CLOCK_OFFSET_FILE = clockFile;
    }
    app = await startApp({ ...env, ...options.env?.(dir) });
    browser = await launchBrowser();
    ready({ app, browser, page: await phonePage(browser), dir, ops: operatorConsole(app, dir), clockFile });
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
    assertNoPageProblems();
  });
}

let shot = 0;
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  shot += 1;
  await page.waitForTimeout(350); // let the slide transition settle
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${String(shot).padStart(2, '0')}-${name}.png`) });
}

