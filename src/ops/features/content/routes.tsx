/** The app's content pages. */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { deskRoute } from '../../app/desk';

const contentRoute = createRoute({
  getParentRoute: () => deskRoute,
  path: '/content',
  staticData: { role: 'support' },
  validateSearch: z.object({ page: z.coerce.number().int().positive().optional().catch(undefined) }),
  component: lazyRouteComponent(() => import('./ContentPage'), 'ContentPage'),
});

export const contentRoutes = [contentRoute] as const;
