/** Deposit (two addresses: from the personal centre and from the assets) and the records. */
import { msg } from '@lingui/core/macro';

import { coinListQuery } from '../../api/queries';
import { ensureData } from '../../api/query';
import type { RouterContext } from '../../app/layouts';
import { lazyScreen } from '../../app/lazyScreen';
import { memberScreen } from '../../app/screenRoute';

const DepositScreen = lazyScreen(() => import('./DepositScreen'));
/** The deposit options are the first thing the screen shows. */
const loadCoins = ({ queryClient }: RouterContext) => ensureData(queryClient, coinListQuery);

export const depositRoutes = [
  memberScreen('/recharge', DepositScreen, { title: msg({ message: 'Deposit', context: 'screen title' }), back: '/mine', loader: loadCoins }),
  memberScreen('/assets/components/recharge', DepositScreen, { title: msg({ message: 'Deposit', context: 'screen title' }), back: '/assets', loader: loadCoins }),
  memberScreen('/recharge/records', lazyScreen(() => import('./DepositRecordsScreen')), { title: msg`Deposit records`, back: '/recharge' }),
] as const;
