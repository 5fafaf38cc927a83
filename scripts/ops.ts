/**
 * `npm run ops -- <command>`: the operator console on the command line. It talks to the RUNNING
 * server over HTTP (/api/ops), never to the database: the embedded PGlite belongs to the server's
 * process and a second process must not open it. The session token is kept in
 * DATA_DIR/ops-session.json (mode 0600) after `login`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { DEMO_OPERATOR } from '../server/modules/ops/demo';
import { secondsLeftInStep, totpCode } from '../server/modules/ops/totp';

const HELP = `Tessera operator console — talks to the running server (start it with npm start).

  npm run ops -- <command> [options]

Sign-in
  login --user NAME [--password PW] [--totp CODE] [--secret BASE32]
        Signs in and keeps the session (8 h) in DATA_DIR/ops-session.json.
        Password: --password, else OPS_PASSWORD, else asked for.
        Code: --totp, else computed from --secret or OPS_TOTP_SECRET, else (for the demo
        operator "${DEMO_OPERATOR.username}" only) from the published demo secret.
  logout
  totp [--secret BASE32]      The current code of a secret (default: OPS_TOTP_SECRET, else the demo secret).

Deposits and withdrawals (lists oldest first; --status all for every state)
  deposits [--status processing|success|failed|all] [--page N] [--page-size N]
  deposit approve ID [--amount X --reason TEXT]    A different amount needs a reason.
  deposit reject ID --reason TEXT
  deposit proof ID [--out FILE]                    Saves the payment proof image.
  withdrawals [--status processing|completed|cancelled|all] [--page N] [--page-size N]
  withdrawal approve ID --reference TX_REFERENCE
  withdrawal reject ID --reason TEXT

Corrections (a ledger transfer; there is no way to set a balance)
  adjust USER_ID USDT|EUR ±AMOUNT --reason TEXT [--key K]
                                                   e.g. adjust 6f1c… USDT -12.5 --reason "double credit"
                                                   Prints its idempotency key; the same --key posts once.

Settings (changes need the admin role)
  settings
  set KEY VALUE --reason TEXT
  vip
  vip set LEVEL --upgrade USDT --gift PERCENT --orders N --reason TEXT
  coins
  coin set CODE [--address A] [--erc A] [--holder H --iban I --bic B --bank-name N] --reason TEXT

Audit and operators
  audit [--page N] [--page-size N] [--user USER_ID] [--action ACTION]
  operator create NAME --role support|finance|admin [--password PW]
  operator disable NAME --reason TEXT

Options everywhere: --url URL (default: the session's, else http://127.0.0.1:$PORT or 8080).
`;

// ---- arguments --------------------------------------------------------------------------------

interface Args {
  positional: string[];
  flags: Map<string, string | true>;
}

/** `--name value`, `--name=value` and bare `--name`; anything else (including "-12.5") is positional. */
export function parseArgs(argv: string[]): Args {
  const args: Args = { positional: [], flags: new Map() };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      args.positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
    if (inline !== undefined) args.flags.set(name, inline);
    else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) args.flags.set(name, argv[++i]);
    else args.flags.set(name, true);
  }
  return args;
}

class UsageError extends Error {}

function flag(args: Args, name: string): string | undefined {
  const value = args.flags.get(name);
  if (value === true) throw new UsageError(`--${name} needs a value`);
  return value;
}

function required(args: Args, name: string, what: string): string {
  const value = flag(args, name);
  if (!value) throw new UsageError(`${what}: give --${name}`);
  return value;
}

function positional(args: Args, index: number, what: string): string {
  const value = args.positional[index];
  if (value === undefined) throw new UsageError(`missing ${what} (see npm run ops -- help)`);
  return value;
}

function recordId(text: string): number {
  if (!/^\d+$/.test(text)) throw new UsageError(`not a record id: ${text}`);
  return Number(text);
}

