/** The platform's configuration pages: each readable by support (pledge products by finance, as the server says); the forms show only for the role the server lets change it. */
import { createRoute } from '@tanstack/react-router';
import { deskRoute } from '../../app/desk';
import { CoinsPage } from './CoinsPage';
import { PledgeProductsPage } from './PledgeProductsPage';
import { SettingsPage } from './SettingsPage';
import { VipPage } from './VipPage';

export const settingsRoutes = [
  createRoute({ getParentRoute: () => deskRoute, path: '/settings', staticData: { role: 'support' }, component: SettingsPage }),
  createRoute({ getParentRoute: () => deskRoute, path: '/vip', staticData: { role: 'support' }, component: VipPage }),
  createRoute({ getParentRoute: () => deskRoute, path: '/coins', staticData: { role: 'support' }, component: CoinsPage }),
  createRoute({ getParentRoute: () => deskRoute, path: '/pledge-products', staticData: { role: 'finance' }, component: PledgeProductsPage }),
] as const;
