/** The desk's home: the platform's figures. */
import { createRoute } from '@tanstack/react-router';
import { deskRoute } from '../../app/desk';
import { DashboardPage } from './DashboardPage';

export const dashboardRoutes = [createRoute({ getParentRoute: () => deskRoute, path: '/', staticData: { role: 'support' }, component: DashboardPage })] as const;
