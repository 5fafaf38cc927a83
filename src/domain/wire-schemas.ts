/**
 * The shapes of the replies (the `data` of the envelope), one zod schema each: the server declares
 * its replies with them (checked in tests, described in the OpenAPI document), and wire.ts names
 * their types for the PWA (`z.output`), so each field is written once. Amounts are decimal strings
 * with the asset's full precision; dates are ISO 8601 strings.
 */
import { z } from 'zod';
import { proofFileSchema, snapshotFileSchema } from './liabilities';
import { LOCALES } from './locales';
import { CANDLE_PERIODS } from './market';
import { SECOND_FACTOR_METHODS, SECURITY_CHANGES } from './security';

const asset = z.enum(['USDT', 'EUR']);
const amount = z.string().describe('Decimal string, full precision of the asset');
// `format: date-time` says it in the document; zod's long pattern for it is left out there.
const date = z.iso.datetime().meta({ pattern: undefined, description: 'ISO 8601 date and time in UTC, e.g. 2026-11-23T09:30:00.000Z' });
export const coinKindSchema = z.enum(['crypto', 'bank']);

/** The end of every money request (deposit, withdrawal): the operator's reason, when it was made and decided. */
const decisionFields = { reason: z.string().nullable(), createdAt: date, decidedAt: date.nullable() };

/** The numbers of a conversion, quoted and then executed exactly as quoted. */
const conversionFields = {
  from: asset,
  to: asset,
  amount,
  fee: amount.describe('In `from`, taken before converting'),
  receive: amount,
  rate: z.string().describe('Units of `to` for one unit of `from`'),
};

export const sessionReplySchema = z.object({ token: z.string(), expiresAt: date });
/** A password right for an account with a second factor: no session yet, a ticket for the second step (POST /user/login/second-factor). */
export const secondFactorTicketSchema = z.object({
  secondFactor: z.object({
    ticket: z.string(),
    expiresAt: date,
    methods: z.array(z.enum(SECOND_FACTOR_METHODS)).describe('How this account can give its second factor'),
  }),
});
export const loginReplySchema = z.union([sessionReplySchema, secondFactorTicketSchema]);
/** GET /safe/security: what protects the account. */
export const securityOverviewSchema = z.object({
  secondFactor: z.object({ totp: z.boolean(), recoveryCodesLeft: z.number().int() }),
  antiPhishingCode: z.string().nullable().describe('Every e-mail to the user starts with it; null: not set'),
  withdrawalsPausedUntil: date.nullable().describe('Set for 24 hours after a security change'),
  changes: z.array(z.object({ kind: z.enum(SECURITY_CHANGES), at: date })).describe('The last twenty, newest first'),
});
/** POST /safe/totp/begin: a new authenticator secret, shown once, as text and as its otpauth:// link (a QR code). */
export const totpSecretReplySchema = z.object({ secret: z.string().describe('Base32'), otpauthUrl: z.string() });
/** POST /safe/totp/confirm and /safe/recovery-codes. */
export const recoveryCodesReplySchema = z.object({ recoveryCodes: z.array(z.string()).describe('Shown once: only their hashes are kept') });
export const sendCodeReplySchema = z.object({ retryAfter: z.number().int().describe('Seconds until another code may be requested') });

export const userInfoSchema = z.object({
  id: z.string(),
  username: z.string(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  inviteCode: z.string(),
  isMerchant: z.boolean(),
  hasPayPassword: z.boolean(),
  hasSecondFactor: z.boolean().describe('An authenticator app or a passkey is set: sign-ins, withdrawals and other sensitive calls ask for it'),
  secondFactorMethods: z.array(z.enum(SECOND_FACTOR_METHODS)).describe('How the account gives its second factor (as a sign-in ticket says); empty: it has none'),
  locale: z.enum(LOCALES),
  vipLevel: z.number().int(),
  createdAt: date,
});

export const kfReplySchema = z.object({ kf: z.string() });
export const rateItemSchema = z.object({ currency: z.string(), rate: amount.describe('EUR for one USDT, decimal string') });

export const bankAccountSchema = z.object({ holder: z.string(), iban: z.string(), bic: z.string(), bankName: z.string() });

export const coinEntrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: coinKindSchema.describe("'crypto' coins have networks and addresses; 'bank' is the bank transfer (IBAN)"),
  network: z.string().nullable(),
  address: z.string().nullable(),
  address_omni: z.string().optional().describe('USDT only: the TRC20 deposit address'),
  address_erc: z.string().optional().describe('USDT only: the ERC20 deposit address'),
  bank: bankAccountSchema.nullable().optional(),
});
export const coinListReplySchema = z.object({ legal: z.array(coinEntrySchema) });

