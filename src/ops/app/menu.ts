/** The console's menu: each entry with the least role that may use it (support < finance < admin). */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { OperatorRole } from '../../domain/operators';

export interface MenuEntry {
  to: string;
  label: MessageDescriptor;
  role: OperatorRole;
  /** The live queue whose waiting count the entry shows. */
  queue?: string;
  search?: Record<string, unknown>;
}

export const MENU: readonly MenuEntry[] = [
  { to: '/', label: msg`Dashboard`, role: 'support' },
  { to: '/deposits', label: msg`Deposits`, role: 'support', queue: 'deposits', search: { status: 'processing', page: 1 } },
  { to: '/withdrawals', label: msg`Withdrawals`, role: 'support', queue: 'withdrawals', search: { status: 'processing', page: 1 } },
  { to: '/merchants', label: msg`Merchant applications`, role: 'support', queue: 'merchants', search: { status: 'pending', page: 1 } },
  { to: '/loans', label: msg`Loans`, role: 'support', queue: 'loans', search: { status: 'pending', page: 1 } },
  { to: '/repayments', label: msg`Loan repayments`, role: 'support', queue: 'repayments', search: { page: 1 } },
  { to: '/users', label: msg`Users`, role: 'support', search: { q: '', page: 1 } },
  { to: '/corrections', label: msg`Corrections`, role: 'support', queue: 'adjustments', search: { status: 'pending', page: 1 } },
  { to: '/news', label: msg`News`, role: 'support', search: { status: 'all', page: 1 } },
  { to: '/content', label: msg`Content pages`, role: 'support', search: {} },
  { to: '/audit', label: msg`Audit log`, role: 'support', search: { page: 1 } },
  { to: '/settings', label: msg`Settings`, role: 'support' },
  { to: '/vip', label: msg`VIP levels`, role: 'support' },
  { to: '/coins', label: msg`Coins`, role: 'support' },
  { to: '/pledge-products', label: msg`Pledge products`, role: 'finance' },
  { to: '/operators', label: msg`Operators`, role: 'admin' },
  { to: '/account', label: msg`My account`, role: 'support' },
];