// ---- session and HTTP -------------------------------------------------------------------------

interface SavedSession {
  url: string;
  username: string;
  token: string;
  expiresAt: string;
}

const dataDir = () => path.resolve(process.env.DATA_DIR || './data');
const sessionFile = () => path.join(dataDir(), 'ops-session.json');

function readSession(): SavedSession | null {
  try {
    return JSON.parse(fs.readFileSync(sessionFile(), 'utf8')) as SavedSession;
  } catch {
    return null;
  }
}

function saveSession(session: SavedSession): void {
  fs.mkdirSync(dataDir(), { recursive: true });
  const file = sessionFile();
  fs.writeFileSync(file, `${JSON.stringify(session, null, 2)}\n`, { mode: 0o600 });
  // An existing file keeps its old mode on write: a bearer token is for this user only.
  fs.chmodSync(file, 0o600);
}

function baseUrl(args: Args): string {
  const url = flag(args, 'url') ?? readSession()?.url ?? `http://127.0.0.1:${process.env.PORT || '8080'}`;
  return url.replace(/\/+$/, '');
}

class ServerRefusal extends Error {}

interface Envelope<T> {
  type: string;
  message: string;
  data: T;
  key?: string;
}

interface SendOptions {
  body?: unknown;
  query?: Record<string, string | undefined>;
  token?: string;
  idempotencyKey?: string;
}

async function send(url: string, method: 'GET' | 'POST', route: string, options: SendOptions = {}): Promise<Response> {
  const target = new URL(`${url}/api/ops${route}`);
  for (const [name, value] of Object.entries(options.query ?? {})) if (value !== undefined) target.searchParams.set(name, value);
  try {
    return await fetch(target, {
      method,
      headers: {
        ...(options.token ? { authorization: options.token } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string; errors?: { code?: string }[] } }).cause;
    const reason = cause?.code ?? cause?.errors?.[0]?.code ?? cause?.message ?? (error as Error).message;
    throw new ServerRefusal(`cannot reach the server at ${url} (${reason}); is it running (npm start)? Another address: --url`);
  }
}

async function call<T>(args: Args, method: 'GET' | 'POST', route: string, options: Omit<SendOptions, 'token'> = {}): Promise<T> {
  const session = readSession();
  if (!session) throw new ServerRefusal('not signed in: npm run ops -- login --user NAME');
  const response = await send(baseUrl(args), method, route, { ...options, token: session.token });
  return dataOf<T>(response);
}

async function dataOf<T>(response: Response): Promise<T> {
  const text = await response.text();
  let envelope: Envelope<T>;
  try {
    envelope = JSON.parse(text) as Envelope<T>;
  } catch {
    throw new ServerRefusal(`unexpected answer (HTTP ${response.status}): ${text.slice(0, 200)}`);
  }
  if (envelope.type === 'ok') return envelope.data;
  const hint = envelope.key?.startsWith('session.') ? ' — sign in again: npm run ops -- login --user NAME' : '';
  throw new ServerRefusal(`${envelope.message}${envelope.key ? ` [${envelope.key}]` : ''}${hint}`);
}

// ---- output -----------------------------------------------------------------------------------

type Cell = string | number | null | undefined;

function table(headers: string[], rows: Cell[][]): string {
  const text = rows.map((row) => row.map((cell) => (cell === null || cell === undefined ? '' : String(cell))));
  const widths = headers.map((header, i) => Math.max(header.length, ...text.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i])).join('  ').trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...text.map(line)].join('\n');
}

const when = (iso: string | null | undefined) => (iso ? iso.replace('T', ' ').replace(/\.\d+Z$/, 'Z') : '');

interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

function printPage<T>(page: Page<T>, headers: string[], row: (item: T) => Cell[], empty: string): void {
  if (page.list.length === 0) {
    console.log(page.total === 0 ? empty : `(page ${page.page} is empty; ${page.total} in all)`);
    return;
  }
  console.log(table(headers, page.list.map(row)));
  const pages = Math.ceil(page.total / page.pageSize);
  console.log(`\npage ${page.page} of ${pages}, ${page.total} in all`);
}

