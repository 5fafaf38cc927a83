/**
 * The built PWA under /h5/: files from PUBLIC_DIR, index.html for any other
 * /h5/ path (history routing), hashed assets cached for a year, index.html and sw.js revalidated
 * on every load so a new release reaches users; brotli or gzip copies made at build time are sent
 * to clients that accept them. "/" goes to the home screen.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const NOT_BUILT = 'The PWA has not been built yet. Run `npm run build`, then restart the server.\n';

function cacheControlFor(filePath: string, root: string): string {
  const relative = path.relative(root, filePath).split(path.sep).join('/');
  if (relative.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

/**
 * The Content-Security-Policy sources ('sha256-…') of the inline scripts of the built index.html
 * (the boot hint that sets the language and direction before the first paint), read from the file
 * the server will serve, so the policy always matches the build. None when the app is not built.
 */
export function inlineScriptSources(publicDir: string): string[] {
  let html: string;
  try {
    html = fs.readFileSync(path.join(publicDir, 'index.html'), 'utf8');
  } catch {
    return [];
  }
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `'sha256-${crypto.createHash('sha256').update(body, 'utf8').digest('base64')}'`,
  );
}

export async function pwaRoutes(app: FastifyInstance, publicDir: string): Promise<void> {
  app.get('/', async (_request, reply) => reply.redirect('/h5/home'));
  app.get('/h5', async (_request, reply) => reply.redirect('/h5/'));

  const built = fs.existsSync(path.join(publicDir, 'index.html'));
  await app.register(
    async (h5) => {
      if (!built) {
        h5.get('/*', async (_request, reply) => reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT));
        return;
      }
      await h5.register(fastifyStatic, {
        root: publicDir,
        prefix: '/',
        index: ['index.html'],
        dotfiles: 'ignore',
        // The .br and .gz copies made at build time (scripts/precompress.mjs), chosen by the
        // request's Accept-Encoding; the plain file when there is none or the client takes neither.
        preCompressed: true,
        cacheControl: false,
        setHeaders: (res, filePath) => {
          res.setHeader('cache-control', cacheControlFor(filePath, publicDir));
          // The same URL answers with other bytes per Accept-Encoding: a shared cache must keep them apart.
          res.setHeader('vary', 'Accept-Encoding');
        },
      });
      // Any path that is not a file is a route of the app: the app's router takes it from there.
      // A missing file, though, must stay a 404: a stale page must not load HTML as a script.
      h5.setNotFoundHandler((request, reply) => {
        if (request.method !== 'GET' && request.method !== 'HEAD') return reply.code(404).send();
        // App routes have no extension (and some begin with /assets/, such as /assets/assets-log).
        if (path.extname(request.url.split('?')[0])) {
          return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
        }
        reply.header('cache-control', 'no-cache');
        return reply.sendFile('index.html');
      });
    },
    { prefix: '/h5' },
  );
}
