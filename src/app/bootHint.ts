/**
 * The few lines index.html runs inline before anything is painted (the Vite plugin in
 * vite.config.ts writes `(bootHint)(arguments)` into the page; the server allows exactly that
 * script by its hash in the Content-Security-Policy):
 *
 *  - the language the app will start in (the stored choice, else the browser's, else English: the
 *    same rule as initialLocale in src/domain/locales.ts, checked against it by a unit test) goes
 *    on <html lang dir>, so the static shell is laid out in the right direction from its first
 *    paint;
 *  - that language's catalogue and error texts are preloaded next to the app's own files, instead
 *    of after they have run;
 *  - the files of the screen at this address when it is one people land on (options.routes);
 *  - which shell fits the address: `data-shell="home"` (header and balance card), `"tabs"` (another
 *    tab screen: the tab bar only), `"auth"` (the log-in and sign-up header) or `"screen"`
 *    (everything else: the backdrop only).
 *
 * It must stay self-contained: it is serialised with Function.prototype.toString.
 */
export interface BootHintOptions {
  locales: readonly string[];
  rtl: readonly string[];
  /** Site base, e.g. "/h5/". */
  base: string;
  /** Per language, the built files to preload (relative to base). */
  preload: Record<string, readonly string[]>;
  /**
   * Screens people open by address (a bookmark, a reload, the login a guard sends them to): per
   * path, the built files of that screen, and per language its texts (`screens`), preloaded with the
   * app's own files instead of after them.
   */
  routes: Record<string, readonly string[]>;
  screens: Record<string, readonly string[]>;
  storageKey: string;
}

export function bootHint(options: BootHintOptions): string {
  const known = (tag: string | null | undefined) => (tag && options.locales.indexOf(tag) >= 0 ? tag : null);
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(options.storageKey);
  } catch {
    // storage blocked: the browser's language decides
  }
  let locale = known(stored);
  const browser = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
  for (let i = 0; !locale && i < browser.length; i++) {
    const tag = String(browser[i] || '').toLowerCase().replace('_', '-');
    const base = tag.split('-')[0];
    locale = known(tag) || known(base) || (base === 'iw' ? 'he' : null);
  }
  locale = locale || 'en';
  const root = document.documentElement;
  root.lang = locale;
  root.dir = options.rtl.indexOf(locale) >= 0 ? 'rtl' : 'ltr';
  const path = location.pathname.slice(options.base.length - 1).replace(/\/+$/, '') || '/home';
  const route = options.routes[path];
  const files = (options.preload[locale] || []).concat(route ? route.concat(options.screens[locale] || []) : []);
  for (let i = 0; i < files.length; i++) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.setAttribute('fetchpriority', 'low');
    link.href = options.base + files[i];
    document.head.appendChild(link);
  }
  const shell = path === '/home' ? 'home' : /^\/(market|order|mine)$/.test(path) ? 'tabs' : /^\/auth\//.test(path) ? 'auth' : 'screen';
  root.setAttribute('data-shell', shell);
  return locale;
}
