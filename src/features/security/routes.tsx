/** Account security: the passkeys (the security centre at /setting/security links to them). */
import { msg } from '@lingui/core/macro';
import { lazyScreen } from '../../app/lazyScreen';
import { memberScreen } from '../../app/screenRoute';

export const securityRoutes = [
  memberScreen('/setting/security/passkeys', lazyScreen(() => import('./PasskeysScreen')), { title: msg`Passkeys`, back: '/setting/security' }),
] as const;
