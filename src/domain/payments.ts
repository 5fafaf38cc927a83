/**
 * Input rules of the money calls, shared by the PWA forms and the server edge.
 * Amounts stay decimal strings here; the service turns them into minor units of the right asset
 * with `amountOf`, which refuses more decimals than the asset has.
 */
import { z } from 'zod';
import { AppError } from './errors';
import { USDT_NETWORKS, WITHDRAWAL_METHODS } from './ledger';
import { ASSETS, ASSET_CODES, exceedsMaximumAmount, MAX_AMOUNT_UNITS, maxAmountMinor, parseAmount, type Asset } from './money';
import { PAY_PASSWORD_LENGTH, DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from './constants';

const POSITIVE_DECIMAL = /^\d+(\.\d+)?$/;

/** The placeholders of amount.tooLarge. */
export const AMOUNT_MAX_PARAMS = { max: MAX_AMOUNT_UNITS.toString() };

/** A positive decimal string such as "12.5"; its asset decides how many decimals it may have. */
export const amountTextSchema = z
  .string({ error: 'amount.required' })
  .trim()
  .min(1, 'amount.required')
  .superRefine((value, ctx) => {
    if (value.length > 24 || !POSITIVE_DECIMAL.test(value) || !/[1-9]/.test(value)) {
      ctx.addIssue({ code: 'custom', message: 'amount.invalid', params: { decimals: 6 } });
    } else if (exceedsMaximumAmount(value)) {
      ctx.addIssue({ code: 'custom', message: 'amount.tooLarge', params: AMOUNT_MAX_PARAMS });
    }
  });

/**
 * Minor units of `asset`, or a refusal naming the field when the text has too many decimals or
 * is above the product maximum.
 */
export function amountOf(text: string, asset: Asset): bigint {
  if (exceedsMaximumAmount(text)) throw new AmountError(asset, 'amount.tooLarge');
  const minor = parseAmount(text, asset);
  if (minor === null || minor <= 0n) {
    throw new AmountError(asset);
  }
  if (minor > maxAmountMinor(asset)) throw new AmountError(asset, 'amount.tooLarge');
  return minor;
}

export class AmountError extends AppError {
  readonly field = 'amount';
  constructor(asset: Asset, key: 'amount.invalid' | 'amount.tooLarge' = 'amount.invalid') {
    super(key, 400, key === 'amount.tooLarge' ? AMOUNT_MAX_PARAMS : { decimals: ASSETS[asset].scale });
  }
}

/** Checking a payment password (not setting one): six digits. */
export const payPasswordCheckSchema = z
  .string({ error: 'password.required' })
  .regex(new RegExp(`^\\d{${PAY_PASSWORD_LENGTH}}$`), 'payPassword.length');

export const assetSchema = z.enum(ASSET_CODES as [Asset, ...Asset[]], { error: 'transfer.sameAsset' });
export const usdtNetworkSchema = z.enum(USDT_NETWORKS, { error: 'coin.networkInvalid' });

/** Paged lists (page 1, ten a page unless asked otherwise). */
export const pageQuerySchema = z.strictObject({
  page: z.coerce.number({ error: 'request.invalid' }).int('request.invalid').min(1, 'request.invalid').max(100_000, 'request.invalid').default(DEFAULT_PAGE),
  pageSize: z.coerce.number({ error: 'request.invalid' }).int('request.invalid').min(1, 'request.invalid').max(50, 'request.invalid').default(DEFAULT_PAGE_SIZE),
});

/** GET /wallet/movements: a page of the fund record, of one currency or of all. */
export const movementsQuerySchema = pageQuerySchema.extend({
  asset: z.enum(['USDT', 'EUR'], { error: 'request.invalid' }).optional(),
});

// ---- deposits -------------------------------------------------------------------------------

// Coin ids are a 32-bit serial column: a larger number names no coin (and PostgreSQL would refuse it).
const coinIdSchema = z.coerce.number({ error: 'coin.invalid' }).int('coin.invalid').positive('coin.invalid').max(2 ** 31 - 1, 'coin.invalid');

/** POST /wallet/get_in_address: where to pay for a coin (and network, for USDT). */
export const depositAddressSchema = z.strictObject({
  coinId: coinIdSchema,
  network: usdtNetworkSchema.optional(),
});

/** The text fields of the multipart POST /wallet/charge_req; the proof image is the `file` part. */
export const depositRequestSchema = z.strictObject({
  coinId: coinIdSchema,
  network: usdtNetworkSchema.optional(),
  amount: amountTextSchema,
});

// ---- withdrawals ----------------------------------------------------------------------------

/** Crypto addresses: letters and digits only (TRON base58 "T…", Ethereum "0x…"), checked per network. */
export function addressProblem(address: string, network: (typeof USDT_NETWORKS)[number]): 'address.required' | 'address.invalid' | null {
  if (address.length === 0) return 'address.required';
  if (network === 'TRC20') return /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address) ? null : 'address.invalid';
  return /^0x[0-9a-fA-F]{40}$/.test(address) ? null : 'address.invalid';
}