function listQuery(args: Args, defaultStatus?: string): Record<string, string | undefined> {
  const status = flag(args, 'status') ?? defaultStatus;
  return { status: status === 'all' ? undefined : status, page: flag(args, 'page'), pageSize: flag(args, 'page-size') ?? '20' };
}

// ---- commands ---------------------------------------------------------------------------------

/** The code of a secret now; a secret that is not base32 is the user's mistake, not a crash. */
function codeOf(secret: string): string {
  try {
    return totpCode(secret, new Date());
  } catch {
    throw new UsageError('the TOTP secret is not base32 (letters A–Z and digits 2–7)');
  }
}

function secretOf(args: Args, username?: string): { secret: string; source: string } | null {
  const given = flag(args, 'secret');
  if (given) return { secret: given, source: '--secret' };
  if (process.env.OPS_TOTP_SECRET) return { secret: process.env.OPS_TOTP_SECRET, source: 'OPS_TOTP_SECRET' };
  if (username === undefined || username.toLowerCase() === DEMO_OPERATOR.username) return { secret: DEMO_OPERATOR.totpSecret, source: 'the demo secret' };
  return null;
}

function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const mutable = rl as unknown as { _writeToOutput: (text: string) => void };
    process.stdout.write(question);
    mutable._writeToOutput = () => undefined;
    rl.question('', (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

async function passwordOf(args: Args, what: string): Promise<string> {
  const given = flag(args, 'password') ?? process.env.OPS_PASSWORD;
  if (given) return given;
  if (!process.stdin.isTTY) throw new UsageError(`${what}: give --password or set OPS_PASSWORD`);
  return askHidden(`${what}: `);
}

async function login(args: Args): Promise<void> {
  const username = flag(args, 'user') ?? flag(args, 'username');
  if (!username) throw new UsageError('login: give --user NAME');
  const password = await passwordOf(args, 'Password');
  let totp = flag(args, 'totp');
  if (!totp) {
    const secret = secretOf(args, username);
    if (!secret) throw new UsageError('login: give --totp CODE (from your authenticator app), or --secret / OPS_TOTP_SECRET');
    totp = codeOf(secret.secret);
    console.log(`code ${totp} computed from ${secret.source}`);
  }
  const url = baseUrl(args);
  const data = await dataOf<{ token: string; expiresAt: string }>(await send(url, 'POST', '/login', { body: { username, password, totp } }));
  saveSession({ url, username, token: data.token, expiresAt: data.expiresAt });
  console.log(`signed in as ${username} at ${url} until ${when(data.expiresAt)} (session in ${sessionFile()})`);
}

async function logout(args: Args): Promise<void> {
  const session = readSession();
  if (session) {
    await call(args, 'POST', '/logout', { body: {} }).catch((error: Error) => console.error(`(server: ${error.message})`));
    fs.rmSync(sessionFile(), { force: true });
  }
  console.log('signed out');
}

function totp(args: Args): void {
  const { secret, source } = secretOf(args)!;
  const now = new Date();
  console.log(`${codeOf(secret)}   (from ${source}; valid ${secondsLeftInStep(now)} s more)`);
}

interface DepositRow {
  id: number;
  orderNo: string;
  username: string;
  userId: string;
  coin: string;
  network: string | null;
  amount: string;
  asset: string;
  status: string;
  reference: string;
  bonus: string | null;
  reason: string | null;
  createdAt: string;
  decidedAt: string | null;
}

async function depositsCommand(args: Args): Promise<void> {
  const page = await call<Page<DepositRow>>(args, 'GET', '/deposits', { query: listQuery(args, 'processing') });
  printPage(
    page,
    ['ID', 'ORDER', 'USER', 'USER ID', 'COIN', 'AMOUNT', 'STATUS', 'REFERENCE', 'REQUESTED', 'REASON'],
    (d) => [d.id, d.orderNo, d.username, d.userId, d.network ? `${d.coin}/${d.network}` : d.coin, `${d.amount} ${d.asset}`, d.status, d.reference, when(d.createdAt), d.reason],
    'no deposits',
  );
}

function printDeposit(label: string, d: DepositRow): void {
  const bonus = d.bonus && d.bonus !== '0' && !/^0\.0+$/.test(d.bonus) ? ` + gift ${d.bonus} ${d.asset}` : '';
  console.log(`${label} deposit ${d.id} (${d.orderNo}): ${d.amount} ${d.asset}${bonus}, status ${d.status}${d.reason ? `, reason: ${d.reason}` : ''}`);
}

async function depositCommand(args: Args): Promise<void> {
  const action = positional(args, 1, 'approve, reject or proof');
  const id = recordId(positional(args, 2, 'deposit id'));
  if (action === 'approve') {
    const amount = flag(args, 'amount');
    const reason = flag(args, 'reason');
    printDeposit('approved', await call<DepositRow>(args, 'POST', '/deposits/approve', { body: { id, ...(amount ? { amount } : {}), ...(reason ? { reason } : {}) } }));
  } else if (action === 'reject') {
    printDeposit('rejected', await call<DepositRow>(args, 'POST', '/deposits/reject', { body: { id, reason: required(args, 'reason', 'deposit reject') } }));
  } else if (action === 'proof') {
    const session = readSession();
    if (!session) throw new ServerRefusal('not signed in: npm run ops -- login --user NAME');
    const response = await send(baseUrl(args), 'GET', '/deposits/proof', { query: { id: String(id) }, token: session.token });
    if (!response.ok || !response.headers.get('content-type')?.startsWith('image/')) await dataOf(response);
    const extension = (response.headers.get('content-type') ?? 'image/bin').split('/')[1].replace('jpeg', 'jpg');
    const out = flag(args, 'out') ?? `deposit-${id}-proof.${extension}`;
    fs.writeFileSync(out, Buffer.from(await response.arrayBuffer()), { mode: 0o600 });
    console.log(`proof of deposit ${id} saved to ${out}`);
  } else {
    throw new UsageError(`deposit ${action}? approve, reject or proof`);
  }
}

interface WithdrawalRow {
  id: number;
  orderNo: string;
  username: string;
  userId: string;
  method: string;
  network: string | null;
  destination: string;
  amount: string;
  fee: string;
  net: string;
  asset: string;
  status: string;
  txReference: string | null;
  reason: string | null;
  createdAt: string;
}

async function withdrawalsCommand(args: Args): Promise<void> {
  const page = await call<Page<WithdrawalRow>>(args, 'GET', '/withdrawals', { query: listQuery(args, 'processing') });
  printPage(
    page,
    ['ID', 'ORDER', 'USER', 'USER ID', 'METHOD', 'TO', 'AMOUNT', 'FEE', 'PAY OUT', 'STATUS', 'REQUESTED', 'TX / REASON'],
    (w) => [
      w.id,
      w.orderNo,
      w.username,
      w.userId,
      w.network ? `${w.method}/${w.network}` : w.method,
      w.destination,
      `${w.amount} ${w.asset}`,
      w.fee,
      w.net,
      w.status,
      when(w.createdAt),
      w.txReference ?? w.reason,
    ],
    'no withdrawals',
  );
}

async function withdrawalCommand(args: Args): Promise<void> {
  const action = positional(args, 1, 'approve or reject');
  const id = recordId(positional(args, 2, 'withdrawal id'));
  let w: WithdrawalRow;
  if (action === 'approve') {
    w = await call<WithdrawalRow>(args, 'POST', '/withdrawals/approve', { body: { id, txReference: required(args, 'reference', 'withdrawal approve') } });
  } else if (action === 'reject') {
    w = await call<WithdrawalRow>(args, 'POST', '/withdrawals/reject', { body: { id, reason: required(args, 'reason', 'withdrawal reject') } });
  } else {
    throw new UsageError(`withdrawal ${action}? approve or reject`);
  }
  console.log(`withdrawal ${w.id} (${w.orderNo}): ${w.amount} ${w.asset}, status ${w.status}${w.txReference ? `, tx ${w.txReference}` : ''}${w.reason ? `, reason: ${w.reason}` : ''}`);
}

async function adjust(args: Args): Promise<void> {
  const userId = positional(args, 1, 'user id');
  const asset = positional(args, 2, 'asset (USDT or EUR)').toUpperCase();
  const amount = positional(args, 3, 'signed amount');
  const reason = required(args, 'reason', 'adjust');
  // A correction moves money: it goes with a key, so that running it again with the same key
  // (after a lost answer) posts it once.
  const key = flag(args, 'key') ?? `adjust-${crypto.randomUUID()}`;
  let r: { transferId: number; username: string; asset: string; amount: string; balance: string };
  try {
    r = await call(args, 'POST', '/adjustments', { body: { userId, asset, amount, reason }, idempotencyKey: key });
  } catch (error) {
    if (error instanceof ServerRefusal) error.message += `\n(idempotency key ${key}: to retry this correction without posting it twice, add --key ${key})`;
    throw error;
  }
  console.log(`adjusted ${r.username} by ${r.amount} ${r.asset} (transfer ${r.transferId}); available now ${r.balance} ${r.asset} [key ${key}]`);
}

async function settings(args: Args): Promise<void> {
  const list = await call<{ key: string; value: string | null; updatedAt: string | null }[]>(args, 'GET', '/settings');
  console.log(table(['KEY', 'VALUE', 'UPDATED'], list.map((s) => [s.key, s.value ?? '(unset)', when(s.updatedAt)])));
}

async function set(args: Args): Promise<void> {
  const key = positional(args, 1, 'setting key');
  const value = positional(args, 2, 'value');
  const s = await call<{ key: string; value: string }>(args, 'POST', '/settings', { body: { key, value, reason: required(args, 'reason', 'set') } });
  console.log(`${s.key} = ${s.value}`);
}

interface VipRow {
  level: number;
  upgradeAmount: string;
  giftPercent: string;
  dailyOrders: number;
}

async function vip(args: Args): Promise<void> {
  if (args.positional[1] === 'set') {
    const level = Number(positional(args, 2, 'level'));
    const orders = Number(required(args, 'orders', 'vip set'));
    const saved = await call<VipRow>(args, 'POST', '/vip_levels', {
      body: {
        level,
        upgradeAmount: required(args, 'upgrade', 'vip set'),
        giftPercent: required(args, 'gift', 'vip set'),
        dailyOrders: orders,
        reason: required(args, 'reason', 'vip set'),
      },
    });
    console.log(`VIP ${saved.level}: from ${saved.upgradeAmount} USDT, gift ${saved.giftPercent} %, ${saved.dailyOrders} orders a day`);
    return;
  }
  const levels = await call<VipRow[]>(args, 'GET', '/vip_levels');
  console.log(table(['LEVEL', 'FROM (USDT)', 'GIFT %', 'ORDERS/DAY'], levels.map((l) => [l.level, l.upgradeAmount, l.giftPercent, l.dailyOrders])));
}

interface CoinRow {
  code: string;
  kind: string;
  network: string | null;
  address: string | null;
  addressErc: string | null;
  bank: { holder: string; iban: string; bic: string; bankName: string } | null;
}

const coinLine = (c: CoinRow) =>
  c.kind === 'bank' && c.bank
    ? `${c.bank.holder}, ${c.bank.iban}, ${c.bank.bic}, ${c.bank.bankName}`
    : [c.address, c.addressErc ? `ERC20 ${c.addressErc}` : null].filter(Boolean).join('  ');

async function coins(args: Args): Promise<void> {
  if (args.positional[1] === 'set') {
    const code = positional(args, 2, 'coin code').toUpperCase();
    const holder = flag(args, 'holder');
    const bank = holder || flag(args, 'iban')
      ? { holder: holder ?? '', iban: flag(args, 'iban') ?? '', bic: flag(args, 'bic') ?? '', bankName: flag(args, 'bank-name') ?? '' }
      : undefined;
    const address = flag(args, 'address');
    const addressErc = flag(args, 'erc');
    const saved = await call<CoinRow>(args, 'POST', '/coins', {
      body: { code, ...(address ? { address } : {}), ...(addressErc ? { addressErc } : {}), ...(bank ? { bank } : {}), reason: required(args, 'reason', 'coin set') },
    });
    console.log(`${saved.code}: ${coinLine(saved)}`);
    return;
  }
  const list = await call<CoinRow[]>(args, 'GET', '/coins');
  console.log(table(['CODE', 'KIND', 'NETWORK', 'DEPOSIT TO'], list.map((c) => [c.code, c.kind, c.network, coinLine(c)])));
}

async function audit(args: Args): Promise<void> {
  const page = await call<Page<{ id: number; createdAt: string; operator: string; action: string; subject: string; username: string | null; reason: string | null; details: unknown }>>(
    args,
    'GET',
    '/audit',
    { query: { page: flag(args, 'page'), pageSize: flag(args, 'page-size') ?? '20', userId: flag(args, 'user'), action: flag(args, 'action') } },
  );
  printPage(
    page,
    ['ID', 'TIME', 'OPERATOR', 'ACTION', 'SUBJECT', 'USER', 'REASON', 'DETAILS'],
    (e) => [e.id, when(e.createdAt), e.operator, e.action, e.subject, e.username, e.reason, JSON.stringify(e.details)],
    'the audit log is empty',
  );
}

async function operatorCommand(args: Args): Promise<void> {
  const action = positional(args, 1, 'create or disable');
  const username = positional(args, 2, 'operator name');
  if (action === 'create') {
    const role = required(args, 'role', 'operator create');
    const password = await passwordOf(args, `Password for ${username}`);
    const made = await call<{ username: string; role: string; totpSecret: string; otpauthUrl: string }>(args, 'POST', '/operators', { body: { username, password, role } });
    console.log(`operator ${made.username} (${made.role}) created.`);
    console.log('Its TOTP secret is shown this once: give it to its owner for an authenticator app.');
    console.log(`  secret      ${made.totpSecret}`);
    console.log(`  otpauth URL ${made.otpauthUrl}`);
  } else if (action === 'disable') {
    const done = await call<{ username: string }>(args, 'POST', '/operators/disable', { body: { username, reason: required(args, 'reason', 'operator disable') } });
    console.log(`operator ${done.username} disabled; its sessions have ended`);
  } else {
    throw new UsageError(`operator ${action}? create or disable`);
  }
}

const COMMANDS: Record<string, (args: Args) => Promise<void> | void> = {
  help: () => console.log(HELP),
  login,
  logout,
  totp,
  deposits: depositsCommand,
  deposit: depositCommand,
  withdrawals: withdrawalsCommand,
  withdrawal: withdrawalCommand,
  adjust,
  settings,
  set,
  vip,
  coins,
  coin: coins,
  audit,
  operator: operatorCommand,
};

async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  const name = args.positional[0] ?? 'help';
  const command = COMMANDS[name];
  if (!command) {
    console.error(`unknown command "${name}"\n`);
    console.error(HELP);
    return 1;
  }
  try {
    await command(args);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof ServerRefusal) {
      console.error(`error: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
