/** Renders app components as the app does: the query cache, English catalogue, Lingui, Konsta; optionally in a router. */
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { App } from 'konsta/react';
import type { ReactNode } from 'react';
import { queryClient } from '../../../src/api/query';
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

/** A screen that uses the router's hooks (search, navigate, Link), at `url`. */
export async function renderScreen(Screen: () => ReactNode, url = '/') {
  const rootRoute = createRootRoute({ component: Screen });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: [url] }) });
  await router.load();
  const view = await renderUi(<RouterProvider router={router} />);
  return { ...view, router };
}
