/** Settings: the language is open to visitors; the rest is the member's own. */
import { msg } from '@lingui/core/macro';
import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../../app/layouts';
import { lazyScreen } from '../../app/lazyScreen';
import { memberScreen } from '../../app/screenRoute';

export const languageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/setting/language',
  staticData: { title: msg`Language`, back: '/home' },
  component: lazyScreen(() => import('./LanguageScreen')),
});

export const settingsRoutes = [
  memberScreen('/setting', lazyScreen(() => import('./SettingsScreen')), { title: msg`Settings`, back: '/mine' }),
  memberScreen('/setting/pay-password', lazyScreen(() => import('./PayPasswordScreen')), { title: msg`Payment password`, back: '/setting' }),
] as const;
