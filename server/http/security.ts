/**
 * Security headers (helmet). The Content-Security-Policy allows what the PWA needs and
 * nothing else: own scripts and workers, the built page's own inline script by its hash, inline
 * styles (Konsta/Tailwind runtime styles), data:
 * and blob: images (avatars before upload, charts), and websocket connections to socket.io.
 * A reply to a request that carries a token is personal (balances, records, a refusal of that
 * session): `Cache-Control: no-store`, so no browser or proxy cache keeps it.
 *
 * Everything of the operators (the console's pages under /ops/ and the API under /api/ops) is
 * `no-store` too, signed in or not.
 *
 * The headers are the same on every reply, so helmet computes them once, at start, and each
 * request only copies them (@fastify/helmet built a new helmet, parsing the whole policy again,
 * for every request).
 */
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      workerSrc: ["'self'", 'blob:'],
      manifestSrc: ["'self'"],
      mediaSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  // The app must load on plain http on a LAN address during demos, so no forced upgrade here;
  // HSTS belongs to the TLS-terminating proxy in production.
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
};

/** The operator console's pages and the operator API: never kept by a cache. */
export const isOperatorPath = (url: string) => /^\/(api\/)?ops(\/|\?|$)/.test(url);

/** The headers helmet sets with OPTIONS, read once from a response that only records them. */
export function securityHeaders(options: HelmetOptions = OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown = null;
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * `inlineScripts`: CSP sources ('sha256-…') of the inline scripts the built index.html carries
 * (its boot hint; see inlineScriptSources in ./pwa.ts). Nothing else inline may run.
 */
export async function registerSecurityHeaders(app: FastifyInstance, inlineScripts: readonly string[] = []): Promise<void> {
  const csp = OPTIONS.contentSecurityPolicy as { directives: Record<string, string[]> };
  const headers = securityHeaders({
    ...OPTIONS,
    contentSecurityPolicy: { ...csp, directives: { ...csp.directives, scriptSrc: ["'self'", ...inlineScripts] } },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if ((request.headers.authorization !== undefined || isOperatorPath(request.url)) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
