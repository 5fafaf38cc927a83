import { msg } from '@lingui/core/macro';

import { ensureAccountData } from '../../api/query';
import { memberScreen } from '../../app/screenRoute';
import { lazyScreen } from '../../app/lazyScreen';
import { userLevelQuery } from './api/queries';

export const vipRoutes = [
  memberScreen('/level', lazyScreen(() => import('./LevelScreen')), {
    title: msg`VIP levels`,
    back: '/home',
    loader: ({ queryClient }) => ensureAccountData(queryClient, userLevelQuery),
  }),
] as const;
