/**
 * Every setting of the server comes from an environment variable, read and validated once at
 * start. A bad value stops the start with a message naming the variable.
 * CONFIG_TABLE is the documentation of the same variables, for the README.
 */
import { z } from 'zod';
import path from 'node:path';
import { parseRate } from '../src/domain/money';

export interface ConfigVariable {
  name: string;
  default: string;
  description: string;
}

/**
 * Demo deposit addresses look like addresses of their network (a QR code of one looks like a
 * deposit page should), but none can receive coins: each has a wrong checksum — TRON's base58check,
 * Ethereum's EIP-55 mixed case, Bitcoin's bech32 — so a wallet refuses to send to it, and nobody
 * can own it. The app labels them as demo addresses (`demo` in the reply). Operators set the real ones.
 */
const DEMO = {
  trc20: 'TNKFnQFRwCJrmriLpjBMNNJq5yZXJcZgQ1',
  erc20: '0xF9c13bba27Ca36DbafB85e5b59a1e2F3B451586c',
  btc: 'bc1qgmeafwcfvpyr58tw0kzayqjjl493xnpszmr73q',
  eth: '0x4aCd864FefbeDe79B85758412d51a3Adb8e24a4A',
};
/** The default bank account: the IBAN of the standard documentation example. */
const DEMO_IBAN = 'DE89370400440532013000';

/**
 * Whether a deposit address or IBAN is one of the demo defaults (or the "DEMO-…" placeholder an
 * installation seeded before the defaults looked like addresses).
 */
export function isDemoDepositAddress(address: string): boolean {
  return address.startsWith('DEMO-') || address === DEMO_IBAN || Object.values(DEMO).includes(address);
}

