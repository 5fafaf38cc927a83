/** My assets (two addresses: from home and from the personal centre) and the fund record. */
import { msg } from '@lingui/core/macro';

import { ensureAccountData } from '../../api/query';
import type { RouterContext } from '../../app/layouts';
import { lazyScreen } from '../../app/lazyScreen';
import { memberScreen } from '../../app/screenRoute';
import { totalsQuery } from './api/queries';

const AssetsScreen = lazyScreen(() => import('./AssetsScreen'));
const loadTotals = ({ queryClient }: RouterContext) => ensureAccountData(queryClient, totalsQuery);

export const assetsRoutes = [
  memberScreen('/assets', AssetsScreen, { title: msg`Assets`, back: '/home', loader: loadTotals }),
  memberScreen('/mine/my-assets', AssetsScreen, { title: msg`My assets`, back: '/mine', loader: loadTotals }),
  memberScreen('/assets/assets-log', lazyScreen(() => import('./AssetLogScreen')), { title: msg`Fund record`, back: '/mine' }),
] as const;