export const walletBalanceRowSchema = z.object({ currency_name: z.string(), legal_balance: amount });
export const walletListReplySchema = z.object({ legal_wallet: z.object({ balance: z.array(walletBalanceRowSchema) }) });

export function pageSchemaOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
}

export const depositAddressReplySchema = z.object({
  coinId: z.number().int(),
  coin: z.string(),
  kind: coinKindSchema,
  network: z.string().nullable(),
  asset: asset.describe('The asset the deposit is credited in: USDT for crypto, EUR for the bank transfer'),
  address: z.string().describe('Crypto: the platform address; bank: the IBAN'),
  bank: bankAccountSchema.nullable(),
  reference: z.string().describe('Bank: the payment reference to put on the transfer, unique per user'),
  demo: z.boolean().describe('A demo installation\'s address or bank account: it cannot receive anything'),
});

export const depositRecordSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  coin: z.string(),
  network: z.string().nullable(),
  asset,
  amount,
  address: z.string(),
  reference: z.string(),
  status: z.enum(['processing', 'success', 'failed']),
  bonus: amount.nullable().describe('VIP gift credited on approval'),
  ...decisionFields,
});

export const bankBindingReplySchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  iban: z.string(),
  swift: z.string(),
  bankName: z.string(),
  country: z.string(),
  address: z.string(),
  updatedAt: date,
});

export const withdrawMethodInfoSchema = z.object({
  method: z.enum(['crypto', 'bank']),
  asset,
  networks: z.array(z.string()),
  minimum: amount,
  fee: amount,
  available: amount,
});

export const withdrawInfoReplySchema = z.object({ methods: z.array(withdrawMethodInfoSchema), bank: bankBindingReplySchema.nullable() });

export const withdrawalRecordSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  method: z.enum(['crypto', 'bank']),
  asset,
  network: z.string().nullable(),
  destination: z.string(),
  amount,
  fee: amount,
  net: amount.describe('amount - fee: what arrives'),
  status: z.enum(['processing', 'completed', 'cancelled']),
  txReference: z.string().nullable(),
  ...decisionFields,
});

export const quoteReplySchema = z.object({ quoteId: z.string(), ...conversionFields, feePercent: z.string(), expiresAt: date });

export const conversionRecordSchema = z.object({ id: z.number().int(), ...conversionFields, createdAt: date });

const userAccount = z.enum(['available', 'held', 'interest', 'trading', 'pledged', 'collateral']);
export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  asset,
  amount: z.string().describe('Signed decimal string: "+100.000000" credited, "-30.000000" debited'),
  account: userAccount,
  kind: z.string(),
  reference: z.string(),
  reason: z.string().nullable(),
  createdAt: date,
});

export const movementLegSchema = z.object({
  kind: z.string(),
  asset,
  amount: amount.describe('Unsigned decimal string'),
  from: userAccount.nullable().describe("The user's account it left; null: from outside the user's accounts"),
  to: userAccount.nullable().describe("The user's account it reached; null: it left the user's accounts"),
});

export const movementSchema = z.object({
  id: z.number().int().describe("The movement's last posting: the list is newest first by it"),
  reference: z.string().describe('The business row: "conversion:2", "deposit:42", "trade_order:7"'),
  reason: z.string().nullable(),
  createdAt: date,
  legs: z.array(movementLegSchema),
});

