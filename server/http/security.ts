/**
 * Security headers (@fastify/helmet). The Content-Security-Policy allows what the PWA needs and
 * nothing else: own scripts and workers, the built page's own inline script by its hash, inline styles (Konsta/Tailwind runtime styles), data:
 * and blob: images (avatars before upload, charts), and websocket connections to socket.io.
 * A reply to a request that carries a token is personal (balances, records, a refusal of that
 * session): `Cache-Control: no-store`, so no browser or proxy cache keeps it.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * `inlineScripts`: CSP sources ('sha256-…') of the inline scripts the built index.html carries
 * (its boot hint; see inlineScriptSources in ./pwa.ts). Nothing else inline may run.
 */
export async function registerSecurityHeaders(app: FastifyInstance, inlineScripts: readonly string[] = []): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScripts],
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
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.headers.authorization !== undefined && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
