/** The operator accounts (admin). */
import { createRoute } from '@tanstack/react-router';
import { deskRoute } from '../../app/desk';
import { OperatorsPage } from './OperatorsPage';

export const operatorRoutes = [createRoute({ getParentRoute: () => deskRoute, path: '/operators', staticData: { role: 'admin' }, component: OperatorsPage })] as const;
