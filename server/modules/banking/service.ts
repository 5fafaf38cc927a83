/**
 * The user's bank account for EUR withdrawals (docs/api.md, POST /user/cash_save): one per user; binding
 * again replaces it. A withdrawal copies the account into its record, so a later change does
 * not rewrite where earlier money went.
 */
import { eq } from 'drizzle-orm';
import type { BankBindingInput } from '../../../src/domain/payments';
import type { BankBinding } from '../../../src/domain/wire';
import type { Db, Tx } from '../../db/client';
import { bankBindings } from '../../db/schema';

type BindingRow = typeof bankBindings.$inferSelect;

function bindingOf(row: BindingRow): BankBinding {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    iban: row.iban,
    swift: row.swift,
    bankName: row.bankName,
    country: row.country,
    address: row.address,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The user's bound account, or null. */
export async function bankBindingOf(db: Db | Tx, userId: string): Promise<BankBinding | null> {
  const [row] = await db.select().from(bankBindings).where(eq(bankBindings.userId, userId)).limit(1);
  return row ? bindingOf(row) : null;
}

export type BankDetailsInput = Omit<BankBindingInput, 'payPassword'>;

/** Binds the account, replacing the one bound before. */
async function saveBankBinding(tx: Db | Tx, userId: string, input: BankDetailsInput, at: Date): Promise<BankBinding> {
  const values = {
    firstName: input.firstName,
    lastName: input.lastName,
    iban: input.iban,
    swift: input.swift,
    bankName: input.bankName,
    country: input.country,
    address: input.address,
    updatedAt: at,
  };
  const [row] = await tx
    .insert(bankBindings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: bankBindings.userId, set: values })
    .returning();
  return bindingOf(row);
}

/** How a withdrawal names the account it pays to: "<IBAN> (<first> <last>)". */
export function bankDestinationOf(binding: BankBinding): string {
  return `${binding.iban} (${binding.firstName} ${binding.lastName})`;
}

/** The bank binding's service, built once (app.services.banking). */
export function createBanking(db: Db) {
  return {
    /** POST /user/cash_info. */
    binding: (userId: string) => bankBindingOf(db, userId),
    /** POST /user/cash_save, inside the payment's transaction. */
    save: saveBankBinding,
  };
}
