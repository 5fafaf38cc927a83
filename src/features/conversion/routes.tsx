/** The EUR ⇄ USDT conversion, at two addresses (from the assets and from the personal centre). */
import { msg } from '@lingui/core/macro';

import { walletQuery } from '../../api/queries';
import { ensureAccountData } from '../../api/query';
import type { RouterContext } from '../../app/layouts';
import { lazyScreen } from '../../app/lazyScreen';
import { memberScreen } from '../../app/screenRoute';

const ConversionScreen = lazyScreen(() => import('./ConversionScreen'));
/** The amount is checked against the balance as it is typed. */
const loadBalances = ({ queryClient }: RouterContext) => ensureAccountData(queryClient, walletQuery);

export const conversionRoutes = [
  memberScreen('/transfer', ConversionScreen, { title: msg({ message: 'Convert', context: 'screen title' }), back: '/mine', loader: loadBalances }),
  memberScreen('/mine/components/transfer', ConversionScreen, { title: msg({ message: 'Convert', context: 'screen title' }), back: '/mine', loader: loadBalances }),
] as const;
