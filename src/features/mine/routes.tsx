/** The personal centre (a tab) and the profile. */
import { msg } from '@lingui/core/macro';

import { memberScreen } from '../../app/screenRoute';
import { lazyScreen } from '../../app/lazyScreen';

export const mineRoutes = [
  memberScreen('/mine', lazyScreen(() => import('./MineScreen')), { title: msg`Me`, tab: true }),
  memberScreen('/mine/profile', lazyScreen(() => import('./ProfileScreen')), { title: msg`Personal info`, back: '/mine' }),
] as const;