/** The variables, their defaults and meaning, in the order the README lists them. */
export const CONFIG_TABLE: readonly ConfigVariable[] = [
  { name: 'PORT', default: '8080', description: 'HTTP port of the API, the PWA and socket.io.' },
  { name: 'PUBLIC_ORIGIN', default: 'http://localhost:PORT', description: "The origin people open the app at (https://app.example.com; no path): passkeys are bound to it — the relying party is this origin and its host name, so a passkey made here works nowhere else, and a passkey is accepted only from a page of this origin. A host name, not an IP address (WebAuthn refuses those), and https:// unless the host is localhost. Changing the host name makes every registered passkey unusable. With npm run dev, the origin of vite's dev server (http://localhost:5173)." },
  { name: 'HOST', default: '(127.0.0.1 with the demo accounts, else 0.0.0.0)', description: "Interface to listen on. With the demo accounts (SEED_DEMO, on by default on PGlite) the default is this computer only, since their credentials are published; set HOST=0.0.0.0 to open it to the network (a phone on the same Wi-Fi), demo credentials included." },
  { name: 'DATA_DIR', default: './data', description: 'Where the embedded database (DATA_DIR/pglite), uploads (DATA_DIR/uploads) and the generated secret live.' },
  { name: 'DATABASE_URL', default: '(unset)', description: 'postgres://… switches from the embedded PGlite to a PostgreSQL server, reached directly or through a pooler that keeps prepared statements per connection (the server prepares every statement it sends; PgBouncer in transaction mode needs max_prepared_statements).' },
  { name: 'REDIS_URL', default: '(unset)', description: 'redis://… keeps the rate limits in Redis, so that several server processes share one allowance, and connects their socket.io servers (Redis adapter), so that a client of one process receives what another publishes. Unset: each process counts in its own memory and publishes to its own clients. While Redis does not answer, each process counts on its own and logs an error.' },
  { name: 'REDIS_PREFIX', default: 'tessera:', description: 'Prefix of the keys written to Redis, so that several installations can share one Redis.' },
  { name: 'SMTP_URL', default: '(unset)', description: 'Nodemailer transport URL (smtp://user:pass@host:587). Unset: e-mails, with their codes, are written to the server log.' },
  { name: 'MAIL_FROM', default: 'Tessera <no-reply@tessera.local>', description: 'Sender of the verification e-mails.' },
  { name: 'SMS_PROVIDER', default: 'log', description: "SMS provider. 'log' writes each text message, with its code, to the server log." },
  { name: 'SESSION_TTL_HOURS', default: '720', description: 'Lifetime of a login session (30 days).' },
  { name: 'CODE_PEPPER', default: '(generated)', description: 'Secret for hashing verification codes and the key of payment passwords (changing it makes every payment password wrong). Unset: generated once and kept in DATA_DIR/secret.json, so restarts keep codes and payment passwords valid.' },
  { name: 'SECRETS_KEY', default: '(generated on PGlite; required on PostgreSQL)', description: 'Key that seals the authenticator (TOTP) secrets of users and operators and the proof of liabilities’ Ed25519 signing key in the database (AES-256-GCM): 32 random bytes as base64 or 64 hex digits, e.g. `openssl rand -base64 32`. Kept apart from the database, so that a copy of it alone does not give the second factors away. On PGlite, unset: generated once and kept in DATA_DIR/secret.json. With DATABASE_URL the server refuses to start without it. Changing it makes every authenticator secret unreadable (users then set theirs up again after an operator reset; operators are made again with `npm run ops -- bootstrap-admin`).' },
  { name: 'USDT_EUR_RATE', default: '0.92', description: 'EUR for one USDT, 0.01 to 100. Applied at start when set; otherwise seeded once.' },
  { name: 'SUPPORT_URL', default: 'https://t.me/tessera_support', description: 'Customer-support link (GET /api/kf). Applied at start when set; otherwise seeded once.' },
  { name: 'USDT_TRC20_ADDRESS', default: DEMO.trc20, description: 'USDT deposit address on TRON (address_omni). Deposit details: applied at start when any of them is set; otherwise seeded once. The defaults are demo addresses with a wrong checksum (no wallet sends to them), labelled as such in the app.' },
  { name: 'USDT_ERC20_ADDRESS', default: DEMO.erc20, description: 'USDT deposit address on Ethereum (address_erc).' },
  { name: 'BTC_ADDRESS', default: DEMO.btc, description: 'BTC deposit address.' },
  { name: 'ETH_ADDRESS', default: DEMO.eth, description: 'ETH deposit address.' },
  { name: 'BANK_HOLDER', default: 'Tessera Demo Ltd', description: 'Bank transfer deposits: account holder.' },
  { name: 'BANK_IBAN', default: DEMO_IBAN, description: 'Bank transfer deposits: IBAN (the default is the standard documentation example).' },
  { name: 'BANK_BIC', default: 'COBADEFFXXX', description: 'Bank transfer deposits: BIC.' },
  { name: 'BANK_NAME', default: 'Demo Bank', description: 'Bank transfer deposits: bank name.' },
  { name: 'PUBLIC_DIR', default: './dist', description: 'The built PWA, served under /h5/.' },
  { name: 'OPS_PUBLIC_DIR', default: './dist-ops', description: "The built operator console, served under /ops/ (its own build: nothing of it is in the PWA's files)." },
  { name: 'TRUST_PROXY', default: 'false', description: "Fastify trustProxy: 'true', a hop count, or comma-separated addresses/CIDRs of the proxies in front." },
  { name: 'LOG_LEVEL', default: 'info', description: 'fatal, error, warn, info, debug, trace or silent.' },
  { name: 'SEED_DEMO', default: '(true on PGlite, false with DATABASE_URL)', description: "'true' creates the demo users and the demo operator (published credentials) at start; never on a real installation." },
  { name: 'ALLOWED_ORIGINS', default: '(unset)', description: 'Comma-separated origins (https://app.example.com) allowed to open socket.io besides the server\'s own host.' },
  { name: 'SOCKET_MAX_PER_ADDRESS', default: '20', description: 'Simultaneous socket.io connections per client address; further ones are refused.' },
  { name: 'SOCKET_SESSION_SWEEP_SECONDS', default: '15', description: "How often each process checks that its sockets' sessions are still open (an expired or idle session's socket leaves its private room within this time; a logout, password change or ended session takes effect at once)." },
  { name: 'MARKET_FEED', default: 'auto', description: "Where reference quotes come from: 'exchange' (the trade stream at MARKET_FEED_URL), 'simulated' (made up from the time, every candle flagged simulated), 'off', or 'auto': exchange when MARKET_FEED_URL is set, else simulated on the embedded PGlite, else off. With several processes on one PostgreSQL only one of them runs the feed at a time (a session advisory lock); another takes over when it stops." },
  { name: 'MARKET_FEED_URL', default: '(unset)', description: "WebSocket URL of an exchange's public trade stream in Binance's combined-stream format, e.g. wss://stream.binance.com:9443 (the streams of MARKET_SYMBOLS are appended). Reconnects with back-off when the connection drops." },
  { name: 'MARKET_SYMBOLS', default: 'btcusdt,ethusdt,bnbusdt,solusdt', description: "Comma-separated lower-case symbols quoted besides the trading hall's own usdteur: the feed's streams and the quotation list." },
  { name: 'PUSH_SERVICE_HOSTS', default: 'fcm.googleapis.com,updates.push.services.mozilla.com,push.services.mozilla.com,web.push.apple.com,notify.windows.com', description: "Comma-separated push services (host names, and the names below them) devices may subscribe on; the server posts notifications only there. A loopback host listed here (127.0.0.1, localhost) is also taken over plain http: for tests only." },
  { name: 'LOAN_DOCUMENT_RETENTION_DAYS', default: '90', description: 'Days after a loan ends (repaid or rejected) until its identity images are deleted; images no application used go after a day.' },
  { name: 'PUSH_CONTACT', default: 'mailto:operator@tessera.local', description: "The VAPID subject sent to push services: how they reach the installation's operator (mailto: or https:)." },
  { name: 'SHED_EVENT_LOOP_DELAY_MS', default: '200', description: 'Load shedding: answer 503 with Retry-After while the event loop lags more than this (0: off).' },
  { name: 'SHED_HEAP_MB', default: '(90% of the heap limit)', description: 'Load shedding: answer 503 while the JavaScript heap uses more than this (0: off).' },
  { name: 'SHED_DB_WAITING', default: '20', description: 'Load shedding: answer 503 while more queries than this wait for a PostgreSQL connection (the pool has 10; 0: off).' },
  { name: 'SHED_RETRY_AFTER_SECONDS', default: '10', description: 'The Retry-After of a shed request.' },
  { name: 'SHUTDOWN_DRAIN_SECONDS', default: '5', description: 'On SIGTERM: how long the process keeps serving with GET /api/health answering 503, so that a balancer stops sending it work, before it closes (new requests then get 503 with Retry-After; those in flight finish). SIGINT (Ctrl+C) closes at once.' },
  { name: 'ALLOW_UNVERIFIED_RESTORE', default: 'false', description: "'true' lets the server start on a database whose last restore (npm run ops -- restore) found problems in the ledger; otherwise it refuses to start until they are understood (docs/operations.md)." },
  { name: 'METRICS_TOKEN', default: '(unset)', description: "A secret of at least 16 characters: GET /metrics answers Prometheus' text format to a request with `Authorization: Bearer` and this token (request rates and latencies, money calls, queues, the outbox, jobs, sockets, the database pool, Node's own figures; docs/operations.md). Unset: there is no /metrics (404)." },
  {
    name: 'CLOCK_OFFSET_FILE',
    default: '(unset)',
    description:
      "For the browser suite only: a file holding how many seconds the server's clock runs ahead of the system's, read again every half second (the suite moves time to see trade orders expire). Refused with DATABASE_URL; never set on a real installation.",
  },
];


