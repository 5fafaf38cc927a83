/**
 * What the operator API (/api/ops) takes and answers, beyond the operator's own session and the
 * deposit queue (operators.ts), news (news.ts, wire-schemas.ts), loans (loan.ts) and pledge
 * products (pledge.ts): one zod schema per query, body and reply, written once. The server declares
 * its /api/ops routes with them (checked in tests, described in the OpenAPI document) and the
 * operator console (src/ops) and `npm run ops` read the same shapes (the `Ops…` types below).
 */
import { z } from 'zod';
import { PLATFORM_PURPOSES, USER_PURPOSES, WITHDRAWAL_STATUSES } from './ledger';
import { loanListQuerySchema, loanSchema } from './loan';
import { LOCALES } from './locales';
import { newsTextShape } from './news';
import {
  OPERATOR_ROLES,
  OPS_QUEUES,
  operatorPasswordSchema,
  queueFilters,
  reasonSchema,
  recordIdSchema,
  type decidedDepositSchema,
  type depositPreviewSchema,
  type operatorDepositSchema,
  type opsLoginReplySchema,
} from './operators';
import { assetSchema, pageQuerySchema } from './payments';
import { MERCHANT_APPLICATION_STATUSES } from './trading';
import { bankAccountSchema, coinKindSchema, merchantApplicationSchema, withdrawalRecordSchema, type vipLevelSchema } from './wire-schemas';

const amount = z.string().describe('Decimal string, full precision of the asset');
const date = z.string().describe('ISO 8601 date and time');
const day = z.string().describe('A UTC day, YYYY-MM-DD');
const lockedUntil = date.nullable();
const assetEnum = z.enum(['USDT', 'EUR']);

// ---- one user ---------------------------------------------------------------------------------

/** A user named by id in an operator's read: a uuid, else no such user. */
export const userIdSchema = z.uuid({ error: 'record.notFound' });

/** One user, by id. */
export const userQuerySchema = z.strictObject({ id: userIdSchema });

/** A page of one user's records (GET /ops/users/<part>). */
export const userPageQuerySchema = z.strictObject({ id: userIdSchema, ...pageQuerySchema.shape });

// ---- withdrawals --------------------------------------------------------------------------------

export const withdrawalListSchema = z.strictObject({ ...pageQuerySchema.shape, ...queueFilters, status: z.enum(WITHDRAWAL_STATUSES, { error: 'request.invalid' }).optional() });

export const withdrawalApproveSchema = z.strictObject({
  id: recordIdSchema,
  txReference: z.string({ error: 'ops.referenceRequired' }).trim().min(1, 'ops.referenceRequired').max(200, 'request.invalid'),
});

export const operatorWithdrawalSchema = withdrawalRecordSchema.extend({ userId: z.string(), username: z.string(), operatorId: z.string().nullable() });

export const decidedWithdrawalSchema = withdrawalRecordSchema.extend({ userId: z.string() });

// ---- merchant applications ----------------------------------------------------------------------

export const merchantApplicationListSchema = z.strictObject({
  ...pageQuerySchema.shape,
  ...queueFilters,
  status: z.enum(MERCHANT_APPLICATION_STATUSES, { error: 'request.invalid' }).optional(),
});

export const operatorMerchantApplicationSchema = merchantApplicationSchema.extend({
  userId: z.string(),
  username: z.string(),
  nickname: z.string(),
  operatorId: z.string().nullable(),
});

export const decidedMerchantApplicationSchema = merchantApplicationSchema.extend({ userId: z.string() });

// ---- loans (the list query and the decision: loan.ts) -----------------------------------------

/** A loan with its borrower; its identity images are `documents` (GET /ops/loans/document). */
export const operatorLoanSchema = loanSchema.extend({ userId: z.string(), username: z.string() });

/** GET /ops/loans: the app's list query, and one loan (the console's page of it). */
export const opsLoanListSchema = loanListQuerySchema.extend({ id: recordIdSchema.optional() });

/** A decision on a loan or its repayment: the loan as decided, with its borrower (whose phone hears of it). */
export const decidedLoanSchema = loanSchema.extend({ userId: z.string() });

const percent = z.string().describe('Percent, up to two decimals');

