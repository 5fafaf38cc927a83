/**
 * index.html's inline boot hint must start in the language the app will start in (initialLocale),
 * lay the shell out in its direction, preload that language's files and pick the shell for the
 * address: otherwise the shell would flip or the wrong catalogue would be fetched.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootHint, type BootHintOptions } from '../../../src/app/bootHint';
import { SIGNED_IN_HINT_KEY } from '../../../src/domain/constants';
import { initialLocale, isRtl, LOCALE_STORAGE_KEY, LOCALES, RTL_LOCALES } from '../../../src/domain/locales';

const options: BootHintOptions = {
  locales: LOCALES,
  rtl: RTL_LOCALES,
  base: '/h5/',
  preload: Object.fromEntries(LOCALES.map((locale) => [locale, [`assets/shell-${locale}.js`, `assets/errors-${locale}.js`]])),
  routes: { '/auth/login': ['assets/LoginScreen.js', 'assets/form.js'] },
  screens: Object.fromEntries(LOCALES.map((locale) => [locale, [`assets/messages-${locale}.js`]])),
  storageKey: LOCALE_STORAGE_KEY,
  signedInKey: SIGNED_IN_HINT_KEY,
  app: { script: 'assets/index.js', modules: ['assets/react.js'], style: 'assets/index.css' },
};

/** What the hint added to <head> (kept aside: the test's DOM would try to load the script). */
let added: Element[] = [];

/** Runs the hint and lets its timer add the app's files, as after the first paint. */
function run(stored: string | null, languages: string[], path = '/h5/home'): string {
  added = [];
  vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T) => {
    added.push(...(node instanceof DocumentFragment ? [...node.children] : [node as unknown as Element]));
    return node;
  });
  vi.useFakeTimers();
  if (stored === null) localStorage.removeItem(LOCALE_STORAGE_KEY);
  else localStorage.setItem(LOCALE_STORAGE_KEY, stored);
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  window.history.replaceState(null, '', path);
  try {
    return bootHint(options);
  } finally {
    document.dispatchEvent(new Event('DOMContentLoaded'));
    vi.advanceTimersByTime(1000);
    vi.useRealTimers();
  }
}

const paths = (selector: string) => added.filter((element) => element.matches(selector)).map((element) => new URL((element as HTMLLinkElement).href || (element as HTMLScriptElement).src).pathname);
const preloadedPaths = () => paths('link[rel="modulepreload"]');

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  document.documentElement.removeAttribute('data-visitor');
});

describe('the boot hint', () => {
  const cases: [string | null, string[]][] = [
    [null, ['ar-EG', 'en']],
    [null, ['he-IL']],
    [null, ['iw']],
    [null, ['fr-FR', 'de-AT']],
    [null, ['zh_CN']],
    [null, ['ZH-TW']],
    [null, ['fr', 'ja']],
    [null, []],
    ['ar', ['en-US']],
    ['tzm', ['ar']],
    ['klingon', ['he']],
    ['', ['pt-BR']],
    ['EN', ['nl-BE']],
  ];

  it.each(cases)('starts in the language initialLocale picks (stored %j, browser %j)', (stored, languages) => {
    const expected = initialLocale(stored, languages);
    expect(run(stored, languages)).toBe(expected);
    expect(document.documentElement.lang).toBe(expected);
    expect(document.documentElement.dir).toBe(isRtl(expected) ? 'rtl' : 'ltr');
    expect(preloadedPaths()).toEqual(['/h5/assets/react.js', ...options.preload[expected].map((file) => `/h5/${file}`)]);
  });

  it("preloads the screen at the address when people land on it, with the other screens' texts", () => {
    run('de', ['en'], '/h5/auth/login');
    expect(preloadedPaths()).toEqual(['/h5/assets/react.js', '/h5/assets/shell-de.js', '/h5/assets/errors-de.js', '/h5/assets/LoginScreen.js', '/h5/assets/form.js', '/h5/assets/messages-de.js']);
  });

  it.each([
    ['/h5/home', 'home'],
    ['/h5/', 'home'],
    ['/h5/home/', 'home'],
    ['/h5/mine', 'mine'],
    ['/h5/market', 'tabs'],
    ['/h5/order', 'tabs'],
    ['/h5/auth/login', 'auth'],
    ['/h5/auth/register', 'auth'],
    ['/h5/mine/profile', 'screen'],
    ['/h5/home/service', 'screen'],
  ])('picks the %s shell: %s', (path, shell) => {
    run('en', ['en'], path);
    expect(document.documentElement.dataset.shell).toBe(shell);
  });

  it("shows the visitor's balance card unless someone was signed in on this device at the last visit", () => {
    run('en', ['en']);
    expect(document.documentElement.hasAttribute('data-visitor')).toBe(true);
    document.documentElement.removeAttribute('data-visitor');
    localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    run('en', ['en']);
    expect(document.documentElement.hasAttribute('data-visitor')).toBe(false);
  });

  it("asks for the app's stylesheet and script once, after the shell's frame", () => {
    run('en', ['en']);
    expect(paths('link[rel="preload"][as="style"][data-app-css]')).toEqual(['/h5/assets/index.css']);
    expect(paths('script[type="module"]')).toEqual(['/h5/assets/index.js']);
  });
});
