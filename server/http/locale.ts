/**
 * The language of a request's messages (docs/api.md): the `lang` field (query for GET, body for
 * the others) when it names a supported locale, else Accept-Language, else en. `lang` is removed
 * before validation so the strict schemas, which refuse unknown fields, never see it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FALLBACK_LOCALE, isLocale, matchLocale, type Locale } from '../../src/domain/locales';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the preValidation hook; read it through localeOf(). */
    resolvedLocale: Locale | null;
  }
}

function takeLang(container: unknown): unknown {
  if (!container || typeof container !== 'object' || Array.isArray(container) || !('lang' in container)) return undefined;
  const record = container as Record<string, unknown>;
  const lang = record.lang;
  delete record.lang;
  return lang;
}

function fromHeaderOrFallback(request: FastifyRequest): Locale {
  return matchLocale(request.headers['accept-language']) ?? FALLBACK_LOCALE;
}

/** Also used by the error handler for requests that failed before validation. */
export function localeOf(request: FastifyRequest): Locale {
  if (request.resolvedLocale) return request.resolvedLocale;
  const lang = (request.query as Record<string, unknown> | undefined)?.lang;
  return isLocale(lang) ? lang : fromHeaderOrFallback(request);
}

export function registerLocale(app: FastifyInstance): void {
  app.decorateRequest('resolvedLocale', null);
  app.addHook('preValidation', async (request) => {
    const fromQuery = takeLang(request.query);
    const fromBody = takeLang(request.body);
    const lang = [fromBody, fromQuery].find(isLocale);
    request.resolvedLocale = lang ?? fromHeaderOrFallback(request);
  });
}
