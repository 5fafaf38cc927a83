/** zod schemas of what the operator API answers (the `data` of its envelopes). */
import { z } from 'zod';
import { bankAccountSchema, coinKindSchema } from '../../../src/domain/wire-schemas';
import { OPERATOR_ROLES, OPS_QUEUES } from '../../../src/domain/operators';

const amount = z.string().describe('Decimal string, full precision of the asset');

const assetEnum = z.enum(['USDT', 'EUR']);

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
  status: z.enum(['pending', 'approved', 'refused']),
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

export const settingEntrySchema = z.object({ key: z.string(), value: z.string().nullable(), updatedAt: z.string().nullable() });

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

export const createdOperatorSchema = z.object({
  id: z.string(),
  username: z.string(),
  role: z.enum(OPERATOR_ROLES),
  totpSecret: z.string(),
  otpauthUrl: z.string(),
});

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

export const disabledOperatorSchema = z.object({ username: z.string(), disabled: z.literal(true) });
