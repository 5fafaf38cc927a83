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
 *  - which shell fits the address: `data-shell="home"` (header and balance card), `"mine"` (Me's
 *    title, cards and menu, for someone signed in), `"tabs"` (another tab screen: the tab bar
 *    only), `"auth"` (the log-in and sign-up header) or `"screen"` (everything else: the backdrop);
 *  - `data-visitor` when nobody was signed in on this device at the last visit (the app keeps that
 *    hint in localStorage, src/storage/session.ts): the balance card shows the visitor's words
 *    instead of an empty card awaiting the balances;
 *  - the app itself (options.app: its stylesheet, its module script and the modules it imports,
 *    with the files above) is requested once the shell has been painted, not before: on a slow
 *    connection nothing competes with the page for the first paint.
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
  /** The localStorage key of the signed-in hint. */
  signedInKey: string;
  /** The app's built files (relative to base): the entry script, the modules it imports, its stylesheet. */
  app: { script: string; modules: readonly string[]; style: string };
}

export function bootHint(options: BootHintOptions): string {
  const known = (tag: string | null | undefined) => (tag && options.locales.indexOf(tag) >= 0 ? tag : null);
  let stored: string | null = null;
  let signedIn = false;
  try {
    stored = window.localStorage.getItem(options.storageKey);
    signedIn = window.localStorage.getItem(options.signedInKey) !== null;
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
  const files = options.app.modules.concat(options.preload[locale] || [], route ? route.concat(options.screens[locale] || []) : []);
  // The stylesheet (src/main.tsx applies it, data-app-css, before the app replaces the shell), the
  // entry script, then the modules it and the screen import.
  const tags: [string, Record<string, string>][] = [
    ['link', { rel: 'preload', as: 'style', crossorigin: '', href: options.base + options.app.style, 'data-app-css': '' }],
    ['script', { type: 'module', crossorigin: '', src: options.base + options.app.script }],
  ];
  for (let i = 0; i < files.length; i++) tags.push(['link', { rel: 'modulepreload', crossorigin: '', href: options.base + files[i] }]);
  // One request per task: starting one takes the main thread several milliseconds on a phone (up
  // to ten here at 1× when the browser is busy); two at once already made a long task.
  const insert = () => {
    const [tag, attributes] = tags.shift()!;
    const element = document.createElement(tag);
    for (const name in attributes) element.setAttribute(name, attributes[name]);
    document.head.appendChild(element);
    if (tags.length > 0) setTimeout(insert, 0);
  };
  // Once the page is parsed, after the next frame (the one that paints the shell); a page opened
  // in a background tab paints no frame until it is shown, so it starts at once there.
  document.addEventListener(
    'DOMContentLoaded',
    () => {
      if (document.visibilityState === 'hidden') insert();
      else requestAnimationFrame(() => setTimeout(insert, 0));
    },
    { once: true },
  );
  const shell = path === '/home' ? 'home' : path === '/mine' ? 'mine' : /^\/(market|order)$/.test(path) ? 'tabs' : /^\/auth\//.test(path) ? 'auth' : 'screen';
  root.setAttribute('data-shell', shell);
  if (!signedIn) root.setAttribute('data-visitor', '');
  return locale;
}
