/**
 * The error and validation texts the PWA shows itself, in the current language. Only English is
 * part of the first chunk (the fallback); every other language's texts come in their own small
 * chunk, loaded with its catalogue by activateLocale. The server keeps all ten (src/locales/errors.ts).
 */
import type { ErrorCatalogue, ErrorKey, MessageParams } from '../domain/errors';
import { formatMessage } from '../domain/errors';
import type { Locale } from '../domain/locales';
import en from '../locales/en/errors';

const loaded: Partial<Record<Locale, ErrorCatalogue>> = { en };

/** Fetches the language's error texts once; later calls for it resolve at once. */
export async function loadErrorTexts(locale: Locale): Promise<void> {
  if (loaded[locale]) return;
  const module = (await import(`../locales/${locale}/errors.ts`)) as { default: ErrorCatalogue };
  loaded[locale] = module.default;
}

/** The text in `locale` when its texts are loaded, else in English. */
export function errorText(locale: Locale, key: ErrorKey, params?: MessageParams): string {
  return formatMessage(loaded[locale]?.[key] || en[key], params);
}
