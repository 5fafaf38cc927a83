/**
 * The two parents every feature route hangs from: the root (the shell; visitors may open its
 * direct children) and the pathless members-only layout, whose beforeLoad is the login guard.
 * Features import these to declare their routes (src/features/<name>/routes.tsx); the router
 * (router.tsx) assembles the tree.
 */
import type { MessageDescriptor } from '@lingui/core';
import { t } from '@lingui/core/macro';
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { currentToken } from '../storage/session';
import { confirm } from '../ui/feedback/confirm';
import { asksBeforeLogin, cancelTarget, loginHref } from './guard';
import { splitHref } from '../ui/navigation';
import { Shell } from './Shell';

export interface RouterContext {
  queryClient: QueryClient;
  /** The address on screen now (where "Cancel" on the login question stays). */
  shownHref(): string | undefined;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page title: navbar and document title. */
    title?: MessageDescriptor;
    /** One of the four tab views the shell keeps alive (home, market, order, mine). */
    tab?: boolean;
    /** An auth page: full-width layout, no support button. */
    auth?: boolean;
    /** Where back goes when there is no in-app history (opened by link, reloaded). */
    back?: string;
  }
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Shell,
  // In its own chunk, like every screen the first one does not show.
  notFoundComponent: lazyRouteComponent(() => import('./NotFoundScreen'), 'NotFoundScreen'),
});

/**
 * Asks a visitor to log in before a members-only screen. "Go to login" continues to the login
 * page with the way back; "Cancel" stays where they were. A link opened from outside the app has
 * no screen behind the question: it goes to the login page with the way back at once.
 */
export const membersRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'members',
  beforeLoad: async ({ location, preload, context }) => {
    if (currentToken() !== null) return;
    // Hover/intent preloads must neither ask nor redirect: nobody is going there yet.
    if (preload) throw new Error('members only');
    const shown = context.shownHref();
    if (!asksBeforeLogin(shown)) {
      const { to, search } = splitHref(loginHref(location.href));
      throw redirect({ to, search, replace: true });
    }
    const goToLogin = await confirm({
      title: t`Log in required`,
      content: t`Please log in to continue.`,
      confirmText: t`Go to login`,
      cancelText: t`Cancel`,
    });
    const target = goToLogin ? loginHref(location.href) : cancelTarget(shown);
    const { to, search } = splitHref(target);
    throw redirect({ to, search, replace: !goToLogin });
  },
});
