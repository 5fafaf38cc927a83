/**
 * Loans, shared by the PWA and the server (docs/loans.md): a credit loan or a principal loan for
 * a period in days at a daily rate. The figures shown before applying are the ones the contract
 * and the ledger use: interest = amount × daily rate × days (rounded down to the minor unit),
 * total to repay = amount + interest, yearly rate (APR) = daily rate × 365. A principal loan
 * lends one asset against the other, locked as collateral from the borrower's own balance at a
 * loan-to-value of 10–80 % (src/domain/ltv.ts); the old kind, held in its own asset, is no longer taken.
 */
import { z } from 'zod';
import type { ErrorKey } from './errors';
import { ASSET_CODES, parseAmount, toDecimalString, type Asset } from './money';
import { amountTextSchema, assetAmount, atLeast, atMost, between, minorOf, payPasswordCheckSchema, plainDecimal } from './payments';
import { yearlyRateText } from './pledge';

export const LOAN_TYPES = ['credit', 'principal'] as const;
export type LoanType = (typeof LOAN_TYPES)[number];

/**
 * pending review → approved (pending repayment) → repaying → repaid; rejected; failed (repayment
 * refused); liquidated (a loan across assets past the liquidation LTV: ended by the LTV watch).
 */
export const LOAN_STATUSES = ['pending', 'approved', 'repaying', 'repaid', 'rejected', 'failed', 'liquidated'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

export const ID_TYPES = ['id_card', 'passport', 'driver_licence'] as const;
export type IdType = (typeof ID_TYPES)[number];
/** An ID card has a back; a passport or a driver's licence is read from its front. */
export const needsBack = (idType: IdType): boolean => idType === 'id_card';

/** Identity images: JPG, PNG or HEIC by content, at most 2 MB each. */
export const LOAN_DOCUMENT_MAX_BYTES = 2 * 1024 * 1024;
export const LOAN_DOCUMENT_TYPES = ['jpg', 'png', 'heic'] as const;
/**
 * Identity images a user may have uploaded and no application taken yet, at a time: an
 * application needs two, so ten leave room for retakes; more would only fill the disk until the
 * daily clean-up (loan.documentsPending).
 */
export const LOAN_PENDING_DOCUMENTS_MAX = 10;

const PPM = 1_000_000n;

/** Interest over the period, rounded down to the minor unit, and the total to repay. */
export function loanFigures(amount: bigint, dailyPpm: bigint, days: number): { interest: bigint; total: bigint } {
  const interest = (amount * dailyPpm * BigInt(days)) / PPM;
  return { interest, total: amount + interest };
}

/** The yearly rate in percent: the daily rate × 365, simple (the pledge's yearly figure, the same rule). */
export function aprText(dailyPpm: bigint): string {
  return yearlyRateText(dailyPpm);
}

/** "L0000000042". */
export function loanNo(id: number): string {
  return `L${String(id).padStart(10, '0')}`;
}

// ---- input ----------------------------------------------------------------------------------

const id = z.coerce.number({ error: 'request.invalid' }).int('request.invalid').min(1, 'request.invalid').max(Number.MAX_SAFE_INTEGER, 'request.invalid');

/** POST /loan/apply */
export const loanApplySchema = z.strictObject({
  productId: id,
  amount: amountTextSchema,
  fullName: z.string({ error: 'loan.nameRequired' }).trim().min(2, 'loan.nameRequired').max(100, 'loan.nameRequired'),
  idType: z.enum(ID_TYPES, { error: 'loan.idTypeInvalid' }),
  idNumber: z
    .string({ error: 'loan.idNumberRequired' })
    .trim()
    .regex(/^[A-Za-z0-9 -]{4,30}$/, 'loan.idNumberRequired'),
  frontDocument: id,
  backDocument: id.optional(),
  accepted: z.literal(true, { error: 'loan.disclaimerRequired' }),
  /**
   * A principal loan (docs/loans.md): the other asset, locked as collateral, and how much of it
   * (an LTV of 10–80 % at the reference rate). Required for a principal loan
   * (`loan.collateralRequired`); a credit loan takes none.
   */
  collateralAsset: z.enum(ASSET_CODES as [Asset, ...Asset[]], { error: 'request.invalid' }).optional(),
  collateral: amountTextSchema.optional(),
});
export type LoanApplyInput = z.output<typeof loanApplySchema>;

/** The amounts a product lends (minor units): its minimum to its maximum, a credit loan's and a principal loan's alike. */
export function loanAmountLimits(product: Pick<LoanProduct, 'asset' | 'minAmount' | 'maxAmount'>): { low: bigint; high: bigint } {
  return { low: minorOf(product.minAmount, product.asset), high: minorOf(product.maxAmount, product.asset) };
}

const documentId = (key: ErrorKey) => z.number({ error: key }).int(key).min(1, key);

/**
 * A principal application's collateral: its asset, how much of it the borrower has available,
 * and what a loan of an amount needs at an LTV (src/domain/ltv.ts, collateralFor at the reference
 * rate), checked before sending.
 */
export interface CollateralCheck {
  asset: Asset;
  available: bigint;
  need(amount: bigint, ltvBp: bigint): bigint;
}

/**
 * The application form: the amount within the product's limits, for a principal loan the LTV
 * chosen (hundredths of a percent, as text) whose collateral the borrower must have available,
 * the identity as loanApplySchema checks it, the uploaded images' ids (the back for an ID card)
 * and the terms accepted. The product is chosen beside the form and sent with it.
 */
export function loanFormSchema(product: LoanProduct, collateral: CollateralCheck | null) {
  const { asset } = product;
  const { low, high } = loanAmountLimits(product);
  const shown = { min: plainDecimal(toDecimalString(low, asset)), max: plainDecimal(toDecimalString(high, asset)), asset };
  return loanApplySchema
    .omit({ productId: true, amount: true, frontDocument: true, backDocument: true, collateralAsset: true, collateral: true })
    .extend({
      amount: assetAmount(asset, between(low, high, 'loan.amountOutOfRange', shown)),
      /** A principal loan's LTV, in hundredths of a percent ("5000"); unused for a credit loan. */
      ltv: z.string().regex(/^\d{1,5}$/, 'request.invalid'),
      frontDocument: documentId('loan.documentRequired'),
      backDocument: documentId('loan.backRequired').nullable(),
    })
    .superRefine(
      (value, ctx) => {
        if (needsBack(value.idType) && value.backDocument === null) ctx.addIssue({ code: 'custom', message: 'loan.backRequired', path: ['backDocument'] });
        const amount = parseAmount(value.amount.trim(), asset);
        if (collateral && amount !== null && amount > 0n) {
          const need = collateral.need(amount, BigInt(value.ltv));
          if (need > collateral.available) {
            const { asset: held, available } = collateral;
            const params = { need: plainDecimal(toDecimalString(need, held)), have: plainDecimal(toDecimalString(available, held)), asset: held };
            ctx.addIssue({ code: 'custom', message: 'loan.collateralNeeded', params, path: ['ltv'] });
          }
        }
      },
      // Asked for with the other fields' messages, not only once they are right.
      { when: ({ value }) => typeof value === 'object' && value !== null && ID_TYPES.includes((value as { idType?: IdType }).idType!) },
    );
}

/** POST /loan/repay: the repayment request of an approved (or failed) loan. */
export const loanRepaySchema = z.strictObject({ id, payPassword: payPasswordCheckSchema });
export const loanIdSchema = z.strictObject({ id });
/**
 * POST /loan/collateral/add: more collateral, in the collateral's asset, for a loan across assets
 * that is paid out; POST /loan/repay/part: a part of its principal, in the loan's asset, paid with
 * the interest so far.
 */
export const loanAmountCallSchema = z.strictObject({ id, amount: amountTextSchema, payPassword: payPasswordCheckSchema });
/**
 * The forms beside a loan across assets that move an amount: collateral added (at most what is
 * available of its currency) and a part of the principal repaid (less than the principal left).
 */
export function loanAmountFormSchema(asset: Asset, limit: { available: string } | { left: string }) {
  const atLeastOne = atLeast(1n, 'amount.tooSmall', { min: plainDecimal(toDecimalString(1n, asset)), asset });
  const within =
    'available' in limit
      ? atMost(minorOf(limit.available, asset), 'balance.insufficient')
      : atMost(minorOf(limit.left, asset) - 1n, 'loan.partTooLarge', { left: plainDecimal(limit.left), asset });
  return z.object({ amount: assetAmount(asset, atLeastOne, within) });
}
export const loanListQuerySchema = z.strictObject({
  status: z.enum(LOAN_STATUSES, { error: 'request.invalid' }).optional(),
  page: z.coerce.number({ error: 'request.invalid' }).int('request.invalid').min(1, 'request.invalid').max(100_000, 'request.invalid').default(1),
  pageSize: z.coerce.number({ error: 'request.invalid' }).int('request.invalid').min(1, 'request.invalid').max(50, 'request.invalid').default(10),
});
export const loanDocumentQuerySchema = z.strictObject({ id, side: z.enum(['front', 'back'], { error: 'request.invalid' }) });

/** Operators: a decision on an application or a repayment. */
export const loanDecisionSchema = z.strictObject({ id, reason: z.string({ error: 'request.invalid' }).trim().max(500, 'request.invalid').optional() });

// ---- replies --------------------------------------------------------------------------------

const amount = z.string().describe('Decimal string, full precision of the asset');
const date = z.string().describe('ISO 8601 date and time');
const assetSchema = z.enum(ASSET_CODES as [Asset, ...Asset[]]);

export const loanProductSchema = z.object({
  id: z.number().int(),
  type: z.enum(LOAN_TYPES),
  asset: assetSchema,
  days: z.number().int(),
  dailyRate: z.string().describe('Percent per day'),
  apr: z.string().describe('Percent per year: the daily rate × 365'),
  minAmount: amount,
  maxAmount: amount,
});
export type LoanProduct = z.output<typeof loanProductSchema>;

export const loanSchema = z.object({
  id: z.number().int(),
  loanNo: z.string(),
  type: z.enum(LOAN_TYPES),
  asset: assetSchema,
  amount,
  days: z.number().int(),
  dailyRate: z.string(),
  apr: z.string(),
  interest: amount,
  total: amount,
  /** In `collateralAsset`. */
  collateral: amount,
  /** The asset the collateral is in: a principal loan's (its own asset for the old kind); null for a credit loan. */
  collateralAsset: assetSchema.nullable().optional(),
  /** A loan across assets: the interest of the days used, fixed when the user asked to repay; null before or for other loans. An old principal loan ended: 0. */
  repayInterest: amount.nullable().optional(),
  /**
   * A principal loan of the old rule (its collateral the payout itself, in its own asset): "repay"
   * ends it at once without interest, the payout going back from its collateral (docs/loans.md).
   */
  oldRule: z.boolean().optional(),
  /**
   * Partial repayments (docs/loans.md): the principal not yet repaid (`amount` until one is made),
   * the interest they paid, and the days of interest they paid for — interest runs again from
   * `interestFrom` (the payout + those days; null before the payout) on the principal left.
   */
  principalLeft: amount.optional(),
  interestRepaid: amount.optional(),
  interestDaysPaid: z.number().int().optional(),
  interestFrom: date.nullable().optional(),
  status: z.enum(LOAN_STATUSES),
  /**
   * A loan across assets, paid out and not ended: its LTV in hundredths of a percent (8036 is
   * 80.36 %), rounded up — what is owed (principal + interest so far) over the collateral's value
   * at the reference rate — as the LTV watch last computed it (at approval, when collateral was
   * added, and at least every minute and at every change of the rate); null for other loans.
   */
  ltvBp: z.number().int().nullable().optional(),
  /** When `ltvBp` was computed. */
  ltvAt: date.nullable().optional(),
  /**
   * The margin call under way (the LTV at or past the margin-call threshold): since when, and the
   * LTV that began it; null when none. The borrower was told once when it began (push, e-mail);
   * it ends when the LTV is back below the threshold (collateral added, the rate moved back).
   */
  marginCall: z.object({ since: date, ltvBp: z.number().int() }).nullable().optional(),
  /** Margin calls sent for this loan so far. */
  marginCalls: z.number().int().optional(),
  /**
   * A liquidated loan's figures; null otherwise. `converted` and `returned` are in
   * `collateralAsset`; `interest` (so far), `fee` and `shortfall` (what the collateral could not
   * cover, the platform's loss) in the loan's asset; `rate` is EUR for one USDT.
   */
  liquidation: z
    .object({ at: date, rate: z.string(), converted: amount, returned: amount, interest: amount, fee: amount, shortfall: amount })
    .nullable()
    .optional(),
  fullName: z.string(),
  idType: z.enum(ID_TYPES),
  /** The ID number with all but its last 4 characters hidden. */
  idNumber: z.string(),
  documents: z.array(z.enum(['front', 'back'])),
  reason: z.string().nullable(),
  repayReason: z.string().nullable(),
  createdAt: date,
  decidedAt: date.nullable(),
  dueAt: date.nullable(),
  repayRequestedAt: date.nullable(),
  repaidAt: date.nullable(),
});
export type Loan = z.output<typeof loanSchema>;

export const loanConfigSchema = z.object({
  products: z.array(loanProductSchema),
  /** The wallet balance (available) per asset: a principal loan's limits are taken from it. */
  available: z.record(assetSchema, amount),
  /** The loan not yet ended, if any: no other application while there is one. */
  open: loanSchema.nullable(),
  /**
   * A principal loan across assets (docs/loans.md): the reference rate it is valued at and the
   * operators' thresholds, percents as text ("85", "89.5"); with src/domain/ltv.ts the app shows
   * the collateral, the LTV and the margin-call and liquidation prices before applying.
   */
  acrossAssets: z
    .object({
      rate: z.string().describe('EUR for one USDT, 6 decimals'),
      minLtv: z.string(),
      maxLtv: z.string(),
      marginCallLtv: z.string(),
      liquidationLtv: z.string(),
      liquidationFeePercent: z.string(),
    })
    .optional(),
});
export type LoanConfig = z.output<typeof loanConfigSchema>;

export const loanDocumentReplySchema = z.object({ id: z.number().int() });
