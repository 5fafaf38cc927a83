/**
 * Withdraw: the choice of method (two addresses), to an address, to the bank card, records. Each
 * form starts from the methods, minimums, fees and balances (loaded before the screen shows).
 */
import { msg } from '@lingui/core/macro';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { ensureAccountData } from '../../api/query';
import { membersRoute } from '../../app/layouts';
import { withdrawInfoQuery } from './api/queries';

const WithdrawScreen = lazyRouteComponent(() => import('./WithdrawScreen'));

export const withdrawRoutes = [
  createRoute({
    getParentRoute: () => membersRoute,
    path: '/withdraw',
    staticData: { title: msg`Withdraw`, back: '/mine' },
    loader: ({ context }) => ensureAccountData(context.queryClient, withdrawInfoQuery),
    component: WithdrawScreen,
  }),
  createRoute({
    getParentRoute: () => membersRoute,
    // The address keeps the spelling the app has always had.
    path: '/assets/components/withdarw',
    staticData: { title: msg`Withdraw`, back: '/assets' },
    loader: ({ context }) => ensureAccountData(context.queryClient, withdrawInfoQuery),
    component: WithdrawScreen,
  }),
  createRoute({
    getParentRoute: () => membersRoute,
    path: '/withdraw/index11',
    staticData: { title: msg`Withdraw to an address`, back: '/withdraw' },
    loader: ({ context }) => ensureAccountData(context.queryClient, withdrawInfoQuery),
    component: lazyRouteComponent(() => import('./CryptoWithdrawScreen')),
  }),
  createRoute({
    getParentRoute: () => membersRoute,
    path: '/withdraw/index22',
    staticData: { title: msg`Withdraw to a bank card`, back: '/withdraw' },
    loader: ({ context }) => ensureAccountData(context.queryClient, withdrawInfoQuery),
    component: lazyRouteComponent(() => import('./BankWithdrawScreen')),
  }),
  createRoute({
    getParentRoute: () => membersRoute,
    path: '/withdraw/records',
    staticData: { title: msg`Withdrawal records`, back: '/withdraw' },
    component: lazyRouteComponent(() => import('./WithdrawRecordsScreen')),
  }),
] as const;
