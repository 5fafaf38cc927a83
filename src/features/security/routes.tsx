/**
 * Account security: the security centre (/setting/security, from Settings), the authenticator app
 * and the passkeys. The contacts' and devices' screens are in contact-routes.tsx.
 */
import { msg } from '@lingui/core/macro';
import { ensureAccountData } from '../../api/query';
import { securityOverviewQuery } from '../../api/queries';
import type { RouterContext } from '../../app/layouts';
import { lazyScreen } from '../../app/lazyScreen';
import { memberScreen } from '../../app/screenRoute';

const loadOverview = ({ queryClient }: RouterContext) => ensureAccountData(queryClient, securityOverviewQuery);

export const securityRoutes = [
  memberScreen('/setting/security/passkeys', lazyScreen(() => import('./PasskeysScreen')), { title: msg`Passkeys`, back: '/setting/security' }),
  memberScreen('/setting/security', lazyScreen(() => import('./SecurityScreen')), { title: msg`Security centre`, back: '/setting', loader: loadOverview }),
  memberScreen('/setting/security/authenticator', lazyScreen(() => import('./AuthenticatorScreen')), {
    title: msg`Authenticator app`,
    back: '/setting/security',
    loader: loadOverview,
  }),
] as const;
