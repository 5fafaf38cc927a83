/**
 * The operator console (docs/ops-console.md): its own page (ops.html, under /ops/), router and
 * query client; the language first, then the first render. Nothing here is the users' PWA.
 */
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18n } from '../i18n';
import { opsQueryClient } from './api/query';
import { opsRouter } from './app/router';
import { activateOpsLocale, startOpsLocale } from './i18n';
import './ops.css';

// zod's parsers without `new Function`: the console's Content-Security-Policy refuses it (as the PWA's does).
const zodConfig = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
Object.assign((zodConfig.__zod_globalConfig ??= {}), { jitless: true });

async function boot(): Promise<void> {
  await activateOpsLocale(startOpsLocale());
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={opsQueryClient}>
          <RouterProvider router={opsRouter} />
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>,
  );
}

void boot();