/** Why `value` cannot be the origin passkeys are bound to, or null when it can. */
function publicOriginProblem(value: string): string | null {
  const url = URL.canParse(value) ? new URL(value) : null;
  if (!url || !/^https?:$/.test(url.protocol) || url.origin !== value.replace(/\/$/, '')) return 'an origin such as https://app.example.com (no path)';
  // An IPv6 address is written in brackets; an IPv4 one is four numbers (the URL parser writes every form of it so).
  if (url.hostname.startsWith('[') || /^\d+\.\d+\.\d+\.\d+$/.test(url.hostname)) return 'a host name, not an IP address: browsers refuse passkeys for an IP address';
  const local = url.hostname === 'localhost' || url.hostname.endsWith('.localhost');
  if (url.protocol === 'http:' && !local) return 'https:// (browsers offer passkeys on plain http only for localhost)';
  return null;
}

const text = (fallback: string) => z.string().trim().min(1).default(fallback);
const optionalUrl = z.string().trim().min(1).optional();
const rate = z
  .string()
  .trim()
  .refine((value) => parseRate(value) !== null, 'a decimal from 0.01 to 100 such as 0.92 (at most 6 decimals)');

const trustProxy = z
  .string()
  .trim()
  .default('false')
  .transform((value): boolean | number | string[] => {
    if (value === 'true') return true;
    if (value === 'false' || value === '') return false;
    if (/^\d+$/.test(value)) return Number(value);
    return value.split(',').map((part) => part.trim()).filter(Boolean);
  });

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().trim().min(1).optional(),
  PUBLIC_ORIGIN: z
    .string()
    .trim()
    .transform((value, ctx) => {
      const problem = publicOriginProblem(value);
      if (problem === null) return new URL(value).origin;
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    })
    .optional(),
  DATA_DIR: text('./data'),
  DATABASE_URL: z.string().trim().regex(/^postgres(ql)?:\/\//, 'a postgres:// URL').optional(),
  REDIS_URL: z.string().trim().regex(/^rediss?:\/\//, 'a redis:// URL').optional(),
  REDIS_PREFIX: text('tessera:'),
  SMTP_URL: optionalUrl,
  MAIL_FROM: text('Tessera <no-reply@tessera.local>'),
  SMS_PROVIDER: z.enum(['log']).default('log'),
  SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 365).default(720),
  CODE_PEPPER: z.string().min(16, 'at least 16 characters').optional(),
  SECRETS_KEY: z
    .string()
    .trim()
    .refine((text) => secretsKeyBytes(text) !== null, '32 bytes as base64 (44 characters) or as 64 hex digits')
    .optional(),
  USDT_EUR_RATE: rate.default('0.92'),
  SUPPORT_URL: z.url().default('https://t.me/tessera_support'),
  USDT_TRC20_ADDRESS: text(DEMO.trc20),
  USDT_ERC20_ADDRESS: text(DEMO.erc20),
  BTC_ADDRESS: text(DEMO.btc),
  ETH_ADDRESS: text(DEMO.eth),
  BANK_HOLDER: text('Tessera Demo Ltd'),
  BANK_IBAN: text('DE89370400440532013000'),
  BANK_BIC: text('COBADEFFXXX'),
  BANK_NAME: text('Demo Bank'),
  PUBLIC_DIR: text('./dist'),
  OPS_PUBLIC_DIR: text('./dist-ops'),
  TRUST_PROXY: trustProxy,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['true', 'false'], { error: "'true' or 'false'" }).optional(),
  ALLOWED_ORIGINS: z
    .string()
    .trim()
    .transform((value, ctx) => {
      const origins: string[] = [];
      for (const part of value.split(',').map((p) => p.trim()).filter(Boolean)) {
        const url = URL.canParse(part) ? new URL(part) : null;
        if (!url || !/^https?:$/.test(url.protocol) || url.origin !== part.replace(/\/$/, '')) {
          ctx.addIssue({ code: 'custom', message: `${part} is not an origin such as https://app.example.com` });
          return z.NEVER;
        }
        origins.push(url.origin);
      }
      return origins;
    })
    .optional(),
  SOCKET_MAX_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(20),
  SOCKET_SESSION_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  MARKET_FEED: z.enum(['auto', 'exchange', 'simulated', 'off']).default('auto'),
  MARKET_FEED_URL: z.string().trim().regex(/^wss?:\/\/\S+$/, 'a ws:// or wss:// URL').optional(),
  MARKET_SYMBOLS: z
    .string()
    .trim()
    .default('btcusdt,ethusdt,bnbusdt,solusdt')
    .transform((value) => [...new Set(value.split(',').map((part) => part.trim().toLowerCase()).filter(Boolean))])
    .refine((symbols) => symbols.length > 0 && symbols.length <= 50 && symbols.every((symbol) => /^[a-z0-9]{2,20}$/.test(symbol)), 'comma-separated symbols such as btcusdt,ethusdt (2–20 letters or digits each, at most 50)'),
  PUSH_SERVICE_HOSTS: z
    .string()
    .trim()
    .default('fcm.googleapis.com,updates.push.services.mozilla.com,push.services.mozilla.com,web.push.apple.com,notify.windows.com')
    .transform((value) => [...new Set(value.split(',').map((part) => part.trim().toLowerCase()).filter(Boolean))])
    .refine((hosts) => hosts.every((host) => /^[a-z0-9.-]{1,253}$/.test(host)), 'comma-separated host names such as fcm.googleapis.com'),
  PUSH_CONTACT: z.string().trim().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'mailto:someone@example.com or an https:// URL').default('mailto:operator@tessera.local'),
  LOAN_DOCUMENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  SHED_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(200),
  SHED_HEAP_MB: z.coerce.number().int().min(0).max(1_000_000).optional(),
  SHED_DB_WAITING: z.coerce.number().int().min(0).max(100_000).default(20),
  SHED_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  ALLOW_UNVERIFIED_RESTORE: z.enum(['true', 'false']).default('false'),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  METRICS_TOKEN: z.string().trim().min(16, 'at least 16 characters (e.g. openssl rand -hex 24)').max(200).regex(/^[\x21-\x7e]+$/, 'printable characters without spaces').optional(),
  CLOCK_OFFSET_FILE: z.string().trim().min(1).optional(),
});

