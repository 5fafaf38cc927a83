/** Settings: the language is open to visitors; the rest is the member's own. */
import { msg } from '@lingui/core/macro';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { membersRoute, rootRoute } from '../../app/layouts';

export const languageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/setting/language',
  staticData: { title: msg`Language`, back: '/home' },
  component: lazyRouteComponent(() => import('./LanguageScreen')),
});

export const settingsRoutes = [
  createRoute({
    getParentRoute: () => membersRoute,
    path: '/setting',
    staticData: { title: msg`Settings`, back: '/mine' },
    component: lazyRouteComponent(() => import('./SettingsScreen')),
  }),
  createRoute({
    getParentRoute: () => membersRoute,
    path: '/setting/pay-password',
    staticData: { title: msg`Payment password`, back: '/setting' },
    component: lazyRouteComponent(() => import('./PayPasswordScreen')),
  }),
] as const;
