/** The app's content pages. */
import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { deskRoute } from '../../app/desk';
import { ContentPage } from './ContentPage';

const contentRoute = createRoute({
  getParentRoute: () => deskRoute,
  path: '/content',
  staticData: { role: 'support' },
  validateSearch: z.object({ page: z.coerce.number().int().positive().optional().catch(undefined) }),
  component: ContentPage,
});

export const contentRoutes = [contentRoute] as const;
