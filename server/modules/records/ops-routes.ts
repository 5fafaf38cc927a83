/**
 * The operator's ledger reads under /api/ops: a user's fund record and raw postings (support), the
 * totals of the whole ledger (support), and the ledger's verification — its last run (support)
 * and a run now (admin, audited).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ledgerEntrySchema, movementSchema } from '../../../src/domain/wire-schemas';
import { apiRoute, noInput } from '../../http/api-route';
import { operatorOf } from '../../http/auth';
import { userRecordsRoute } from '../../http/operator-calls';
import { PLATFORM_PURPOSES, USER_PURPOSES } from '../../ledger/accounts';
import { FEE_DAYS } from './totals';

const amount = z.string().describe('Decimal string, full precision of the asset');
const date = z.string().describe('ISO 8601 date and time');
const day = z.string().describe('A UTC day, YYYY-MM-DD');

/** Per asset, an amount for each of `keys`. */
function perAsset<K extends string>(keys: readonly K[], item: z.ZodType = amount) {
  const entry = z.object(Object.fromEntries(keys.map((key) => [key, item])) as Record<K, z.ZodType>);
  return z.object({ USDT: entry, EUR: entry });
}

/**
 * Per asset, the balance of each account purpose a user has (ledger/accounts.ts): available
 * (spendable), held (pending withdrawals, a loan repayment under review), trading (offers and
 * orders in the hall), pledged (running pledges), interest (pledge earnings), collateral
 * (principal loans).
 */
export const userBalancesSchema = perAsset(USER_PURPOSES).describe(
  'Per asset and account purpose: available, held (withdrawals, a repayment under review), trading (hall), pledged, interest (pledge earnings), collateral (loans)',
);

const countAndAmount = z.object({ count: z.number().int(), amount });
const dayFigure = z.object({ USDT: countAndAmount, EUR: countAndAmount });

const platformTotalsSchema = z.object({
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

const ledgerReportSchema = z.object({
  ok: z.boolean(),
  accounts: z.number().int(),
  transfers: z.number().int(),
  problems: z.array(ledgerProblemSchema),
});

const lastVerificationSchema = z
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

/** Under /api/ops. */
export async function recordsOpsModule(app: FastifyInstance): Promise<void> {
  const { records, ops } = app.services;

  userRecordsRoute(
    app,
    { url: '/users/movements', summary: "A user's fund record: their movements, newest first, each with its legs, as the app shows it (support)", item: movementSchema },
    (userId, page, pageSize) => records.movements(userId, page, pageSize, undefined),
  );
  userRecordsRoute(
    app,
    { url: '/users/postings', summary: "Every posting on a user's accounts, newest first, signed: the raw ledger transfers where they are debit or credit owner (support)", item: ledgerEntrySchema },
    records.assetLog,
  );

  apiRoute(app, {
    method: 'GET',
    url: '/totals',
    tag: 'ops',
    summary: "What users hold per asset and account purpose, every platform account, today's deposits, withdrawals, conversions and trades, fees per day (support)",
    auth: { operator: 'support' },
    query: noInput,
    reply: platformTotalsSchema,
    handler: () => records.platformTotals(app.deps.clock()),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/ledger/verify',
    tag: 'ops',
    summary: 'The outcome of the last verification of the ledger an operator ran, or null (support)',
    auth: { operator: 'support' },
    query: noInput,
    reply: lastVerificationSchema,
    handler: async () => {
      const [last] = (await ops.audit({ action: 'ledger.verify', page: 1, pageSize: 1 })).list;
      if (!last) return null;
      const details = last.details as { ok: boolean; accounts: number; transfers: number; problemCount: number; problems: Array<{ check: string; detail: string }> };
      return { ranAt: last.createdAt, operator: last.operator, ...details };
    },
  });

  apiRoute(app, {
    method: 'POST',
    url: '/ledger/verify',
    tag: 'ops',
    summary: "Verify the ledger now — npm run ledger:verify's checks: each asset sums to zero, every balance is its postings, no user account is negative, the holds match their records (admin, audited)",
    auth: { operator: 'admin' },
    body: noInput,
    reply: ledgerReportSchema,
    handler: ({ request }) => records.verifyLedger({ operatorId: operatorOf(request).operatorId, at: app.deps.clock() }),
  });
}