export const loanWatchSchema = z.object({
  rate: z.string().describe('The reference rate now: EUR for one USDT'),
  marginCallLtv: percent,
  liquidationLtv: percent,
  liquidationFeePercent: percent,
  open: z.array(operatorLoanSchema).describe('Loans across assets paid out and not ended, highest LTV first (ltvBp, marginCall, marginCalls)'),
  liquidated: z.array(operatorLoanSchema).describe('Liquidations made, newest first (liquidation: the figures)'),
  shortfalls: z.array(z.object({ asset: assetEnum, total: z.string(), loans: z.number().int() })).describe("What liquidated collateral could not cover: the platform's loss, per loan asset"),
});

// ---- pledge (the products: pledge.ts) ---------------------------------------------------------

/** POST /ops/pledge/run: the payout round run now. */
export const pledgeRunSchema = z.object({ days: z.number().int(), paid: z.number().int(), matured: z.number().int() });

// ---- users: the search, one user's page, their sessions, devices and locks ----------------------

export const userSearchSchema = z.strictObject({
  q: z.string({ error: 'request.invalid' }).trim().min(1, 'request.invalid').max(100, 'request.invalid'),
  ...pageQuerySchema.shape,
});

/** Per asset, an amount for each of `keys`. */
function perAsset<K extends string>(keys: readonly K[]) {
  const entry = z.object(Object.fromEntries(keys.map((key) => [key, amount])) as Record<K, typeof amount>);
  return z.object({ USDT: entry, EUR: entry });
}

/**
 * Per asset, the balance of each account purpose a user has (ledger.ts, USER_PURPOSES): available
 * (spendable), held (pending withdrawals, a loan repayment under review), trading (offers and
 * orders in the hall), pledged (running pledges), interest (pledge earnings), collateral
 * (principal loans).
 */
export const userBalancesSchema = perAsset(USER_PURPOSES).describe(
  'Per asset and account purpose: available, held (withdrawals, a repayment under review), trading (hall), pledged, interest (pledge earnings), collateral (loans)',
);

export const userRowSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable().describe('E.164, as the user registered or bound it'),
  nickname: z.string(),
  vipLevel: z.number().int(),
  isMerchant: z.boolean(),
  merchantApplication: z.enum(MERCHANT_APPLICATION_STATUSES).nullable().describe('The latest application to become a merchant; null when none was made'),
  createdAt: date,
  loginLockedUntil: lockedUntil.describe('Wrong passwords locked the login until then; null: not locked now'),
  payPasswordLockedUntil: lockedUntil.describe('Wrong payment passwords locked it until then; null: not locked now'),
});

export const userDetailSchema = userRowSchema.extend({
  avatar: z.string().nullable(),
  inviteCode: z.string(),
  invitedBy: z.string().nullable().describe("The inviter's user id"),
  hasPayPassword: z.boolean(),
  locale: z.enum(LOCALES),
  balances: userBalancesSchema,
});

export const userSessionSchema = z.object({
  id: z.number().int(),
  createdAt: date,
  expiresAt: date,
  revokedAt: date.nullable().describe('When it was ended (logout, password change, an operator); null while it lasts'),
  live: z.boolean().describe('Neither ended nor expired'),
  userAgent: z.string().nullable().describe('The browser that signed in'),
});

export const endSessionsSchema = z.strictObject({
  id: userIdSchema,
  /** One session; every live session of the user when absent. */
  sessionId: recordIdSchema.optional(),
  reason: reasonSchema,
});

export const userSessionsEndedSchema = z.object({ userId: z.string(), ended: z.number().int().describe('Sessions ended now (0: none was live)') });

export const liftLockoutSchema = z.strictObject({ id: userIdSchema, reason: reasonSchema });

export const lockoutLiftedSchema = z.object({
  userId: z.string(),
  loginLockedUntil: lockedUntil.describe('Until when the login was locked; null: it was not'),
  payPasswordLockedUntil: lockedUntil.describe('Until when the payment password was locked; null: it was not'),
});

/** A device subscribed to push notifications (GET /ops/users/devices), without its keys. */
export const pushDeviceSchema = z.object({
  id: z.number().int(),
  service: z.string().describe("The push service's host; never the endpoint's path or the keys"),
  channels: z.array(z.enum(['trade', 'system'])),
  createdAt: date.describe('When the device subscribed'),
  updatedAt: date.describe('When it last subscribed again or changed its channels'),
  lastSentAt: date.nullable().describe('When it was last sent a message; null: never'),
  locale: z.string().describe("The user's language, which its messages are in"),
});

// ---- the ledger: totals and verification --------------------------------------------------------

