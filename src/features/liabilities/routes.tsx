/** Proof of liabilities: the public page (open to visitors) and the signed-in user's own proof. */
import { msg } from '@lingui/core/macro';
import { createRoute } from '@tanstack/react-router';
import { ensureData } from '../../api/query';
import { membersRoute, rootRoute } from '../../app/layouts';
import { lazyScreen } from '../../app/lazyScreen';
import { textSearch } from '../../app/search';
import { liabilitiesQuery } from './api/queries';

export const liabilitiesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/liabilities',
  staticData: { title: msg`Proof of liabilities`, back: '/mine' },
  loader: ({ context }) => ensureData(context.queryClient, liabilitiesQuery),
  component: lazyScreen(() => import('./LiabilitiesScreen')),
});

export const myProofRoute = createRoute({
  getParentRoute: () => membersRoute,
  path: '/liabilities/mine',
  staticData: { title: msg`My proof`, back: '/liabilities' },
  // A snapshot's number; none: the newest that holds the user.
  validateSearch: textSearch('snapshot'),
  component: lazyScreen(() => import('./MyProofScreen')),
});
