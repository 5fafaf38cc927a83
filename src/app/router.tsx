/**
 * The router (TanStack Router, code-based, typed), base path /h5: the routes each feature owns
 * (src/features/<name>/routes.tsx) under the root (open to visitors) or under the members-only
 * layout (the login guard), old addresses redirected, and "not found" for everything else.
 */
import { createRoute, createRouter, redirect } from '@tanstack/react-router';
import { queryClient } from '../api/query';
import { assetsRoutes } from '../features/assets/routes';
import { authRoutes } from '../features/auth/routes';
import { bankRoutes } from '../features/bank/routes';
import { contentRoutes } from '../features/content/routes';
import { depositRoutes } from '../features/deposit/routes';
import { homeRoute } from '../features/home/routes';
import { liabilitiesRoute, myProofRoute } from '../features/liabilities/routes';
import { marketRoutes } from '../features/market/routes';
import { mineRoutes } from '../features/mine/routes';
import { newsRoutes } from '../features/news/routes';
import { serviceRoutes } from '../features/service/routes';
import { languageRoute, settingsRoutes } from '../features/settings/routes';
import { securityRoutes } from '../features/security/routes';
import { tradingRoutes } from '../features/trading/routes';
import { conversionRoutes } from '../features/conversion/routes';
import { loanRoutes } from '../features/loan/routes';
import { pledgeRoutes } from '../features/pledge/routes';
import { contactRoutes } from '../features/security/contact-routes';
import { vipRoutes } from '../features/vip/routes';
import { withdrawRoutes } from '../features/withdraw/routes';
import { membersRoute, rootRoute } from './layouts';

/** Old addresses kept working: where each one goes now. */
export const ALIASES = {
  '/': '/home',
  '/auth/login11': '/auth/login',
} as const;

const aliasRoutes = Object.entries(ALIASES).map(([from, to]) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path: from,
    beforeLoad: ({ search }) => {
      throw redirect({ to, search: search as Record<string, unknown>, replace: true });
    },
  }),
);

const routeTree = rootRoute.addChildren([
  homeRoute,
  ...authRoutes,
  languageRoute,
  ...newsRoutes,
  liabilitiesRoute,
  membersRoute.addChildren([
    ...mineRoutes,
    ...serviceRoutes,
    ...assetsRoutes,
    ...depositRoutes,
    ...withdrawRoutes,
    ...bankRoutes,
    ...conversionRoutes,
    ...tradingRoutes,
    ...marketRoutes,
    ...vipRoutes,
    ...pledgeRoutes,
    ...settingsRoutes,
    ...securityRoutes,
    ...contactRoutes,
    ...contentRoutes,
    ...loanRoutes,
    myProofRoute,
  ]),
  ...aliasRoutes,
]);

export const router = createRouter({
  routeTree,
  basepath: '/h5',
  context: { queryClient, shownHref: () => router.state.resolvedLocation?.href },
  defaultPreload: false,
  scrollRestoration: true,
  // An unknown address is the root's "page not found", also below a tab (/mine/whatever): in the
  // default fuzzy mode the tab route would take it, and a kept tab view has no outlet to show it in.
  notFoundMode: 'root',
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

/**
 * Resolves the first address's route (its matches, its screen's code, its loader) before the
 * first render, so React renders the screen once: left to the router's mount, the resolution would
 * re-render the whole app synchronously right after. Not on a members-only address for a visitor:
 * the guard asks in a dialog there, which needs the app on screen.
 */
export async function resolveFirstRoute(signedIn: boolean): Promise<void> {
  const guarded = router.matchRoutes(router.latestLocation).some((match) => match.routeId === membersRoute.id);
  if (guarded && !signedIn) return;
  await router.load().catch(() => undefined);
}
