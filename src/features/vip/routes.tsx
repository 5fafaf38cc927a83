import { msg } from '@lingui/core/macro';
import { lazyRouteComponent } from '@tanstack/react-router';
import { ensureAccountData } from '../../api/query';
import { memberScreen } from '../../app/screenRoute';
import { userLevelQuery } from './api/queries';

export const vipRoutes = [
  memberScreen('/level', lazyRouteComponent(() => import('./LevelScreen')), {
    title: msg`VIP levels`,
    back: '/home',
    loader: ({ queryClient }) => ensureAccountData(queryClient, userLevelQuery),
  }),
] as const;
