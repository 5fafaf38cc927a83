import { msg } from '@lingui/core/macro';

import { memberScreen } from '../../app/screenRoute';
import { lazyScreen } from '../../app/lazyScreen';

export const serviceRoutes = [
  memberScreen('/home/service', lazyScreen(() => import('./ServiceScreen')), { title: msg`Customer service` }),
] as const;
