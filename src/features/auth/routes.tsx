/** The auth pages: open to visitors, in the full-width auth layout. */
import { msg } from '@lingui/core/macro';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../app/layouts';
import { textSearch } from '../../app/search';

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/login',
  staticData: { title: msg`Log in`, auth: true },
  // Where to continue after login; the account a sign-up or a reset hands over.
  validateSearch: textSearch('redirect', 'account'),
  component: lazyRouteComponent(() => import('./LoginScreen')),
});

export const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/register',
  staticData: { title: msg`Create account`, auth: true },
  validateSearch: textSearch('invite'),
  component: lazyRouteComponent(() => import('./RegisterScreen')),
});

export const forgotRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/forgot',
  staticData: { title: msg`Reset password`, auth: true },
  component: lazyRouteComponent(() => import('./ForgotScreen')),
});

export const authRoutes = [loginRoute, registerRoute, forgotRoute] as const;