/** Days of fees GET /ops/totals shows, today included. */
export const FEE_DAYS = 14;

const countAndAmount = z.object({ count: z.number().int(), amount });
const dayFigure = z.object({ USDT: countAndAmount, EUR: countAndAmount });

export const platformTotalsSchema = z.object({
  asOf: date,
  users: userBalancesSchema.describe('What all users hold, per asset and account purpose'),
  platform: perAsset(PLATFORM_PURPOSES).describe(
    "The platform's accounts per asset: deposits (negative: what arrived from outside), withdrawals (paid out), fees (earned), bonus (VIP gifts paid, negative), " +
      'exchange (conversions), adjustments (corrections), interest (pledge interest paid, negative), loans (lent out, negative)',
  ),
  today: z
    .object({
      day,
      depositsApproved: dayFigure.describe('Deposits credited today (their gifts apart)'),
      withdrawalsPaid: dayFigure.describe('Withdrawals paid today: what reached the users (fees apart)'),
      conversions: dayFigure.describe('Conversions today, by the currency converted from'),
      tradesSettled: dayFigure.describe('Trades settled today: the USDT and the EUR that changed hands'),
    })
    .describe('The UTC day so far: how many, and how much they moved, per asset'),
  feesPerDay: z.array(z.object({ day, USDT: amount, EUR: amount })).describe(`The fees accounts' net change per UTC day, the last ${FEE_DAYS} days, oldest first`),
});

const ledgerProblemSchema = z.object({ check: z.string(), detail: z.string() });

/** POST /ops/ledger/verify: the checks of npm run ledger:verify, run now. */
export const ledgerReportSchema = z.object({
  ok: z.boolean(),
  accounts: z.number().int(),
  transfers: z.number().int(),
  problems: z.array(ledgerProblemSchema),
});

/** GET /ops/ledger/verify */
export const lastVerificationSchema = z
  .object({
    ranAt: date,
    operator: z.string(),
    ok: z.boolean(),
    accounts: z.number().int(),
    transfers: z.number().int(),
    problemCount: z.number().int(),
    problems: z.array(ledgerProblemSchema).describe('The first 50'),
  })
  .nullable()
  .describe('The last verification an operator ran (POST /ops/ledger/verify); null when none was');

// ---- corrections, with four eyes above the threshold -----------------------------------------

