import { getDefaultStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  activateLocale,
  currentLocale,
  errorMessage,
  i18n,
  loadScreenMessages,
  LOCALE_STORAGE_KEY,
  localeAtom,
  startLocale,
} from '../../../src/i18n';
import { errorText } from '../../../src/locales/errors';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('activateLocale', () => {
  it('switches the page to right-to-left for Arabic and back for German', async () => {
    await activateLocale('ar');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(i18n.locale).toBe('ar');
    expect(currentLocale()).toBe('ar');

    await activateLocale('de');
    expect(document.documentElement.lang).toBe('de');
    expect(document.documentElement.dir).toBe('ltr');
    expect(getDefaultStore().get(localeAtom)).toBe('de');
  });

  it('uses right-to-left for Hebrew too', async () => {
    await activateLocale('he');
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('loads every language catalogue', async () => {
    for (const locale of ['en', 'zh', 'de', 'es', 'it', 'pt', 'tzm', 'ar', 'nl', 'he'] as const) {
      await activateLocale(locale);
      expect(i18n.locale).toBe(locale);
    }
  });

  it('remembers the choice for the next start', async () => {
    await activateLocale('nl');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('nl');
    expect(startLocale()).toBe('nl');
  });

  it('refuses a language we do not have', async () => {
    await expect(activateLocale('fr' as never)).rejects.toThrow('Unsupported locale');
  });
});

describe('startLocale', () => {
  it('takes the browser language when nothing is stored, else English', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'pt-BR']);
    expect(startLocale()).toBe('pt');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR']);
    expect(startLocale()).toBe('en');
  });

  it('ignores a stored value that is not a supported language', () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'klingon');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['es-MX']);
    expect(startLocale()).toBe('es');
  });
});

it('errorMessage speaks the current language', async () => {
  await activateLocale('it');
  expect(errorMessage('password.tooShort', { min: 6 })).toBe(errorText('it', 'password.tooShort', { min: 6 }));
  expect(errorMessage('password.tooShort', { min: 6 })).toContain('6');
});

it("loads the other screens' texts with the first of them, and again in a language switched to later", async () => {
  await activateLocale('de');
  const shellOnly = Object.keys(i18n.messages).length;
  await loadScreenMessages();
  const withScreens = Object.keys(i18n.messages).length;
  expect(withScreens).toBeGreaterThan(shellOnly + 100);
  await activateLocale('ar');
  expect(i18n.locale).toBe('ar');
  expect(Object.keys(i18n.messages).length).toBe(withScreens);
});
