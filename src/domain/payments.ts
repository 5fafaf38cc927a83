/**
 * Input rules of the money calls, shared by the PWA forms and the server edge.
 * Amounts stay decimal strings here; the service turns them into minor units of the right asset
 * with `amountOf`, which refuses more decimals than the asset has.
 */
import { z } from 'zod';
import { AppError, type ErrorKey, type MessageParams } from './errors';
import { imageFile } from './images';
import { DEPOSIT_PROOF_MAX_BYTES, DEPOSIT_PROOF_TYPES, USDT_NETWORKS, type UsdtNetwork } from './ledger';
import { ASSETS, ASSET_CODES, exceedsMaximumAmount, MAX_AMOUNT_UNITS, maxAmountMinor, parseAmount, type Asset } from './money';
import { PAY_PASSWORD_LENGTH, DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from './constants';
import { secondFactorSchema } from './validation';
import { isEthereumAddress, isTronAddress } from './crypto-addresses';

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

// ---- amounts in forms -----------------------------------------------------------------------

/*
 * The amount a form sends, by its asset's rules (a positive decimal, no more decimals than the
 * asset has, at most the product maximum) and then by the limits of the screen it is on (a
 * product's minimum, the balance, a range), each limit with its own catalogue key: the same
 * checks, in the same order and with the same words, as the server's refusals (docs/api.md
 * "Rules behind the money calls"). Limits are bigint minor units.
 *
 *   z.object({ amount: assetAmount('USDT', atLeast(min, 'pledge.belowMinimum', params), atMost(available, 'balance.insufficient')) })
 */
export interface Problem {
  key: ErrorKey;
  params?: MessageParams;
}

/** One limit on an amount in minor units: the problem when it is broken, or null. */
export type AmountRule = (minor: bigint) => Problem | null;

/** "10.500000" → "10.5", "100.00" → "100": how amounts are named in the catalogue's texts. */
export function plainDecimal(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** Required, a positive decimal, no more decimals than the asset has, at most the product maximum. */
export function amountProblem(text: string, asset: Asset): Problem | null {
  const parsed = amountTextSchema.safeParse(text);
  if (!parsed.success) {
    const key = parsed.error.issues[0]?.message;
    if (key === 'amount.required') return { key };
    if (key === 'amount.tooLarge') return { key, params: AMOUNT_MAX_PARAMS };
    return { key: 'amount.invalid', params: { decimals: ASSETS[asset].scale } };
  }
  const minor = parseAmount(parsed.data, asset);
  if (minor === null || minor <= 0n) return { key: 'amount.invalid', params: { decimals: ASSETS[asset].scale } };
  return null;
}

/** The first problem of `text` as an amount of `asset`: its own rules, then `rules` in order. */
export function amountWithin(text: string, asset: Asset, rules: readonly AmountRule[]): Problem | null {
  const basic = amountProblem(text, asset);
  if (basic) return basic;
  const minor = parseAmount(text.trim(), asset)!;
  for (const rule of rules) {
    const problem = rule(minor);
    if (problem) return problem;
  }
  return null;
}

/** A form's amount field of `asset` under `rules`; the value sent is the trimmed text. */
export function assetAmount(asset: Asset, ...rules: AmountRule[]) {
  return z
    .string({ error: 'amount.required' })
    .superRefine((text, ctx) => {
      const problem = amountWithin(text, asset, rules);
      if (problem) ctx.addIssue({ code: 'custom', message: problem.key, params: problem.params });
    })
    .transform((text) => text.trim());
}

/** At least `min`. */
export const atLeast =
  (min: bigint, key: ErrorKey, params?: MessageParams): AmountRule =>
  (minor) =>
    minor < min ? { key, params } : null;

/** At most `max` (a balance, a range's top). */
export const atMost =
  (max: bigint, key: ErrorKey, params?: MessageParams): AmountRule =>
  (minor) =>
    minor > max ? { key, params } : null;

/** More than `floor` (a fee). */
export const above =
  (floor: bigint, key: ErrorKey, params?: MessageParams): AmountRule =>
  (minor) =>
    minor <= floor ? { key, params } : null;

/** Between `min` and `max`, both included, with one message for either side. */
export const between =
  (min: bigint, max: bigint, key: ErrorKey, params?: MessageParams): AmountRule =>
  (minor) =>
    minor < min || minor > max ? { key, params } : null;

/** A decimal string of `asset` (a balance, a limit from the server) in minor units; 0 when it is not one. */
export const minorOf = (text: string, asset: Asset): bigint => parseAmount(text, asset) ?? 0n;

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

/** The deposit form: the amount in the asset's decimals and the proof image (sent as the `file` part). */
export function depositFormSchema(asset: Asset) {
  return z.object({
    amount: assetAmount(asset),
    proof: imageFile(DEPOSIT_PROOF_TYPES, DEPOSIT_PROOF_MAX_BYTES, 'deposit.proofRequired'),
  });
}

// ---- withdrawals ----------------------------------------------------------------------------

/** Crypto addresses, checked per network with their checksums (TRON Base58Check "T…", Ethereum "0x…" with EIP-55): crypto-addresses.ts. */
export function addressProblem(address: string, network: UsdtNetwork): 'address.required' | 'address.invalid' | null {
  if (address.length === 0) return 'address.required';
  return (network === 'TRC20' ? isTronAddress(address) : isEthereumAddress(address)) ? null : 'address.invalid';
}

const BTC_ADDRESS = /^(bc1[02-9ac-hj-np-z]{11,71}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/;

/**
 * Is `address` a deposit address for the coin `code` (users send real money to it)? For USDT the
 * `address` field is the TRC20 one and `addressErc` the ERC20 one; ETH takes an ERC20 address,
 * BTC a legacy or bech32 one, any other coin printable ASCII.
 */
export function depositAddressOk(code: string, field: 'address' | 'addressErc', address: string): boolean {
  if (code === 'USDT') return addressProblem(address, field === 'address' ? 'TRC20' : 'ERC20') === null;
  if (code === 'ETH') return addressProblem(address, 'ERC20') === null;
  if (code === 'BTC') return BTC_ADDRESS.test(address);
  return /^[\x21-\x7e]+$/.test(address);
}

/** One of the user's address-book entries, by its id in their book (docs/security.md, "Address book"). */
export const addressEntryIdSchema = z
  .number({ error: 'request.invalid' })
  .int('request.invalid')
  .positive('request.invalid')
  .max(Number.MAX_SAFE_INTEGER, 'request.invalid');

/**
 * A withdrawal's destination with `amount` and `extra` fields. crypto: a network and an address
 * typed (the specification's request), or `entryId`, a usable entry of the address book (the
 * entry's network and address), never both; bank: the bound account, or `entryId`, a bank
 * account of the book.
 */
function withdrawalSchema<A extends z.ZodType, E extends z.ZodRawShape>(amount: A, extra: E) {
  return z.discriminatedUnion(
    'method',
    [
      z
        .strictObject({
          method: z.literal('crypto'),
          network: usdtNetworkSchema.optional(),
          address: z.string({ error: 'address.required' }).trim().optional(),
          entryId: addressEntryIdSchema.optional(),
          amount,
          ...extra,
        })
        .superRefine(
          (value, ctx) => {
            const { address, network, entryId } = value as { address?: string; network?: UsdtNetwork; entryId?: number };
            if (entryId !== undefined) {
              // An entry names its own network and address: a request naming both is not one request.
              if (address !== undefined || network !== undefined) ctx.addIssue({ code: 'custom', message: 'request.invalid', path: ['entryId'] });
              return;
            }
            if (network === undefined) {
              ctx.addIssue({ code: 'custom', message: 'coin.networkInvalid', path: ['network'] });
              return;
            }
            const problem = addressProblem(address ?? '', network);
            if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['address'] });
          },
          // The destination is checked even when the amount is not right yet, so a form shows both.
          { when: ({ value }) => isDestinationInput(value) },
        ),
      z.strictObject({ method: z.literal('bank'), entryId: addressEntryIdSchema.optional(), amount, ...extra }),
    ],
    { error: 'request.invalid' },
  );
}

/** The destination's fields are each absent or of their type (the amount may still be wrong). */
const isDestinationInput = (value: unknown): boolean => {
  const { network, address, entryId } = (value ?? {}) as { network?: unknown; address?: unknown; entryId?: unknown };
  return (
    (address === undefined || typeof address === 'string') &&
    (network === undefined || (USDT_NETWORKS as readonly unknown[]).includes(network)) &&
    (entryId === undefined || (typeof entryId === 'number' && Number.isSafeInteger(entryId) && entryId > 0))
  );
};

export const withdrawSchema = withdrawalSchema(amountTextSchema, { payPassword: payPasswordCheckSchema, secondFactor: secondFactorSchema.optional() });

/** What a withdrawal method allows: its minimum, its fee and the balance (decimal strings of its asset). */
export interface WithdrawLimits {
  asset: Asset;
  minimum: string;
  fee: string;
  available: string;
}

/** The server's order: at least the minimum, more than the fee, within the available balance. */
export function withdrawRules(limits: WithdrawLimits): AmountRule[] {
  const { asset } = limits;
  return [
    atLeast(minorOf(limits.minimum, asset), 'withdraw.belowMinimum', { min: plainDecimal(limits.minimum), asset }),
    above(minorOf(limits.fee, asset), 'withdraw.notAboveFee', { fee: plainDecimal(limits.fee), asset }),
    atMost(minorOf(limits.available, asset), 'balance.insufficient'),
  ];
}

/** The first problem of a withdrawal amount, in the server's order. */
export const withdrawProblem = (text: string, limits: WithdrawLimits): Problem | null => amountWithin(text, limits.asset, withdrawRules(limits));

/** The withdrawal form: the destination and the amount by the method's limits; the payment password is asked for later, in the sheet. */
export const withdrawFormSchema = (limits: WithdrawLimits) => withdrawalSchema(assetAmount(limits.asset, ...withdrawRules(limits)), {});

export type WithdrawInput = z.output<typeof withdrawSchema>;

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

/** An IBAN as people type it (spaces, any case), kept as its compact upper-case form. */
export const ibanSchema = z
  .string({ error: 'bank.ibanInvalid' })
  .refine(isValidIban, 'bank.ibanInvalid')
  .transform((value) => value.replace(/\s+/g, '').toUpperCase());

/** A BIC (SWIFT code), likewise. */
export const swiftSchema = z
  .string({ error: 'bank.swiftInvalid' })
  .refine(isValidSwift, 'bank.swiftInvalid')
  .transform((value) => value.replace(/\s+/g, '').toUpperCase());

export const requiredText = (key: Parameters<typeof z.string>[0] & string, max: number) =>
  z.string({ error: key }).trim().min(1, key).max(max, key);

export const bankBindingSchema = z.strictObject({
  firstName: requiredText('bank.firstNameRequired', 60),
  lastName: requiredText('bank.lastNameRequired', 60),
  iban: ibanSchema,
  swift: swiftSchema,
  bankName: requiredText('bank.nameRequired', 100),
  country: requiredText('bank.countryRequired', 60),
  address: requiredText('bank.addressRequired', 200),
  payPassword: payPasswordCheckSchema,
  secondFactor: secondFactorSchema.optional(),
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
