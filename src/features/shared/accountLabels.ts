/** The names of a user's ledger accounts (available, held, …) as the fund record and the proof of liabilities show them. */
import { useLingui } from '@lingui/react/macro';
import type { UserAccount } from '../../domain/wire';

export function useAccountLabels(): Record<UserAccount, string> {
  const { t } = useLingui();
  return {
    available: t`Available`,
    held: t`Held`,
    interest: t`Interest wallet`,
    trading: t`In trade`,
    pledged: t`Pledged`,
    collateral: t`Collateral`,
  };
}
