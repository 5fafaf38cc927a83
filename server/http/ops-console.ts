/**
 * The operator console under /ops/ (docs/ops-console.md): its own build (OPS_PUBLIC_DIR), apart
 * from the PWA's, so the users' app neither loads nor precaches any of it; outside the PWA's
 * service worker scope (/h5/), so that worker never sees its requests. Its pages get a stricter
 * Content-Security-Policy than the PWA's (no inline script or style, images only from itself and
 * the blob: URLs of the proof and identity images it fetches with the session), and nothing of it
 * is kept by a cache. Any path that is not a file is one of its routes: ops.html.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { securityHeaders } from './security';

const NOT_BUILT = 'The operator console has not been built yet. Run `npm run build`, then restart the server.\n';
const PAGE = 'ops.html';

/** The console's headers, computed once like the PWA's. */
export const OPS_HEADERS = securityHeaders({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'blob:', 'data:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      workerSrc: ["'none'"],
      manifestSrc: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: 'no-referrer' },
});

export async function opsConsoleRoutes(app: FastifyInstance, opsDir: string): Promise<void> {
  app.get('/ops', async (_request, reply) => reply.redirect('/ops/'));
  const built = fs.existsSync(path.join(opsDir, PAGE));
  await app.register(
    async (ops) => {
      ops.addHook('onRequest', (_request, reply, done) => {
        reply.headers({ ...OPS_HEADERS, 'cache-control': 'no-store', 'x-robots-tag': 'noindex' });
        done();
      });
      if (!built) {
        ops.get('/*', async (_request, reply) => reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT));
        return;
      }
      await ops.register(fastifyStatic, {
        root: opsDir,
        prefix: '/',
        index: [PAGE],
        dotfiles: 'ignore',
        preCompressed: true,
        cacheControl: false,
        setHeaders: (res) => {
          res.setHeader('cache-control', 'no-store');
          res.setHeader('vary', 'Accept-Encoding');
        },
      });
      ops.setNotFoundHandler((request, reply) => {
        if (request.method !== 'GET' && request.method !== 'HEAD') return reply.code(404).send();
        if (path.extname(request.url.split('?')[0])) return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
        return reply.sendFile(PAGE);
      });
    },
    { prefix: '/ops' },
  );
}
