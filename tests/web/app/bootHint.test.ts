/**
 * index.html's inline boot hint must start in the language the app will start in (initialLocale),
 * lay the shell out in its direction, preload that language's files and pick the shell for the
 * address: otherwise the shell would flip or the wrong catalogue would be fetched.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootHint, type BootHintOptions } from '../../../src/app/bootHint';
import { initialLocale, isRtl, LOCALE_STORAGE_KEY, LOCALES, RTL_LOCALES } from '../../../src/domain/locales';

const options: BootHintOptions = {
  locales: LOCALES,
  rtl: RTL_LOCALES,
  base: '/h5/',
  preload: Object.fromEntries(LOCALES.map((locale) => [locale, [`assets/shell-${locale}.js`, `assets/errors-${locale}.js`]])),
  routes: { '/auth/login': ['assets/LoginScreen.js', 'assets/form.js'] },
  screens: Object.fromEntries(LOCALES.map((locale) => [locale, [`assets/messages-${locale}.js`]])),
  storageKey: LOCALE_STORAGE_KEY,
};

function run(stored: string | null, languages: string[], path = '/h5/home'): string {
  document.head.querySelectorAll('link[rel="modulepreload"]').forEach((link) => link.remove());
  if (stored === null) localStorage.removeItem(LOCALE_STORAGE_KEY);
  else localStorage.setItem(LOCALE_STORAGE_KEY, stored);
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  window.history.replaceState(null, '', path);
  return bootHint(options);
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
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
    const preloaded = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => new URL(link.href).pathname);
    expect(preloaded).toEqual(options.preload[expected].map((file) => `/h5/${file}`));
  });

  it("preloads the screen at the address when people land on it, with the other screens' texts", () => {
    run('de', ['en'], '/h5/auth/login');
    const preloaded = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => new URL(link.href).pathname);
    expect(preloaded).toEqual(['/h5/assets/shell-de.js', '/h5/assets/errors-de.js', '/h5/assets/LoginScreen.js', '/h5/assets/form.js', '/h5/assets/messages-de.js']);
  });

  it.each([
    ['/h5/home', 'home'],
    ['/h5/', 'home'],
    ['/h5/home/', 'home'],
    ['/h5/mine', 'tabs'],
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
});
