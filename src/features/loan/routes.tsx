/** Loans: the offer, the application, my loans, a loan, the terms. */
import { msg } from '@lingui/core/macro';
import { createRoute } from '@tanstack/react-router';
import { ensureAccountData } from '../../api/query';
import { membersRoute } from '../../app/layouts';
import { lazyScreen } from '../../app/lazyScreen';
import { memberScreen } from '../../app/screenRoute';
import { idSearch, listWithoutId, textSearch } from '../../app/search';
import { loanConfigQuery } from './api/queries';

// Offline or failing, the screen itself says so: the loader never stops it from opening.
const loadConfig = ({ queryClient }: { queryClient: Parameters<typeof ensureAccountData>[0] }) =>
  ensureAccountData(queryClient, loanConfigQuery).catch(() => undefined);

export const loanRoutes = [
  memberScreen('/loan', lazyScreen(() => import('./LoanScreen')), { title: msg`Platform loan`, back: '/mine', loader: loadConfig }),
  createRoute({
    getParentRoute: () => membersRoute,
    path: '/loan/apply-loan',
    staticData: { title: msg`Apply for a loan`, back: '/loan' },
    // The product's id.
    validateSearch: textSearch('product'),
    loader: ({ context }) => loadConfig(context),
    component: lazyScreen(() => import('./ApplyLoanScreen')),
  }),
  createRoute({
    getParentRoute: () => membersRoute,
    path: '/loan/my-loan',
    staticData: { title: msg`My loans`, back: '/loan' },
    // A status, or all when absent.
    validateSearch: textSearch('status'),
    component: lazyScreen(() => import('./MyLoansScreen')),
  }),
  createRoute({
    getParentRoute: () => membersRoute,
    path: '/loan/loan-detail',
    staticData: { title: msg`Loan details`, back: '/loan/my-loan' },
    // The loan's id; without one, my loans.
    validateSearch: idSearch,
    beforeLoad: listWithoutId('/loan/my-loan'),
    component: lazyScreen(() => import('./LoanDetailScreen')),
  }),
  memberScreen('/loan/components/article', lazyScreen(() => import('./LoanTermsScreen')), { title: msg`Loan terms`, back: '/loan', loader: loadConfig }),
] as const;
