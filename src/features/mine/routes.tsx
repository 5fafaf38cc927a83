/** The personal centre (a tab) and the profile. */
import { msg } from '@lingui/core/macro';
import { lazyRouteComponent } from '@tanstack/react-router';
import { memberScreen } from '../../app/screenRoute';

export const mineRoutes = [
  memberScreen('/mine', lazyRouteComponent(() => import('./MineScreen')), { title: msg`Me`, tab: true }),
  memberScreen('/mine/profile', lazyRouteComponent(() => import('./ProfileScreen')), { title: msg`Personal info`, back: '/mine' }),
] as const;
