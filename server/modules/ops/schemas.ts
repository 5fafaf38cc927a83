/** Input rules of the /api/ops calls: strict objects, every refusal a catalogue key. */
import { z } from 'zod';
import { assetSchema, pageQuerySchema } from '../../../src/domain/payments';
import { OPERATOR_ROLES, operatorPasswordSchema } from '../../../src/domain/operators';
import { reasonSchema, recordIdSchema } from '../../http/operator-calls';
import { PROPOSAL_STATUSES } from './proposals';

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

export const settingChangeSchema = z.strictObject({
  key: z.string({ error: 'ops.settingInvalid' }).trim().min(1, 'ops.settingInvalid').max(64, 'ops.settingInvalid'),
  value: z.string({ error: 'ops.settingInvalid' }).trim().max(500, 'ops.settingInvalid'),
  reason: reasonSchema,
});

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

export const auditQuerySchema = z.strictObject({
  ...pageQuerySchema.shape,
  userId: z.uuid({ error: 'request.invalid' }).optional(),
  action: z.string({ error: 'request.invalid' }).trim().min(1, 'request.invalid').max(40, 'request.invalid').optional(),
});

export const operatorCreateSchema = z.strictObject({
  username: z
    .string({ error: 'username.required' })
    .trim()
    .min(1, 'username.required')
    .regex(/^[A-Za-z][A-Za-z0-9_.-]{2,31}$/, 'username.invalid'),
  password: operatorPasswordSchema,
  role: z.enum(OPERATOR_ROLES, { error: 'request.invalid' }),
});

export const operatorDisableSchema = z.strictObject({
  username: z.string({ error: 'username.required' }).trim().min(1, 'username.required').max(64, 'username.invalid'),
  reason: reasonSchema,
});
