import { msg } from '@lingui/core/macro';
import { lazyRouteComponent } from '@tanstack/react-router';
import { memberScreen } from '../../app/screenRoute';

export const serviceRoutes = [
  memberScreen('/home/service', lazyRouteComponent(() => import('./ServiceScreen')), { title: msg`Customer service` }),
] as const;