export const withdrawSchema = z.discriminatedUnion(
  'method',
  [
    z
      .strictObject({
        method: z.literal('crypto'),
        network: usdtNetworkSchema,
        address: z.string({ error: 'address.required' }).trim(),
        amount: amountTextSchema,
        payPassword: payPasswordCheckSchema,
      })
      .superRefine((value, ctx) => {
        const problem = addressProblem(value.address, value.network);
        if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['address'] });
      }),
    z.strictObject({
      method: z.literal('bank'),
      amount: amountTextSchema,
      payPassword: payPasswordCheckSchema,
    }),
  ],
  { error: 'request.invalid' },
);
export type WithdrawInput = z.output<typeof withdrawSchema>;
export const withdrawMethodSchema = z.enum(WITHDRAWAL_METHODS);

// ---- bank binding ---------------------------------------------------------------------------

/** ISO 13616: two letters, two check digits, up to 30 letters/digits; mod 97 of the rearranged number is 1. */
export function isValidIban(text: string): boolean {
  const iban = text.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = char >= 'A' ? (char.charCodeAt(0) - 55).toString() : char;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** ISO 9362: bank (4 letters), country (2 letters), location (2), optional branch (3). */
export function isValidSwift(text: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(text.replace(/\s+/g, '').toUpperCase());
}

const requiredText = (key: Parameters<typeof z.string>[0] & string, max: number) =>
  z.string({ error: key }).trim().min(1, key).max(max, key);

export const bankBindingSchema = z.strictObject({
  firstName: requiredText('bank.firstNameRequired', 60),
  lastName: requiredText('bank.lastNameRequired', 60),
  iban: z
    .string({ error: 'bank.ibanInvalid' })
    .refine(isValidIban, 'bank.ibanInvalid')
    .transform((value) => value.replace(/\s+/g, '').toUpperCase()),
  swift: z
    .string({ error: 'bank.swiftInvalid' })
    .refine(isValidSwift, 'bank.swiftInvalid')
    .transform((value) => value.replace(/\s+/g, '').toUpperCase()),
  bankName: requiredText('bank.nameRequired', 100),
  country: requiredText('bank.countryRequired', 60),
  address: requiredText('bank.addressRequired', 200),
  payPassword: payPasswordCheckSchema,
});
export type BankBindingInput = z.output<typeof bankBindingSchema>;

// ---- conversion (the "transfer" screen) -----------------------------------------------------

export const quoteRequestSchema = z
  .strictObject({ from: assetSchema, to: assetSchema, amount: amountTextSchema })
  .refine((value) => value.from !== value.to, { message: 'transfer.sameAsset', path: ['to'] });

export const transferSchema = z.strictObject({
  quoteId: z.uuid({ error: 'transfer.quoteExpired' }),
  payPassword: payPasswordCheckSchema,
});
