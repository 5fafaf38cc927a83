/**
 * The router (TanStack Router, code-based, typed): base path /h5, one route per entry of the
 * screen table, the guard of SPEC §2 in the root's beforeLoad, old addresses redirected, and a
 * not-found screen for everything else.
 */
import { createRootRoute, createRoute, createRouter, lazyRouteComponent, redirect, type ParsedLocation } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import { currentToken } from '../storage/session';
import { ComingSoonScreen } from './ComingSoonScreen';
import { confirm } from './feedback/confirm';
import { cancelTarget, guardDecision, isTabPath, loginHref } from './guard';
import { splitHref } from './navigation';
import { NotFoundScreen } from './NotFoundScreen';
import { ALIASES, SCREENS } from './routes';
import { Shell } from './Shell';

/**
 * Asks a visitor to log in before a members-only screen. "Go to login" continues to the login
 * page with the way back; "Cancel" stays where they were, or goes home on a first visit.
 */
async function guard(location: ParsedLocation, preload: boolean): Promise<void> {
  if (guardDecision(location.pathname, currentToken() !== null) === 'allow') return;
  // Hover/intent preloads must neither ask nor redirect: nobody is going there yet.
  if (preload) throw new Error('members only');
  const goToLogin = await confirm({
    content: t`Please log in to continue.`,
    confirmText: t`Go to login`,
    cancelText: t`Cancel`,
  });
  const target = goToLogin ? loginHref(location.href) : cancelTarget(router.state.resolvedLocation?.href);
  const { to, search } = splitHref(target);
  throw redirect({ to, search, replace: !goToLogin });
}

const rootRoute = createRootRoute({
  component: Shell,
  notFoundComponent: NotFoundScreen,
  beforeLoad: ({ location, preload }) => guard(location, preload),
});

/** Screens of later issues share one "coming soon" component instead of thirty copies. */
function componentFor(screen: (typeof SCREENS)[number]) {
  if ('load' in screen) return lazyRouteComponent(screen.load);
  return () => <ComingSoonScreen path={screen.path} />;
}

/** The tab screens are rendered by the shell's KeptTabs, which keeps them alive. */
const keptByShell = () => null;

const screenRoutes = SCREENS.map((screen) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path: screen.path,
    component: isTabPath(screen.path) ? keptByShell : componentFor(screen),
  }),
);

const aliasRoutes = Object.entries(ALIASES).map(([from, to]) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path: from,
    beforeLoad: ({ search }) => {
      throw redirect({ to, search: search as Record<string, unknown>, replace: true });
    },
  }),
);

const routeTree = rootRoute.addChildren([...screenRoutes, ...aliasRoutes]);

export const router = createRouter({
  routeTree,
  basepath: '/h5',
  defaultPreload: false,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