export const assetTotalsSchema = z.object({ USDT: amount, EUR: amount });
const totals = assetTotalsSchema;
export const calcReplySchema = z.object({ recharged: totals, withdrawn: totals, earned: totals, available: totals, held: totals });

export const vipLevelSchema = z.object({
  level: z.number().int(),
  upgradeAmount: amount,
  giftPercent: z.string().describe('Percent, e.g. "1.5"'),
  dailyOrders: z.number().int(),
});

export const userLevelReplySchema = z.object({
  level: z.number().int(),
  confirmedDeposits: amount,
  next: vipLevelSchema.nullable(),
  levels: z.array(vipLevelSchema),
});

// ---- the trading hall (src/domain/trading.ts, docs/trading.md) ---------------------------------

const side = z.enum(['buy', 'sell']);
const price = z.string().describe('EUR for one USDT, four decimals');

export const merchantApplicationSchema = z.object({
  id: z.number().int(),
  status: z.enum(['pending', 'approved', 'rejected']),
  ...decisionFields,
});

export const tradeOfferSchema = z.object({
  id: z.number().int(),
  side: side.describe("The merchant's side: 'sell' offers USDT for EUR, 'buy' asks for USDT paying EUR"),
  price,
  quantity: amount,
  remaining: amount.describe('USDT still open to orders'),
  pending: amount.describe('USDT matched to orders not yet confirmed'),
  minAmount: amount,
  maxAmount: amount,
  status: z.enum(['open', 'filled', 'withdrawn']),
  mine: z.boolean(),
  merchant: z.object({
    name: z.string(),
    completed: z.number().int().describe('Orders completed over the last 30 days, either side'),
    completionRate: z.string().nullable().describe('Percent of matched orders completed over 30 days; null with none'),
  }),
  createdAt: date,
});

export const tradeOrderSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  side: side.describe("The viewer's side: 'buy' buys USDT with EUR, 'sell' sells USDT for EUR"),
  role: z.enum(['taker', 'maker']).describe("taker: the viewer placed the order; maker: it met the viewer's offer"),
  amount,
  limitPrice: price,
  price: price.nullable().describe('The matched price; null until matched'),
  total: amount.nullable().describe('EUR: amount × price, rounded down to the cent'),
  fee: amount.nullable(),
  feeAsset: asset,
  receive: amount.describe('What the user receives: at the matched price once matched, at the limit price before'),
  receiveAsset: asset,
  hold: amount.describe('What the order holds until it ends'),
  holdAsset: asset,
  status: z.enum(['matching', 'matched', 'completed', 'cancelled', 'expired']),
  merchant: z.string().nullable().describe("The counterparty's name once matched"),
  offerRemaining: amount.nullable().describe("The matched offer's USDT still open to orders"),
  createdAt: date,
  expiresAt: date.describe('Matching ends by itself at this time'),
  matchedAt: date.nullable(),
  confirmBy: date.nullable(),
  endedAt: date.nullable(),
});

export const tradeSummarySchema = z.object({
  merchant: z.boolean(),
  application: merchantApplicationSchema.nullable(),
  payPasswordSet: z.boolean(),
  ordersToday: z.number().int(),
  dailyOrders: z.number().int().describe("The user's VIP level's orders per day (UTC)"),
  cancelsToday: z.number().int().describe('Matched orders cancelled today (UTC)'),
  cancelLimit: z.number().int(),
  blockedUntil: date.nullable().describe('New orders refused until then (more cancels than the limit today)'),
  pending: z.number().int().describe("The user's orders not yet ended"),
  feePercent: z.string(),
  referencePrice: price.describe('The reference rate, for a price field with no offers to go by'),
  bestSellPrice: price.nullable().describe('The cheapest open sell offer: the price to buy at'),
  bestBuyPrice: price.nullable().describe('The dearest open buy offer: the price to sell at'),
});

// ---- market data (src/domain/market.ts) --------------------------------------------------------

