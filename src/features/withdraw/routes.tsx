/**
 * Withdraw: the choice of method (two addresses), to an address, to the bank account, records, and
 * the address book (saved destinations and its lock). Each
 * form starts from the methods, minimums, fees and balances (loaded before the screen shows).
 */
import { msg } from '@lingui/core/macro';

import { ensureAccountData } from '../../api/query';
import { securityOverviewQuery } from '../../api/queries';
import type { RouterContext } from '../../app/layouts';
import { lazyScreen } from '../../app/lazyScreen';
import { memberScreen } from '../../app/screenRoute';
import { addressBookQuery, withdrawInfoQuery } from './api/queries';

const WithdrawScreen = lazyScreen(() => import('./WithdrawScreen'));
/** The methods and limits, and whether withdrawals are paused (said before the form is filled in). */
const loadInfo = async ({ queryClient }: RouterContext) => {
  await Promise.all([ensureAccountData(queryClient, withdrawInfoQuery), ensureAccountData(queryClient, securityOverviewQuery)]);
};
/** A form also starts from the address book (its entries, and whether only they may be paid to). */
const loadInfoAndBook = async (context: RouterContext) => {
  await Promise.all([loadInfo(context), ensureAccountData(context.queryClient, addressBookQuery)]);
};

export const withdrawRoutes = [
  memberScreen('/withdraw', WithdrawScreen, { title: msg({ message: 'Withdraw', context: 'screen title' }), back: '/mine', loader: loadInfo }),
  // The address keeps the spelling the app has always had.
  memberScreen('/assets/components/withdarw', WithdrawScreen, { title: msg({ message: 'Withdraw', context: 'screen title' }), back: '/assets', loader: loadInfo }),
  memberScreen('/withdraw/index11', lazyScreen(() => import('./CryptoWithdrawScreen')), {
    title: msg`Withdraw to an address`,
    back: '/withdraw',
    loader: loadInfoAndBook,
  }),
  memberScreen('/withdraw/index22', lazyScreen(() => import('./BankWithdrawScreen')), {
    title: msg`Withdraw to a bank account`,
    back: '/withdraw',
    loader: loadInfoAndBook,
  }),
  memberScreen('/withdraw/address-book', lazyScreen(() => import('./AddressBookScreen')), { title: msg`Address book`, back: '/withdraw' }),
  memberScreen('/withdraw/address-book/add', lazyScreen(() => import('./AddAddressScreen')), { title: msg`Add an address`, back: '/withdraw/address-book' }),
  memberScreen('/withdraw/records', lazyScreen(() => import('./WithdrawRecordsScreen')), { title: msg`Withdrawal records`, back: '/withdraw' }),
] as const;
