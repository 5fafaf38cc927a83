/**
 * The console's routes under /ops/: the sign-in, and the desk (signed in only) with each feature's
 * pages (features/<area>/routes.tsx). Each page says the least role that may open it: the menu
 * shows only those, and a page opened by address with a lower role says so instead of showing what
 * the server would refuse anyway.
 */
import { createRoute, createRouter } from '@tanstack/react-router';
import { z } from 'zod';
import { accountRoutes } from '../features/account/routes';
import { auditRoutes } from '../features/audit/routes';
import { contentRoutes } from '../features/content/routes';
import { correctionRoutes } from '../features/corrections/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { depositRoutes } from '../features/deposits/routes';
import { loanRoutes } from '../features/loans/routes';
import { merchantRoutes } from '../features/merchants/routes';
import { newsRoutes } from '../features/news/routes';
import { operatorRoutes } from '../features/operators/routes';
import { settingsRoutes } from '../features/settings/routes';
import { userRoutes } from '../features/users/routes';
import { withdrawalRoutes } from '../features/withdrawals/routes';
import { deskRoute } from './desk';
import { LoginPage } from './LoginPage';
import { rootRoute } from './root';

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: z.object({ redirect: z.string().startsWith('/').optional().catch(undefined) }),
  component: LoginPage,
});

const routeTree = rootRoute.addChildren([
  loginRoute,
  deskRoute.addChildren([
    ...dashboardRoutes,
    ...depositRoutes,
    ...withdrawalRoutes,
    ...merchantRoutes,
    ...loanRoutes,
    ...userRoutes,
    ...correctionRoutes,
    ...newsRoutes,
    ...contentRoutes,
    ...auditRoutes,
    ...operatorRoutes,
    ...settingsRoutes,
    ...accountRoutes,
  ]),
]);

export const opsRouter = createRouter({ routeTree, basepath: '/ops', defaultPreload: 'intent', scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof opsRouter;
  }
}
