/**
 * The UI language: Lingui's i18n instance, the catalogue of the chosen language loaded on demand
 * (one chunk per language, compiled from src/locales/<locale>/messages.po by the Lingui Vite
 * plugin), the writing direction of the page, and the remembered choice.
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

async function loadCatalogue(locale: Locale): Promise<Messages> {
  const { messages } = (await import(`../locales/${locale}/messages.po`)) as { messages: Messages };
  return messages;
}

/** Loads the language's catalogue, switches the UI to it, mirrors it on <html> and remembers it. */
export async function activateLocale(locale: Locale): Promise<void> {
  if (!isLocale(locale)) throw new Error(`Unsupported locale: ${String(locale)}`);
  const [messages] = await Promise.all([loadCatalogue(locale), loadErrorTexts(locale)]);
  i18n.load(locale, messages);
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
