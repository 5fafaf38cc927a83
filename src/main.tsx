/**
 * Boot: the session, the language and the app's stylesheet first (the guard, every text and the
 * layout depend on them), then the first render, which replaces index.html's static shell, then the
 * startup calls (api/startup.ts) and, once the page has loaded, the service worker.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { restoreQueryCache } from './api/query';
import { runStartup } from './api/startup';
import { registerClientHandlers } from './app/clientHandlers';
import { listenForInstall } from './ui/install';
import { Root } from './app/Root';
import { resolveFirstRoute } from './app/router';
import { activateLocale, startLocale } from './i18n';
import { currentToken, loadSession } from './storage/session';
import './styles.css';

/**
 * zod probes once whether it may compile parsers with `new Function`; the page's
 * Content-Security-Policy refuses that and the browser reports a violation each time. The app's
 * forms run zod's plain parsers instead. zod reads this shared object (whenever it loads: it is not
 * part of the first chunk).
 */
const zodConfig = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
Object.assign((zodConfig.__zod_globalConfig ??= {}), { jitless: true });

/**
 * The boot hint only preloads the app's stylesheet, after the shell has painted (src/app/bootHint.ts);
 * it is applied here, and the app renders once it is in. In development Vite injects
 * the styles itself and there is no such link.
 */
function applyStylesheet(): Promise<void> {
  const preload = document.querySelector<HTMLLinkElement>('link[data-app-css]');
  if (!preload) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.crossOrigin = '';
    link.href = preload.href;
    // A stylesheet that fails to load must not keep the app from starting.
    link.onload = link.onerror = () => resolve();
    document.head.appendChild(link);
  });
}

/** Runs `work` once the page has loaded (at once when it already has). */
function afterLoad(work: () => void): void {
  if (document.readyState === 'complete') work();
  else window.addEventListener('load', work, { once: true });
}

async function boot(): Promise<void> {
  registerClientHandlers();
  // Chromium says early whether the app can be installed: kept for the offer after a money action.
  listenForInstall();
  // The offline copy is the signed-in user's: it can only be found once the session is known.
  await Promise.all([loadSession().then(restoreQueryCache), activateLocale(startLocale()), applyStylesheet()]);
  await resolveFirstRoute(currentToken() !== null);
  // A transition: React renders the first screen in slices and keeps the shell on screen until
  // it commits, so the phone's main thread is never blocked for the whole render at once.
  startTransition(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <Root />
      </StrictMode>,
    );
  });
  // The startup calls, then the service worker (its precache downloads every screen), after the
  // first screen: neither may compete with it.
  requestAnimationFrame(() => setTimeout(() => void runStartup(), 0));
  if (import.meta.env.PROD) afterLoad(() => void import('./app/serviceWorker').then(({ registerServiceWorker }) => registerServiceWorker()));
}

void boot();
