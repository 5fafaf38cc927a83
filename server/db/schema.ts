/** Drizzle's view of the tables the server reads or writes with its query builder (those written only in SQL text are left out); server/db/migrations creates them all, and the SQL files are the truth. */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, customType, integer, jsonb, pgTable, serial, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite hands back a Uint8Array, node-postgres a Buffer: callers always get a Buffer.
  fromDriver: (value) => Buffer.from(value),
});

const requiredText = (name: string) => text(name).notNull();
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const serialId = () => bigserial('id', { mode: 'number' }).primaryKey();

/** A session (of a user or of an operator): only the token's sha-256 is kept. */
const sessionColumns = () => ({
  id: serialId(),
  tokenHash: bytea('token_hash').notNull(),
  expiresAt: at('expires_at').notNull(),
  revokedAt: at('revoked_at'),
  createdAt: at('created_at').notNull(),
});

export const users = pgTable('users', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  username: requiredText('username'),
  phone: text('phone'),
  email: text('email'),
  passwordHash: requiredText('password_hash'),
  payPasswordHash: text('pay_password_hash'),
  inviteCode: requiredText('invite_code'),
  invitedBy: uuid('invited_by'),
  nickname: requiredText('nickname'),
  avatar: text('avatar'),
  locale: text('locale').notNull().default('en'),
  isMerchant: boolean('is_merchant').notNull().default(false),
  vipLevel: integer('vip_level').notNull().default(0),
  createdAt: at('created_at').notNull().defaultNow(),
  /** The authenticator secret, sealed (security/sealed.ts); null until set up and confirmed. */
  totpSecret: bytea('totp_secret'),
  totpEnabledAt: at('totp_enabled_at'),
  totpLastStep: bigint('totp_last_step', { mode: 'number' }).notNull().default(0),
  totpPending: bytea('totp_pending'),
  withdrawalsPausedUntil: at('withdrawals_paused_until'),
  antiPhishingCode: text('anti_phishing_code'),
  /** 0025_address_book.sql: "only to my address book" on since, and off from (once asked). */
  addressBookLockedAt: at('address_book_locked_at'),
  addressBookUnlockAt: at('address_book_unlock_at'),
});

export const sessions = pgTable('sessions', {
  ...sessionColumns(),
  userId: uuid('user_id').notNull(),
  userAgent: text('user_agent'),
  /** 0024_sign_ins.sql: the address the session was opened from. */
  ip: text('ip'),
});

/** 0024_sign_ins.sql: the last 30 days of sign-ins of each account, right and refused. */
export const signIns = pgTable('sign_ins', {
  id: serialId(),
  userId: uuid('user_id').notNull(),
  at: at('at').notNull(),
  outcome: text('outcome', { enum: ['ok', 'password', 'second_factor'] }).notNull(),
  ip: text('ip'),
  userAgent: text('user_agent'),
  device: requiredText('device'),
  newDevice: boolean('new_device').notNull(),
  sessionId: bigint('session_id', { mode: 'number' }),
});

