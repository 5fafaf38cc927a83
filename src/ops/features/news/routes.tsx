/** The news and one piece's page. */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { deskRoute } from '../../app/desk';

const newsRoute = createRoute({
  getParentRoute: () => deskRoute,
  path: '/news',
  staticData: { role: 'support' },
  validateSearch: z.object({
    status: z.enum(['all', 'draft', 'published', 'withdrawn']).catch('all').default('all'),
    page: z.coerce.number().int().positive().catch(1).default(1),
  }),
  component: lazyRouteComponent(() => import('./NewsPage'), 'NewsPage'),
});

const newsPieceRoute = createRoute({
  getParentRoute: () => deskRoute,
  path: '/news/$id',
  staticData: { role: 'support' },
  params: { parse: ({ id }) => ({ id: z.coerce.number().int().positive().parse(id) }), stringify: ({ id }) => ({ id: String(id) }) },
  component: lazyRouteComponent(() => import('./NewsPiecePage'), 'NewsPiecePage'),
});

export const newsRoutes = [newsRoute, newsPieceRoute] as const;
