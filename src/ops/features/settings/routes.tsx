/** The platform's configuration pages: each readable by support (pledge products by finance, as the server says); the forms show only for the role the server lets change it. */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { deskRoute } from '../../app/desk';

export const settingsRoutes = [
  createRoute({ getParentRoute: () => deskRoute, path: '/settings', staticData: { role: 'support' }, component: lazyRouteComponent(() => import('./SettingsPage'), 'SettingsPage') }),
  createRoute({ getParentRoute: () => deskRoute, path: '/vip', staticData: { role: 'support' }, component: lazyRouteComponent(() => import('./VipPage'), 'VipPage') }),
  createRoute({ getParentRoute: () => deskRoute, path: '/coins', staticData: { role: 'support' }, component: lazyRouteComponent(() => import('./CoinsPage'), 'CoinsPage') }),
  createRoute({ getParentRoute: () => deskRoute, path: '/pledge-products', staticData: { role: 'finance' }, component: lazyRouteComponent(() => import('./PledgeProductsPage'), 'PledgeProductsPage') }),
] as const;
