/**
 * The UI language: Lingui's i18n instance, the catalogues of the chosen language loaded on demand
 * (two chunks per language, below), the writing direction of the page, and the remembered choice.
 */
import { i18n, type Messages } from '@lingui/core';
import { atom, getDefaultStore } from 'jotai';
import type { ErrorKey, MessageParams } from '../domain/errors';
import { initialLocale, isLocale, isRtl, LOCALE_STORAGE_KEY, type Locale } from '../domain/locales';
import { errorText, loadErrorTexts } from './errors';

export { i18n };

export { LOCALE_STORAGE_KEY };

function storedLocale(): string | null {
  try {
    return globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY) ?? null;
  } catch {
    return null; // storage blocked (private mode, sandboxed frame): fall back to the browser
  }
}

/** The language to start with: the stored choice, else the browser's, else English. */
export function startLocale(): Locale {
  const browser = globalThis.navigator?.languages ?? [globalThis.navigator?.language].filter(Boolean);
  return initialLocale(storedLocale(), browser as readonly string[]);
}

/** The language the UI speaks; the API client sends it with every call. */
export const localeAtom = atom<Locale>(startLocale());

export function currentLocale(): Locale {
  return getDefaultStore().get(localeAtom);
}

/**
 * Two catalogues per language: `shell` (the first screen: the app's frame, home and the shared
 * parts, loaded before the first render) and `messages` (every other screen, loaded with the first
 * of them: loadScreenMessages). Both are compiled from their .po files by the Lingui Vite plugin.
 */
async function loadShellCatalogue(locale: Locale): Promise<Messages> {
  const { messages } = (await import(`../locales/${locale}/shell.po`)) as { messages: Messages };
  return messages;
}

async function loadScreensCatalogue(locale: Locale): Promise<Messages> {
  const { messages } = (await import(`../locales/${locale}/messages.po`)) as { messages: Messages };
  return messages;
}

/** Set once a screen past the first one has asked for its texts: a language switch then loads them too. */
let screensWanted = false;

/** The texts of the screens after the first one, in the current language (a route awaits it with its screen's code). */
export async function loadScreenMessages(): Promise<void> {
  screensWanted = true;
  const locale = currentLocale();
  const messages = await loadScreensCatalogue(locale);
  i18n.load(locale, messages);
}

/** Loads the language's catalogue, switches the UI to it, mirrors it on <html> and remembers it. */
export async function activateLocale(locale: Locale): Promise<void> {
  if (!isLocale(locale)) throw new Error(`Unsupported locale: ${String(locale)}`);
  const [shell, screens] = await Promise.all([
    loadShellCatalogue(locale),
    screensWanted ? loadScreensCatalogue(locale) : Promise.resolve({}),
    loadErrorTexts(locale),
  ]);
  i18n.load(locale, { ...screens, ...shell });
  i18n.activate(locale);
  const root = globalThis.document?.documentElement;
  if (root) {
    root.lang = locale;
    root.dir = isRtl(locale) ? 'rtl' : 'ltr';
  }
  try {
    globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Not remembered across reloads; the current session still uses it.
  }
  getDefaultStore().set(localeAtom, locale);
}

/** A catalogue text (form validation, client-side errors) in the current language. */
export function errorMessage(key: ErrorKey, params?: MessageParams): string {
  return errorText(currentLocale(), key, params);
}
