/**
 * The whole app: the query cache, Lingui, Konsta (Material theme, safe areas), the router and
 * the feedback hosts.
 * The hosts sit outside the router so the guard's dialog can show before any screen has loaded.
 */
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { KonstaProvider } from 'konsta/react';
import { queryClient } from '../api/query';
import { i18n } from '../i18n';
import { FeedbackHosts } from './feedback/FeedbackHosts';
import { router } from './router';

export function Root() {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        {/* Konsta's App (Material theme, safe areas) written out: see docs/architecture.md, "What the first screen runs". */}
        <KonstaProvider theme="material" dark>
          <div className="k-material k-app relative h-full min-h-screen w-full bg-backdrop safe-areas">
            <RouterProvider router={router} />
            <FeedbackHosts />
          </div>
        </KonstaProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}
