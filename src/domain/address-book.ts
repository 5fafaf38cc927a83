/**
 * The withdrawal address book (docs/security.md, "Address book"), shared by the app and the
 * server: what an entry is (a crypto address on a network, or a bank account), its label, the
 * limits and the cooling-off, and the "only to my address book" lock.
 */
import { z } from 'zod';
import { addressEntryIdSchema, addressProblem, ibanSchema, payPasswordCheckSchema, requiredText, swiftSchema, usdtNetworkSchema } from './payments';
import type { UsdtNetwork } from './ledger';
import type { AddressLock } from './wire';
import { secondFactorSchema } from './validation';

/** Entries one account keeps: enough for every wallet and bank a person uses, not a list to hide one in. */
export const ADDRESS_BOOK_MAX = 50;
/** A new entry can be paid to only this long after it was added. */
export const ADDRESS_COOLING_OFF_HOURS = 24;
/** Turning the lock off takes effect this long after it was asked. */
export const ADDRESS_LOCK_OFF_HOURS = 24;
export const ADDRESS_LABEL_MAX_LENGTH = 40;
export const ACCOUNT_HOLDER_MAX_LENGTH = 100;

export const addressLabelSchema = z
  .string({ error: 'addressBook.labelInvalid' })
  .trim()
  .min(1, 'addressBook.labelInvalid')
  .max(ADDRESS_LABEL_MAX_LENGTH, 'addressBook.labelInvalid');

/**
 * An entry with `extra` fields: its destination checked as a withdrawal checks it (the address for
 * its network), a bank account as the bank binding does (IBAN by mod 97, BIC by ISO 9362).
 */
function entrySchema<E extends z.ZodRawShape>(extra: E, strict: boolean) {
  // The API refuses a field it does not know; a form's values may hold the other kind's fields, which are dropped.
  const object = (strict ? z.strictObject : z.object) as typeof z.strictObject;
  return z.discriminatedUnion(
    'kind',
    [
      object({
        kind: z.literal('crypto'),
        label: addressLabelSchema,
        network: usdtNetworkSchema,
        address: z.string({ error: 'address.required' }).trim(),
        ...extra,
      }).superRefine(
        (value, ctx) => {
          const { address, network } = value as { address: string; network: UsdtNetwork };
          const problem = addressProblem(address, network);
          if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['address'] });
        },
        { when: ({ value }) => isAddressInput(value) },
      ),
      object({
        kind: z.literal('bank'),
        label: addressLabelSchema,
        holder: requiredText('addressBook.holderRequired', ACCOUNT_HOLDER_MAX_LENGTH),
        iban: ibanSchema,
        bic: swiftSchema,
        ...extra,
      }),
    ],
    { error: 'request.invalid' },
  );
}

const isAddressInput = (value: unknown): boolean => {
  const { network, address } = (value ?? {}) as { network?: unknown; address?: unknown };
  return typeof address === 'string' && (network === 'TRC20' || network === 'ERC20');
};

/** The add form: the entry without the payment password (asked for in the sheet). */
export const addressEntryFormSchema = entrySchema({}, false);
export type AddressEntryInput = z.output<typeof addressEntryFormSchema>;

/** POST /wallet/address-book/add: the entry, the payment password and the second factor once the account has one. */
export const addressBookAddSchema = entrySchema({ payPassword: payPasswordCheckSchema, secondFactor: secondFactorSchema.optional() }, true);

/** POST /wallet/address-book/rename */
export const addressBookRenameSchema = z.strictObject({ id: addressEntryIdSchema, label: addressLabelSchema });
/** POST /wallet/address-book/remove */
export const addressBookRemoveSchema = z.strictObject({ id: addressEntryIdSchema });
/** POST /wallet/address-book/lock: on at once; off 24 hours after it was asked. The payment password and the second factor either way. */
export const addressBookLockSchema = z.strictObject({
  on: z.boolean({ error: 'request.invalid' }),
  payPassword: payPasswordCheckSchema,
  secondFactor: secondFactorSchema.optional(),
});

/** The lock's state at `now` from its two columns: on since `lockedAt`, until `unlockAt` when one was asked for. */
export function addressLockStateOf(lockedAt: Date | null, unlockAt: Date | null, now: Date): AddressLock {
  const on = lockedAt !== null && (unlockAt === null || unlockAt > now);
  return { on, offAt: on && unlockAt ? unlockAt.toISOString() : null };
}

/** Whole hours left until `until`, at least 1 while it is ahead. */
export function hoursUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 3_600_000));
}

/** How two entries of one book are told apart: one entry per destination (an Ethereum address in any case is the same). */
export function destinationKeyOf(entry: { kind: 'crypto'; network: UsdtNetwork; address: string } | { kind: 'bank'; iban: string }): string {
  if (entry.kind === 'bank') return `IBAN:${entry.iban}`;
  return `${entry.network}:${entry.network === 'ERC20' ? entry.address.toLowerCase() : entry.address}`;
}

/** The add form's fields a refusal of the server may name. */
export const ADDRESS_ENTRY_FIELDS = ['label', 'network', 'address', 'holder', 'iban', 'bic'] as const;
