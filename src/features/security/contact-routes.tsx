/**
 * The security centre's screens of the account's contacts and devices (issue 37, points 1 and 7):
 * linking or changing the e-mail address or phone number (?which=email|phone, from the profile's
 * rows) and the signed-in devices with the sign-ins (from the security centre).
 */
import { msg } from '@lingui/core/macro';
import { createRoute } from '@tanstack/react-router';
import { membersRoute } from '../../app/layouts';
import { lazyScreen } from '../../app/lazyScreen';
import { memberScreen } from '../../app/screenRoute';
import { choiceSearch } from '../../app/search';

/** Which contact the screen links or changes (the e-mail address when absent). */
const CONTACTS = ['email', 'phone'] as const;

export const contactRoutes = [
  createRoute({
    getParentRoute: () => membersRoute,
    path: '/setting/security/contact',
    staticData: { title: msg`Phone and e-mail`, back: '/mine/profile' },
    validateSearch: choiceSearch('which', CONTACTS),
    component: lazyScreen(() => import('./ContactScreen')),
  }),
  memberScreen('/setting/security/devices', lazyScreen(() => import('./DevicesScreen')), { title: msg`Devices and sign-ins`, back: '/setting/security' }),
] as const;