export const dayMarketSchema = z.object({
  symbol: z.string(),
  price: z.string().nullable().describe('Decimal text; null before the first tick'),
  high24h: z.string().nullable(),
  low24h: z.string().nullable(),
  volume24h: z.string().describe('In the base asset, over the last 24 hours'),
  change24h: z.string().nullable().describe('Percent with two decimals since 24 hours ago'),
  time: z.number().int().nullable().describe('Epoch seconds of the last tick'),
  simulated: z.boolean().describe('From the simulated feed: shown with a "simulated data" label'),
  reference: z
    .boolean()
    .describe("The trading hall's USDT/EUR before its first trade: the price is the conversion's reference rate (EUR per USDT), not a trade; time is null"),
});

export const quotationSchema = dayMarketSchema.extend({
  name: z.string().describe('The base asset, e.g. BTC'),
  legal: z.string().describe('The asset it is priced in, e.g. USDT'),
  category: z.number().int().describe('1: shown in the market list'),
  logo: z.string().describe("Absolute URL of the coin's logo on this site's origin"),
});

export const candleSchema = z.object({
  symbol: z.string(),
  period: z.enum(CANDLE_PERIODS),
  time: z.number().int().describe("Epoch seconds of the candle's start (UTC)"),
  open: z.string().describe('Decimal text'),
  high: z.string(),
  low: z.string(),
  close: z.string(),
  volume: z.string().describe('In the base asset'),
  simulated: z.boolean().describe('From the simulated feed: shown with a "simulated data" label'),
});

export const newsItemSchema = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  title: z.string(),
  summary: z.string().describe('The start of the text, at most 160 characters'),
  publishedAt: date.describe('When it was published'),
  locale: z.string().describe("The language shown: the reader's, or en"),
  fallback: z.boolean().describe("True when the reader's language was missing and English is shown"),
});

export const newsDetailSchema = newsItemSchema.extend({ body: z.string() });

export const opsNewsSchema = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  status: z.enum(['draft', 'published', 'withdrawn']),
  createdAt: date,
  publishedAt: date.nullable(),
  translations: z.array(z.object({ locale: z.string(), title: z.string() })).describe('Every language it is written in, with that version\'s title'),
});
/** GET /ops/news/piece: one piece with the whole text of each language, for the console's editor. */
export const opsNewsPieceSchema = opsNewsSchema.extend({
  texts: z.array(z.object({ locale: z.string(), title: z.string(), body: z.string() })).describe('Every language it is written in, with its whole text'),
});
/** POST /ops/news/publish: the piece, and how many devices its push notification reached. */
export const opsNewsPublishedSchema = opsNewsSchema.extend({
  pushed: z.number().int().describe('Devices on the system channel the push service accepted the notification for (0: none subscribed, or each had it already)'),
});

// ---- passkeys (src/domain/passkeys.ts, docs/security.md) ----------------------------------------

/** How a browser reaches an authenticator (WebAuthn's AuthenticatorTransport). */
export const PASSKEY_TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
const userVerification = z.enum(['required', 'preferred', 'discouraged']);
const credentialDescriptor = z.object({
  id: z.string().describe('The credential id, base64url'),
  type: z.literal('public-key'),
  transports: z.array(z.enum(PASSKEY_TRANSPORTS)).optional(),
});

/** POST /safe/passkeys/options: WebAuthn's PublicKeyCredentialCreationOptionsJSON. */
export const passkeyCreationOptionsSchema = z
  .object({
    challenge: z.string().describe('base64url; good for one answer within a few minutes'),
    rp: z.object({ name: z.string(), id: z.string().describe("The relying party: PUBLIC_ORIGIN's host name") }),
    user: z.object({ id: z.string().describe('base64url, the account the passkey is made for'), name: z.string(), displayName: z.string() }),
    pubKeyCredParams: z.array(z.object({ alg: z.number().int().describe('COSE algorithm'), type: z.literal('public-key') })),
    timeout: z.number().int().optional(),
    attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
    excludeCredentials: z.array(credentialDescriptor).describe("The account's passkeys already registered"),
    authenticatorSelection: z.object({
      residentKey: z.enum(['required', 'preferred', 'discouraged']).optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: userVerification.optional(),
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    }),
    extensions: z.object({ credProps: z.boolean().optional() }).optional(),
    hints: z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional(),
  })
  .describe('Hand to navigator.credentials.create() (startRegistration of @simplewebauthn/browser)');

