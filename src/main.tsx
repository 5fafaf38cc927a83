/**
 * Boot: the session and the language first (the guard and every text depend on them), then the
 * startup calls (api/startup.ts) in the background while the first screen renders.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { restoreQueryCache } from './api/query';
import { runStartup } from './api/startup';
import { registerClientHandlers } from './app/clientHandlers';
import { Root } from './app/Root';
import { registerServiceWorker } from './app/serviceWorker';
import { activateLocale, startLocale } from './i18n';
import { loadSession } from './storage/session';
import './styles.css';

async function boot(): Promise<void> {
  registerClientHandlers();
  await Promise.all([loadSession(), activateLocale(startLocale())]);
  // The offline copy is the signed-in user's: it can only be found once the session is known.
  await restoreQueryCache();
  void runStartup();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
  if (import.meta.env.PROD) registerServiceWorker();
}

void boot();