export const PROPOSAL_STATUSES = ['pending', 'approved', 'refused'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

export const adjustmentSchema = z.strictObject({
  userId: z.uuid({ error: 'record.notFound' }),
  asset: assetSchema,
  /** Signed: "+12.5" or "12.5" credits the user, "-12.5" debits. */
  amount: z
    .string({ error: 'amount.required' })
    .trim()
    .min(1, 'amount.required')
    .max(24, 'amount.invalid')
    .regex(/^[+-]?\d+(\.\d+)?$/, 'amount.invalid'),
  reason: reasonSchema,
});

export const proposalListSchema = z.strictObject({ ...pageQuerySchema.shape, status: z.enum(PROPOSAL_STATUSES, { error: 'request.invalid' }).optional() });

export const proposalRefuseSchema = z.strictObject({ id: recordIdSchema, reason: reasonSchema });

/** A correction posted: at once, or by a proposal's approval. */
export const postedAdjustmentSchema = z.object({
  outcome: z.literal('posted'),
  transferId: z.number().int(),
  userId: z.string(),
  username: z.string(),
  asset: assetEnum,
  amount: z.string().describe('Signed, full precision'),
  balance: amount.describe("The user's available balance after the correction"),
});

export const proposalSchema = z.object({
  id: z.number().int(),
  userId: z.string(),
  username: z.string(),
  asset: assetEnum,
  amount: z.string().describe('Signed, full precision: positive credits the user'),
  reason: z.string(),
  status: z.enum(PROPOSAL_STATUSES),
  makerId: z.string(),
  maker: z.string().describe("The proposing operator's username"),
  createdAt: z.string(),
  checkerId: z.string().nullable(),
  checker: z.string().nullable().describe("The deciding operator's username"),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable().describe('Why it was refused'),
  transferId: z.number().int().nullable().describe('The posting its approval made'),
});

/** POST /ops/adjustments: posted at once, or (above the four-eyes threshold) proposed. */
export const adjustmentReplySchema = z.discriminatedUnion('outcome', [
  postedAdjustmentSchema,
  z.object({
    outcome: z.literal('proposed'),
    threshold: amount.describe('The four-eyes threshold of the asset it is above'),
    proposal: proposalSchema,
  }),
]);

export const approvedProposalSchema = z.object({ proposal: proposalSchema, posted: postedAdjustmentSchema });

// ---- configuration: settings, VIP levels, deposit options ---------------------------------------

export const settingChangeSchema = z.strictObject({
  key: z.string({ error: 'ops.settingInvalid' }).trim().min(1, 'ops.settingInvalid').max(64, 'ops.settingInvalid'),
  value: z.string({ error: 'ops.settingInvalid' }).trim().max(500, 'ops.settingInvalid'),
  reason: reasonSchema,
});

export const settingEntrySchema = z.object({ key: z.string(), value: z.string().nullable(), updatedAt: z.string().nullable() });

/** The reply of /ops/vip_levels is the app's own vipLevelSchema (wire-schemas.ts). */
export const vipLevelChangeSchema = z.strictObject({
  level: z.number({ error: 'ops.settingInvalid' }).int('ops.settingInvalid').min(0, 'ops.settingInvalid').max(100, 'ops.settingInvalid'),
  /** Cumulative confirmed deposits in USDT to reach the level. */
  upgradeAmount: z.string({ error: 'ops.settingInvalid' }).trim().regex(/^\d{1,15}(\.\d{1,6})?$/, 'ops.settingInvalid'),
  /** Gift on each approved deposit, percent with up to 2 decimals, 0–100. */
  giftPercent: z.string({ error: 'ops.settingInvalid' }).trim().regex(/^\d{1,3}(\.\d{1,2})?$/, 'ops.settingInvalid'),
  dailyOrders: z.number({ error: 'ops.settingInvalid' }).int('ops.settingInvalid').min(0, 'ops.settingInvalid').max(100_000, 'ops.settingInvalid'),
  reason: reasonSchema,
});

const addressText = z.string({ error: 'ops.settingInvalid' }).trim().min(1, 'ops.settingInvalid').max(120, 'ops.settingInvalid');
const bankText = (max: number) => z.string({ error: 'ops.settingInvalid' }).trim().min(1, 'ops.settingInvalid').max(max, 'ops.settingInvalid');

export const coinChangeSchema = z.strictObject({
  code: z.string({ error: 'coin.invalid' }).trim().min(1, 'coin.invalid').max(20, 'coin.invalid'),
  /** Crypto: the deposit address (for USDT the TRC20 one, which is also address_omni). */
  address: addressText.optional(),
  /** USDT only: the ERC20 address. */
  addressErc: addressText.optional(),
  /** The bank card option only. */
  bank: z
    .strictObject({ holder: bankText(100), iban: bankText(42), bic: bankText(11), bankName: bankText(100) }, { error: 'ops.settingInvalid' })
    .optional(),
  reason: reasonSchema,
});

const depositAddress = z.string().nullable();

export const coinAddressesSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: coinKindSchema,
  network: z.string().nullable(),
  address: depositAddress.describe('The deposit address of a crypto option (for USDT the TRC20 one)'),
  addressOmni: depositAddress.describe('For USDT, kept equal to address'),
  addressErc: depositAddress.describe('For USDT, the ERC20 address'),
  bank: bankAccountSchema.nullable().describe('The account of the bank card option'),
  enabled: z.boolean(),
});

// ---- the queues ---------------------------------------------------------------------------------

/** The operators' queues, in the order the console lists them (GET /ops/queues). */
export const queueLengthSchema = z.object({
  queue: z
    .enum(OPS_QUEUES)
    .describe(
      'deposits and withdrawals awaiting a decision (GET /ops/deposits, /ops/withdrawals ?status=processing), merchants: applications pending (/ops/merchants), ' +
        'loans: applications pending (/ops/loans?status=pending), repayments: awaiting confirmation (/ops/loans?status=repaying), adjustments: corrections proposed for a second operator',
    ),
  count: z.number().int(),
  oldestAt: z.string().nullable().describe('When the oldest began to wait; null when the queue is empty'),
});

// ---- the audit trail ----------------------------------------------------------------------------

