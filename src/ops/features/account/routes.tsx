/** The operator's own account. */
import { createRoute } from '@tanstack/react-router';
import { deskRoute } from '../../app/desk';
import { AccountPage } from './AccountPage';

export const accountRoutes = [createRoute({ getParentRoute: () => deskRoute, path: '/account', staticData: { role: 'support' }, component: AccountPage })] as const;
