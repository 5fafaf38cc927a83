import { msg } from '@lingui/core/macro';
import { createRoute } from '@tanstack/react-router';
import { bankBindingQuery } from './api/queries';
import { ensureAccountData } from '../../api/query';
import { membersRoute } from '../../app/layouts';
import { lazyScreen } from '../../app/lazyScreen';
import { textSearch } from '../../app/search';

export const bankRoutes = [
  createRoute({
    getParentRoute: () => membersRoute,
    path: '/mine/bind',
    staticData: { title: msg`Account binding`, back: '/mine' },
    // Where to continue once the account is saved (the bank withdrawal sends people here).
    validateSearch: textSearch('redirect'),
    loader: ({ context }) => ensureAccountData(context.queryClient, bankBindingQuery),
    component: lazyScreen(() => import('./BankBindScreen')),
  }),
] as const;
