/** News (open to visitors, as the home's ticker that opens it): the list and one piece. */
import { msg } from '@lingui/core/macro';
import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../../app/layouts';
import { lazyScreen } from '../../app/lazyScreen';
import { idSearch, listWithoutId } from '../../app/search';

export const newsRoutes = [
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/news',
    staticData: { title: msg`News`, back: '/home' },
    component: lazyScreen(() => import('./NewsListScreen')),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/news/detail',
    staticData: { title: msg`News`, back: '/news' },
    // The piece's id.
    validateSearch: idSearch,
    beforeLoad: listWithoutId('/news'),
    component: lazyScreen(() => import('./NewsDetailScreen')),
  }),
] as const;