export const verificationCodes = pgTable('verification_codes', {
  id: serialId(),
  channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
  target: requiredText('target'),
  purpose: text('purpose', { enum: ['register', 'reset', 'bind'] }).notNull(),
  codeHash: bytea('code_hash').notNull(),
  expiresAt: at('expires_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  consumedAt: at('consumed_at'),
  createdAt: at('created_at').notNull(),
});

export const recoveryCodes = pgTable('recovery_codes', {
  userId: uuid('user_id').notNull(),
  codeHash: bytea('code_hash').notNull(),
  usedAt: at('used_at'),
});

export const loginTickets = pgTable('login_tickets', {
  ticketHash: bytea('ticket_hash').primaryKey(),
  userId: uuid('user_id').notNull(),
  userAgent: text('user_agent'),
  ip: text('ip'),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

export const securityEvents = pgTable('security_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: uuid('user_id').notNull(),
  kind: requiredText('kind'),
  createdAt: at('created_at').notNull(),
});

export interface BankDetails {
  holder: string;
  iban: string;
  bic: string;
  bankName: string;
}

export const coins = pgTable('coins', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: requiredText('name'),
  kind: text('kind', { enum: ['crypto', 'bank'] }).notNull(),
  network: text('network'),
  address: text('address'),
  addressOmni: text('address_omni'),
  addressErc: text('address_erc'),
  bank: jsonb('bank').$type<BankDetails>(),
  sortOrder: integer('sort_order').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: requiredText('value'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const ledgerAccounts = pgTable('ledger_accounts', {
  id: serialId(),
  ownerKind: text('owner_kind', { enum: ['user', 'platform'] }).notNull(),
  userId: uuid('user_id'),
  asset: text('asset', { enum: ['USDT', 'EUR'] }).notNull(),
  purpose: requiredText('purpose'),
  balance: bigint('balance', { mode: 'bigint' }).notNull().default(0n),
  /** Raised by every statement that posts to the account (0033_account_revisions.sql): what a user's kept record pages are checked against. */
  revision: bigint('revision', { mode: 'bigint' }).notNull().default(0n),
  /** A platform account's row among its shards (0034_platform_account_shards.sql); 0 for a user's. */
  shard: smallint('shard').notNull().default(0),
  createdAt: at('created_at').notNull().defaultNow(),
});

export type User = typeof users.$inferSelect;

// ---- money (0002_money.sql) ------------------------------------------------------------------

const money = (name: string) => bigint(name, { mode: 'bigint' });
const assetColumn = (name: string) => text(name, { enum: ['USDT', 'EUR'] });
/** An operator's part in a row (a correction, a decision): who, and the reason they gave. */
const operatorNote = () => ({ reason: text('reason'), operatorId: uuid('operator_id') });

export const operators = pgTable('operators', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  username: requiredText('username'),
  passwordHash: requiredText('password_hash'),
  /** Before 0027 the secret in the clear; sealed into totp_sealed and emptied at the next start. */
  totpSecret: text('totp_secret'),
  /** The authenticator secret, sealed (ops/operator-secrets.ts); null only until that first start. */
  totpSealed: bytea('totp_sealed'),
  role: text('role', { enum: ['finance', 'support', 'admin'] }).notNull(),
  disabled: boolean('disabled').notNull().default(false),
  lastTotpStep: bigint('last_totp_step', { mode: 'number' }).notNull().default(0),
  createdAt: at('created_at').notNull(),
  /** A new secret while a rotation waits for a code from it (0019). */
  pendingTotpSecret: text('pending_totp_secret'),
  pendingTotpSealed: bytea('pending_totp_sealed'),
  passwordChangedAt: at('password_changed_at'),
});

export const operatorSessions = pgTable('operator_sessions', {
  ...sessionColumns(),
  operatorId: uuid('operator_id').notNull(),
  /** 0019_operator_console_sessions.sql: idle timeout and the console's list of sessions. */
  lastSeenAt: at('last_seen_at').notNull(),
  client: text('client', { enum: ['cli', 'console'] }).notNull().default('cli'),
  userAgent: text('user_agent'),
  ip: text('ip'),
});

/**
 * The columns every money request (deposit, withdrawal) has: its number, whose it is, the asset
 * and amount, and the operator's decision on it. A function, so each table gets its own builders.
 */
const moneyRequestColumns = () => ({
  id: serialId(),
  userId: uuid('user_id').notNull(),
  asset: assetColumn('asset').notNull(),
  amount: money('amount').notNull(),
  ...operatorNote(),
  decidedAt: at('decided_at'),
  createdAt: at('created_at').notNull(),
});

export const deposits = pgTable('deposits', {
  ...moneyRequestColumns(),
  coinId: integer('coin_id').notNull(),
  network: text('network'),
  address: requiredText('address'),
  reference: requiredText('reference'),
  proof: requiredText('proof'),
  status: text('status', { enum: ['processing', 'success', 'failed'] }).notNull(),
  usdtValue: money('usdt_value'),
  bonus: money('bonus'),
});

export const bankBindings = pgTable('bank_bindings', {
  userId: uuid('user_id').primaryKey(),
  firstName: requiredText('first_name'),
  lastName: requiredText('last_name'),
  iban: requiredText('iban'),
  swift: requiredText('swift'),
  bankName: requiredText('bank_name'),
  country: requiredText('country'),
  address: requiredText('address'),
  updatedAt: at('updated_at').notNull(),
});

export const withdrawals = pgTable('withdrawals', {
  ...moneyRequestColumns(),
  method: text('method', { enum: ['crypto', 'bank'] }).notNull(),
  network: text('network'),
  destination: requiredText('destination'),
  fee: money('fee').notNull(),
  status: text('status', { enum: ['processing', 'completed', 'cancelled'] }).notNull(),
  txReference: text('tx_reference'),
});

export const vipLevels = pgTable('vip_levels', {
  level: integer('level').primaryKey(),
  upgradeAmount: money('upgrade_amount').notNull(),
  giftBps: integer('gift_bps').notNull(),
  dailyOrders: integer('daily_orders').notNull(),
});

export const auditLog = pgTable('audit_log', {
  id: serialId(),
  /** Null: the system acted (the LTV watch's liquidations). */
  operatorId: uuid('operator_id'),
  action: requiredText('action'),
  subject: requiredText('subject'),
  userId: uuid('user_id'),
  reason: text('reason'),
  details: jsonb('details').notNull().default({}),
  createdAt: at('created_at').notNull(),
});

/** Corrections above the four-eyes threshold, waiting for a second operator (0020_adjustment_proposals.sql). */
export const adjustmentProposals = pgTable('adjustment_proposals', {
  id: serialId(),
  userId: uuid('user_id').notNull(),
  asset: assetColumn('asset').notNull(),
  /** Signed minor units: positive credits the user. */
  amount: money('amount').notNull(),
  reason: requiredText('reason'),
  makerId: uuid('maker_id').notNull(),
  createdAt: at('created_at').notNull(),
  status: text('status', { enum: ['pending', 'approved', 'refused'] }).notNull(),
  checkerId: uuid('checker_id'),
  decidedAt: at('decided_at'),
  decisionReason: text('decision_reason'),
  /** The posting an approval made. */
  transferId: bigint('transfer_id', { mode: 'number' }),
});

// ---- the trading hall (0006_trading.sql, docs/trading.md) -----------------------------------

export const merchantApplications = pgTable('merchant_applications', {
  id: serialId(),
  userId: uuid('user_id').notNull(),
  status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull(),
  ...operatorNote(),
  createdAt: at('created_at').notNull(),
  decidedAt: at('decided_at'),
});

const tradeSide = (name: string) => text(name, { enum: ['buy', 'sell'] });

export const tradeOffers = pgTable('trade_offers', {
  id: serialId(),
  userId: uuid('user_id').notNull(),
  side: tradeSide('side').notNull(),
  price: money('price').notNull(),
  quantity: money('quantity').notNull(),
  remaining: money('remaining').notNull(),
  pending: money('pending').notNull(),
  held: money('held').notNull(),
  minAmount: money('min_amount').notNull(),
  maxAmount: money('max_amount').notNull(),
  status: text('status', { enum: ['open', 'filled', 'withdrawn'] }).notNull(),
  version: integer('version').notNull(),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
});

export const tradeOrders = pgTable('trade_orders', {
  id: serialId(),
  userId: uuid('user_id').notNull(),
  side: tradeSide('side').notNull(),
  amount: money('amount').notNull(),
  limitPrice: money('limit_price').notNull(),
  hold: money('hold').notNull(),
  status: text('status', { enum: ['matching', 'matched', 'completed', 'cancelled', 'expired'] }).notNull(),
  offerId: bigint('offer_id', { mode: 'number' }),
  merchantId: uuid('merchant_id'),
  price: money('price'),
  total: money('total'),
  fee: money('fee'),
  feePercent: text('fee_percent'),
  wasMatched: boolean('was_matched').notNull(),
  createdAt: at('created_at').notNull(),
  expiresAt: at('expires_at').notNull(),
  matchedAt: at('matched_at'),
  confirmBy: at('confirm_by'),
  endedAt: at('ended_at'),
});

// ---- market data (0007_market_candles.sql) -----------------------------------------------------

// ---- passkeys (0023_passkeys.sql) --------------------------------------------------------------

export const passkeys = pgTable('passkeys', {
  id: serialId(),
  userId: uuid('user_id').notNull(),
  credentialId: requiredText('credential_id'),
  publicKey: bytea('public_key').notNull(),
  counter: bigint('counter', { mode: 'number' }).notNull(),
  transports: text('transports').array().notNull(),
  deviceType: text('device_type', { enum: ['singleDevice', 'multiDevice'] }).notNull(),
  backedUp: boolean('backed_up').notNull(),
  name: requiredText('name'),
  createdAt: at('created_at').notNull(),
  lastUsedAt: at('last_used_at'),
});

// ---- the withdrawal address book (0025_address_book.sql) ---------------------------------------

export const addressBook = pgTable('address_book', {
  id: serialId(),
  userId: uuid('user_id').notNull(),
  label: requiredText('label'),
  kind: text('kind', { enum: ['crypto', 'bank'] }).notNull(),
  network: text('network', { enum: ['TRC20', 'ERC20'] }),
  address: text('address'),
  holder: text('holder'),
  iban: text('iban'),
  bic: text('bic'),
  destinationKey: requiredText('destination_key'),
  createdAt: at('created_at').notNull(),
  usableAt: at('usable_at').notNull(),
});