/** POST /user/login/passkey/options: WebAuthn's PublicKeyCredentialRequestOptionsJSON. */
export const passkeyRequestOptionsSchema = z
  .object({
    challenge: z.string().describe('base64url; good for one answer within a few minutes'),
    rpId: z.string().optional(),
    allowCredentials: z.array(credentialDescriptor).optional().describe('None at sign-in: the browser offers the passkeys it has for this site'),
    timeout: z.number().int().optional(),
    userVerification: userVerification.optional(),
  })
  .describe('Hand to navigator.credentials.get() (startAuthentication of @simplewebauthn/browser)');

/** GET /safe/passkeys: one of the account's passkeys, as its owner sees it (never its key). */
export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: date,
  lastUsedAt: date.nullable().describe('The last sign-in or confirmation with it; null: never used since it was added'),
  synced: z.boolean().describe('Backed up by its provider (a synced passkey), so it reaches the owner’s other devices'),
});
export const passkeyListSchema = z.array(passkeySchema);

// ---- the withdrawal address book (src/domain/address-book.ts, docs/security.md) ----------------

const addressEntryFields = {
  id: z.number().int(),
  label: z.string(),
  createdAt: date,
  usableAt: date.describe('From when a withdrawal may name it: 24 hours after it was added'),
};
/** One entry of the address book: a crypto address on its network, or a bank account. */
export const addressEntrySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('crypto'), ...addressEntryFields, network: z.enum(['TRC20', 'ERC20']), address: z.string() }),
  z.object({ kind: z.literal('bank'), ...addressEntryFields, holder: z.string(), iban: z.string(), bic: z.string() }),
]);
/** "Only to my address book". */
export const addressLockSchema = z.object({
  on: z.boolean().describe('While on, a withdrawal must name a usable entry of the book'),
  offAt: date.nullable().describe('Turning it off was asked: it holds until then (24 hours after the asking)'),
});
/** GET /wallet/address-book */
export const addressBookSchema = z.object({
  entries: z.array(addressEntrySchema).describe('Newest first'),
  max: z.number().int().describe('How many entries a book keeps'),
  lock: addressLockSchema,
});

// ---- proof of liabilities (src/domain/liabilities.ts, docs/liabilities.md) -----------------------

/** What the operator declares it holds for one asset: its word and its evidence, not proven by the app. */
export const declaredReserveSchema = z.object({
  asset,
  amount,
  evidence: z.string().describe('What the operator gives as evidence: a wallet address, a bank statement reference'),
  declaredAt: date,
});
/** GET /liabilities: the published snapshots (signed roots), the key, and the operator's declared reserves. */
export const liabilitiesReplySchema = z.object({
  publicKey: z.string().describe('The platform’s Ed25519 public key (32 bytes, hex) that signs every root'),
  snapshots: z.array(snapshotFileSchema).describe('Published snapshots, newest first (at most 30); each as the proof files carry it, totals in minor units'),
  ledgerPositions: z.array(z.string()).describe('The last ledger transfer each snapshot includes, in the order of `snapshots`'),
  reserves: z.array(declaredReserveSchema).describe('The newest declaration per asset; declared, not verified'),
  coverage: z
    .array(
      z.object({
        asset,
        owed: amount.describe('The users’ balances in the newest snapshot (proven: its signed total)'),
        declared: amount.nullable().describe('The reserves declared for the asset; null when none were'),
        percent: z.string().nullable().describe('Declared reserves over what is owed, in percent, cut (never rounded up) to two decimals; null without a declaration or with nothing owed'),
      }),
    )
    .describe('Against the newest snapshot; empty before the first one'),
});
/** GET /liabilities/mine: the user's proof in the newest published snapshot that holds them (or the one named). */
export const myLiabilityProofSchema = z.object({
  proof: proofFileSchema.nullable().describe('Null when the user had no balance at the time of the snapshot, or none is published yet'),
});
