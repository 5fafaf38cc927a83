/** Renders app components as the app does: the query cache, English catalogue, Lingui, Konsta; optionally in a router. */
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider, type AnyRoute } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { App } from 'konsta/react';
import type { ReactNode } from 'react';
import { queryClient } from '../../../src/api/query';
import { membersRoute } from '../../../src/app/layouts';
import { activateLocale, i18n } from '../../../src/i18n';

export async function renderUi(ui: ReactNode) {
  await activateLocale('en');
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <App theme="material" safeAreas={false}>
          {ui}
        </App>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

/**
 * A screen that uses the router's hooks (search, navigate, Link), at `url`. With `route` (one of
 * a feature's routes), the screen sits where that route does — its path, search validation,
 * static data, and under the members-only layout when the route is — so `useSearch({ from })`
 * finds it; the screen is given directly rather than loaded lazily.
 */
export async function renderScreen(Screen: () => ReactNode, url = '/', route?: AnyRoute) {
  const router = createRouter({ routeTree: treeFor(Screen, route), history: createMemoryHistory({ initialEntries: [url] }) });
  await router.load();
  const view = await renderUi(<RouterProvider router={router} />);
  return { ...view, router };
}

function treeFor(Screen: () => ReactNode, route: AnyRoute | undefined) {
  if (!route) return createRootRoute({ component: Screen });
  const root = createRootRoute({ component: Outlet });
  const members = route.options.getParentRoute?.() === membersRoute ? createRoute({ getParentRoute: () => root, id: 'members' }) : null;
  const parent = members ?? root;
  const screen = createRoute({
    getParentRoute: () => parent,
    path: (route.options as { path: string }).path,
    validateSearch: route.options.validateSearch,
    staticData: route.options.staticData,
    component: Screen,
  });
  return members ? root.addChildren([members.addChildren([screen])]) : root.addChildren([screen]);
}
