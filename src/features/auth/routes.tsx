/** The auth pages: open to visitors, in the full-width auth layout. */
import { msg } from '@lingui/core/macro';
import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../../app/layouts';
import { lazyScreen } from '../../app/lazyScreen';
import { textSearch } from '../../app/search';

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/login',
  staticData: { title: msg`Log in`, auth: true },
  // Where to continue after login; the account a sign-up or a reset hands over.
  validateSearch: textSearch('redirect', 'account'),
  component: lazyScreen(() => import('./LoginScreen')),
});

export const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/register',
  staticData: { title: msg`Create account`, auth: true },
  // An invitation code; where a visitor was going, handed on to the login after sign-up.
  validateSearch: textSearch('invite', 'redirect'),
  component: lazyScreen(() => import('./RegisterScreen')),
});

export const forgotRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/forgot',
  staticData: { title: msg`Reset password`, auth: true },
  component: lazyScreen(() => import('./ForgotScreen')),
});

export const authRoutes = [loginRoute, registerRoute, forgotRoute] as const;