/** The audit log's filters: one user, one action, one operator, a period (from inclusive, to exclusive). */
export const auditFilterSchema = z.strictObject({
  userId: z.uuid({ error: 'request.invalid' }).optional(),
  action: z.string({ error: 'request.invalid' }).trim().min(1, 'request.invalid').max(40, 'request.invalid').optional(),
  operatorId: z.uuid({ error: 'request.invalid' }).optional(),
  from: z.iso.date({ error: 'request.invalid' }).optional(),
  to: z.iso.date({ error: 'request.invalid' }).optional(),
});

export const auditQuerySchema = auditFilterSchema.extend(pageQuerySchema.shape);

/** At most this many rows go into one CSV export, newest first. */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  operatorId: z.string().nullable().describe('Null when the system acted (the LTV watch liquidating a loan)'),
  operator: z.string().describe("The operator's username, or system"),
  action: z.string().describe('What was done, such as deposit.approve or setting.change'),
  subject: z.string().describe('What it was done to, such as withdrawal:12 or coin:USDT'),
  userId: z.string().nullable(),
  username: z.string().nullable().describe("The user's username, when the action concerns a user"),
  reason: z.string().nullable(),
  details: z.unknown().describe('What changed, as the action records it'),
  createdAt: z.string(),
});

// ---- operator accounts --------------------------------------------------------------------------

export const operatorCreateSchema = z.strictObject({
  username: z
    .string({ error: 'username.required' })
    .trim()
    .min(1, 'username.required')
    .regex(/^[A-Za-z][A-Za-z0-9_.-]{2,31}$/, 'username.invalid'),
  password: operatorPasswordSchema,
  role: z.enum(OPERATOR_ROLES, { error: 'request.invalid' }),
});

export const createdOperatorSchema = z.object({
  id: z.string(),
  username: z.string(),
  role: z.enum(OPERATOR_ROLES),
  totpSecret: z.string(),
  otpauthUrl: z.string(),
});

export const operatorDisableSchema = z.strictObject({
  username: z.string({ error: 'username.required' }).trim().min(1, 'username.required').max(64, 'username.invalid'),
  reason: reasonSchema,
});

export const disabledOperatorSchema = z.object({ username: z.string(), disabled: z.literal(true) });

export const operatorRoleChangeSchema = z.strictObject({
  username: z.string({ error: 'username.required' }).trim().min(1, 'username.required').max(64, 'username.invalid'),
  role: z.enum(OPERATOR_ROLES, { error: 'request.invalid' }),
  reason: reasonSchema,
});

/** An operator as the admins' list shows it. */
export const operatorEntrySchema = z.object({
  id: z.string(),
  username: z.string(),
  role: z.enum(OPERATOR_ROLES),
  disabled: z.boolean(),
  createdAt: z.string(),
  lastSeenAt: z.string().nullable().describe('The last request of any of its sessions'),
  openSessions: z.number().int(),
});

// ---- the replies' types, as the console and `npm run ops` read them ---------------------------

/** POST /ops/login: the token only for client "cli". */
export type OpsLoginReply = z.output<typeof opsLoginReplySchema>;
export type OpsDeposit = z.output<typeof operatorDepositSchema>;
/** POST /ops/deposits/approve|reject */
export type OpsDecidedDeposit = z.output<typeof decidedDepositSchema>;
/** @public The console's deposit queue reads it (GET /ops/deposits/preview). */
export type OpsDepositPreview = z.output<typeof depositPreviewSchema>;
export type OpsWithdrawal = z.output<typeof operatorWithdrawalSchema>;
/** POST /ops/withdrawals/approve|reject */
export type OpsDecidedWithdrawal = z.output<typeof decidedWithdrawalSchema>;
export type OpsMerchantApplication = z.output<typeof operatorMerchantApplicationSchema>;
/** POST /ops/merchants/approve|reject */
export type OpsDecidedMerchantApplication = z.output<typeof decidedMerchantApplicationSchema>;
export type OpsLoan = z.output<typeof operatorLoanSchema>;
export type OpsLoanWatch = z.output<typeof loanWatchSchema>;
export type OpsPledgeRun = z.output<typeof pledgeRunSchema>;
export type OpsUserRow = z.output<typeof userRowSchema>;
export type OpsUserDetail = z.output<typeof userDetailSchema>;
/** @public The console's user page reads it (GET /ops/users/sessions). */
export type OpsUserSession = z.output<typeof userSessionSchema>;
export type OpsUserSessionsEnded = z.output<typeof userSessionsEndedSchema>;
export type OpsLockoutLifted = z.output<typeof lockoutLiftedSchema>;
/** @public The console's user page reads it (GET /ops/users/devices). */
export type OpsPushDevice = z.output<typeof pushDeviceSchema>;
export type OpsTotals = z.output<typeof platformTotalsSchema>;
export type OpsLedgerReport = z.output<typeof ledgerReportSchema>;
/** GET /ops/ledger/verify: null when no operator has run one. */
export type OpsLastVerification = z.output<typeof lastVerificationSchema>;
/** A correction posted. */
export type OpsAdjustment = z.output<typeof postedAdjustmentSchema>;
/** POST /ops/adjustments: posted at once, or proposed. */
export type OpsCorrection = z.output<typeof adjustmentReplySchema>;
/** A correction above the four-eyes threshold, waiting for another operator or decided. */
export type OpsProposal = z.output<typeof proposalSchema>;
export type OpsApprovedProposal = z.output<typeof approvedProposalSchema>;
export type OpsSetting = z.output<typeof settingEntrySchema>;
export type OpsVipLevel = z.output<typeof vipLevelSchema>;
export type OpsCoin = z.output<typeof coinAddressesSchema>;
export type OpsQueueLength = z.output<typeof queueLengthSchema>;
export type OpsAuditEntry = z.output<typeof auditEntrySchema>;
export type OpsOperatorCreated = z.output<typeof createdOperatorSchema>;
export type OpsOperatorDisabled = z.output<typeof disabledOperatorSchema>;
export type OpsOperatorEntry = z.output<typeof operatorEntrySchema>;

