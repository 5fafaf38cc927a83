/** The error and validation texts of all ten languages, used by the server and the PWA. */
import type { ErrorCatalogue, ErrorKey, MessageParams } from '../domain/errors';
import { formatMessage } from '../domain/errors';
import { FALLBACK_LOCALE, type Locale } from '../domain/locales';
import ar from './ar/errors';
import de from './de/errors';
import en from './en/errors';
import es from './es/errors';
import he from './he/errors';
import it from './it/errors';
import nl from './nl/errors';
import pt from './pt/errors';
import tzm from './tzm/errors';
import zh from './zh/errors';

export const ERROR_CATALOGUES: Record<Locale, ErrorCatalogue> = { en, zh, de, es, it, pt, tzm, ar, nl, he };

export function errorText(locale: Locale, key: ErrorKey, params?: MessageParams): string {
  const template = ERROR_CATALOGUES[locale]?.[key] || ERROR_CATALOGUES[FALLBACK_LOCALE][key];
  return formatMessage(template, params);
}