export type Env = z.infer<typeof envSchema>;

/** The names of the variables the server reads. */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape) as Array<keyof Env>;

export interface Config {
  port: number;
  host: string;
  /** PUBLIC_ORIGIN: the origin people open the app at, which passkeys are bound to (its host name is the relying party's id). */
  publicOrigin: string;
  /** Whether HOST was set; when not, the demo accounts keep the server on loopback. */
  hostChosen: boolean;
  dataDir: string;
  /** Unset: the embedded PGlite under dataDir; 'memory' is for tests only. */
  databaseUrl: string | null;
  redisUrl: string | null;
  redisPrefix: string;
  smtpUrl: string | null;
  mailFrom: string;
  smsProvider: 'log';
  sessionTtlHours: number;
  /** Null until resolved by loadSecrets (generated and persisted when unset). */
  codePepper: string | null;
  /** The key sealing TOTP secrets (security/sealed.ts); null: generated on PGlite (security/secrets.ts). */
  secretsKey: Buffer | null;
  usdtEurRate: string;
  supportUrl: string;
  deposit: {
    usdtTrc20: string;
    usdtErc20: string;
    btc: string;
    eth: string;
    bank: { holder: string; iban: string; bic: string; bankName: string };
  };
  publicDir: string;
  opsPublicDir: string;
  uploadsDir: string;
  trustProxy: boolean | number | string[];
  logLevel: Env['LOG_LEVEL'];
  /** Demo users and the demo operator are created at start (SEED_DEMO; default: only on PGlite). */
  seedDemo: boolean;
  socket: {
    /** Origins allowed besides the request's own host. */
    allowedOrigins: string[];
    maxPerAddress: number;
    /** SOCKET_SESSION_SWEEP_SECONDS. */
    sessionSweepSeconds: number;
  };
  /** Reference quotes: the feed in use (after 'auto' is resolved), its URL and the symbols quoted. */
  market: { feed: 'exchange' | 'simulated' | 'off'; feedUrl: string | null; symbols: string[] };
  /** Web Push: the push services devices may subscribe on, and the VAPID subject. */
  push: { serviceHosts: string[]; contact: string };
  /** Days after a loan ended until its identity images are deleted. */
  loanDocumentRetentionDays: number;
  /** Thresholds of load shedding; 0 turns a check off. Null heap: 90% of the heap limit. */
  shed: { eventLoopDelayMs: number; heapMb: number | null; dbWaiting: number; retryAfterSeconds: number };
  /** ALLOW_UNVERIFIED_RESTORE: start even when the last restore's ledger check found problems. */
  allowUnverifiedRestore: boolean;
  /** SHUTDOWN_DRAIN_SECONDS: how long SIGTERM keeps serving with readiness false before closing. */
  drainSeconds: number;
  /** METRICS_TOKEN: the bearer token of GET /metrics; null: no metrics page. */
  metricsToken: string | null;
  /** Test only (the browser suite): the file of the clock's offset in seconds; null: the system clock. */
  clockOffsetFile: string | null;
  /** Names of the variables the operator set explicitly: those win over stored settings at start. */
  explicit: ReadonlySet<string>;
}