// ---- content pages ------------------------------------------------------------------------------

/** One language's version of a content page: its text and when it was last written (by whom, if an operator). */
export const contentTextSchema = z.object({
  locale: z.enum(LOCALES),
  title: z.string(),
  body: z.string(),
  updatedAt: date.describe('Its last change by an operator, else when the installation wrote the page'),
  changedBy: z.string().nullable().describe("The operator's name who last changed it; null: the text shipped with the app"),
});
/** GET /ops/content: the app's content pages (about, help, company, intro, tutorials), each in every language it has. */
export const contentPagesSchema = z.object({
  pages: z.array(
    z.object({
      id: z.number().int().describe('The fixed id the app asks for with POST /news/detail'),
      piece: z.string().describe('about, help, company, intro, tutorial-…'),
      categoryId: z.number().int().describe('1: the app pages; 2: the tutorials'),
      texts: z.array(contentTextSchema).describe('Every language it is written in, English first'),
    }),
  ),
});
/** POST /ops/content (admin): one page's text in one language, written or replaced, with the reason. */
export const contentChangeSchema = z.strictObject({ id: recordIdSchema, ...newsTextShape, reason: reasonSchema });
export type OpsContentPages = z.output<typeof contentPagesSchema>;
export type OpsContentChange = z.input<typeof contentChangeSchema>;

// ---- proof of liabilities (docs/liabilities.md) --------------------------------------------------

/** A snapshot as the operator sees it: published or not, and why not. */
export const opsLiabilitySnapshotSchema = z.object({
  id: z.string(),
  day: day.nullable().describe('The daily snapshot’s day; null for one an operator asked for'),
  takenAt: date,
  ledgerPosition: z.string().describe('The last ledger transfer it includes'),
  leafCount: z.number().int(),
  root: z.string(),
  totals: z.object({ EUR: z.string(), USDT: z.string() }).describe('Minor units'),
  published: z.boolean(),
  problem: z.string().nullable().describe('Why it was not published: what the ledger’s check or the postings’ totals disagreed on'),
});
export const liabilitySnapshotQuerySchema = z.strictObject({ id: z.string().regex(/^\d{1,18}$/, 'record.notFound') });

/** POST /ops/liabilities/reserves: what the operator holds for an asset, with its evidence. */
export const reserveDeclarationSchema = z.strictObject({
  asset: assetSchema,
  amount: z
    .string({ error: 'amount.required' })
    .trim()
    .min(1, 'amount.required')
    .max(32, 'amount.invalid')
    .regex(/^\d{1,24}(\.\d+)?$/, 'amount.invalid'),
  evidence: z.string({ error: 'liabilities.evidenceRequired' }).trim().min(3, 'liabilities.evidenceRequired').max(500, 'liabilities.evidenceRequired'),
});
/** A snapshot as the operator sees it. */
export type OpsLiabilitySnapshot = z.output<typeof opsLiabilitySnapshotSchema>;
