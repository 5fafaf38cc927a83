/**
 * The console's routes under /ops/: the sign-in, and the desk (signed in only) with its pages.
 * Each page says the least role that may open it: the menu shows only those, and a page opened by
 * address with a lower role says so instead of showing what the server would refuse anyway.
 */
import { createRootRoute, createRoute, createRouter, Outlet, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import type { OperatorRole } from '../../domain/operators';
import { sessionQuery } from '../api/session';
import { opsQueryClient } from '../api/query';
import { AccountPage } from '../features/account/AccountPage';
import { DepositDetailPage } from '../features/deposits/DepositDetailPage';
import { DepositsPage } from '../features/deposits/DepositsPage';
import { LoginPage } from './LoginPage';
import { Shell } from './Shell';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The least operator role a console page is for. */
    role?: OperatorRole;
  }
}

const rootRoute = createRootRoute({ component: Outlet });

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: z.object({ redirect: z.string().startsWith('/').optional().catch(undefined) }),
  component: LoginPage,
});

export const deskRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'desk',
  beforeLoad: async ({ location }) => {
    const session = await opsQueryClient.ensureQueryData(sessionQuery);
    if (!session) throw redirect({ to: '/login', search: { redirect: location.href } });
    return { session };
  },
  component: Shell,
});

const homeRoute = createRoute({
  getParentRoute: () => deskRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/deposits', search: { status: 'processing', page: 1 } });
  },
});

export const depositsRoute = createRoute({
  getParentRoute: () => deskRoute,
  path: '/deposits',
  staticData: { role: 'support' },
  validateSearch: z.object({
    status: z.enum(['processing', 'success', 'failed', 'all']).catch('processing').default('processing'),
    page: z.coerce.number().int().positive().catch(1).default(1),
  }),
  component: DepositsPage,
});

export const depositDetailRoute = createRoute({
  getParentRoute: () => deskRoute,
  path: '/deposits/$id',
  staticData: { role: 'support' },
  params: { parse: ({ id }) => ({ id: z.coerce.number().int().positive().parse(id) }), stringify: ({ id }) => ({ id: String(id) }) },
  component: DepositDetailPage,
});

const accountRoute = createRoute({ getParentRoute: () => deskRoute, path: '/account', staticData: { role: 'support' }, component: AccountPage });

const routeTree = rootRoute.addChildren([loginRoute, deskRoute.addChildren([homeRoute, depositsRoute, depositDetailRoute, accountRoute])]);

export const opsRouter = createRouter({ routeTree, basepath: '/ops', defaultPreload: 'intent', scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof opsRouter;
  }
}