export class ConfigError extends Error {
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the configuration from an environment (process.env by default); throws ConfigError. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most shells' `FOO= cmd`.
  const present = Object.fromEntries(
    Object.keys(envSchema.shape)
      .filter((name) => env[name] !== undefined && env[name] !== '')
      .map((name) => [name, env[name]]),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}=${JSON.stringify(present[String(issue.path[0])])}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  if (e.MARKET_FEED === 'exchange' && !e.MARKET_FEED_URL) {
    throw new ConfigError(["MARKET_FEED=exchange needs MARKET_FEED_URL (the exchange's trade stream)."]);
  }
  if (e.CLOCK_OFFSET_FILE && e.DATABASE_URL) {
    throw new ConfigError(['CLOCK_OFFSET_FILE moves the clock of a test server: it is refused with DATABASE_URL (a real database).']);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const seedDemo = e.SEED_DEMO === undefined ? !e.DATABASE_URL : e.SEED_DEMO === 'true';
  return {
    port: e.PORT,
    publicOrigin: e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`,
    host: e.HOST ?? (seedDemo ? '127.0.0.1' : '0.0.0.0'),
    hostChosen: e.HOST !== undefined,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    redisUrl: e.REDIS_URL ?? null,
    redisPrefix: e.REDIS_PREFIX,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    smsProvider: e.SMS_PROVIDER,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    codePepper: e.CODE_PEPPER ?? null,
    secretsKey: e.SECRETS_KEY ? secretsKeyBytes(e.SECRETS_KEY) : null,
    usdtEurRate: e.USDT_EUR_RATE,
    supportUrl: e.SUPPORT_URL,
    deposit: {
      usdtTrc20: e.USDT_TRC20_ADDRESS,
      usdtErc20: e.USDT_ERC20_ADDRESS,
      btc: e.BTC_ADDRESS,
      eth: e.ETH_ADDRESS,
      bank: { holder: e.BANK_HOLDER, iban: e.BANK_IBAN, bic: e.BANK_BIC, bankName: e.BANK_NAME },
    },
    publicDir: path.resolve(e.PUBLIC_DIR),
    opsPublicDir: path.resolve(e.OPS_PUBLIC_DIR),
    uploadsDir: path.join(dataDir, 'uploads'),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    seedDemo,
    socket: { allowedOrigins: e.ALLOWED_ORIGINS ?? [], maxPerAddress: e.SOCKET_MAX_PER_ADDRESS, sessionSweepSeconds: e.SOCKET_SESSION_SWEEP_SECONDS },
    push: { serviceHosts: e.PUSH_SERVICE_HOSTS, contact: e.PUSH_CONTACT },
    loanDocumentRetentionDays: e.LOAN_DOCUMENT_RETENTION_DAYS,
    market: {
      feed: e.MARKET_FEED !== 'auto' ? e.MARKET_FEED : e.MARKET_FEED_URL ? 'exchange' : e.DATABASE_URL ? 'off' : 'simulated',
      feedUrl: e.MARKET_FEED_URL ?? null,
      symbols: e.MARKET_SYMBOLS,
    },
    shed: {
      eventLoopDelayMs: e.SHED_EVENT_LOOP_DELAY_MS,
      heapMb: e.SHED_HEAP_MB ?? null,
      dbWaiting: e.SHED_DB_WAITING,
      retryAfterSeconds: e.SHED_RETRY_AFTER_SECONDS,
    },
    metricsToken: e.METRICS_TOKEN ?? null,
    drainSeconds: e.SHUTDOWN_DRAIN_SECONDS,
    allowUnverifiedRestore: e.ALLOW_UNVERIFIED_RESTORE === 'true',
    clockOffsetFile: e.CLOCK_OFFSET_FILE ? path.resolve(e.CLOCK_OFFSET_FILE) : null,
    explicit: new Set(Object.keys(present)),
  };
}

/** SECRETS_KEY's 32 bytes, from base64 (standard or URL-safe) or hex; null when it is neither. */
export function secretsKeyBytes(text: string): Buffer | null {
  const clean = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(clean)) return Buffer.from(clean, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(clean)) return null;
  const bytes = Buffer.from(clean.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === 32 ? bytes : null;
}

/** The server starts on PostgreSQL only with SECRETS_KEY (tools that only read the ledger do not need it). */
export function assertServerSecrets(config: Pick<Config, 'databaseUrl' | 'secretsKey'>): void {
  if (config.databaseUrl && !config.secretsKey) {
    throw new ConfigError(['DATABASE_URL needs SECRETS_KEY, the key that seals authenticator secrets (32 random bytes: openssl rand -base64 32). Keep it apart from the database and its backups.']);
  }
}
