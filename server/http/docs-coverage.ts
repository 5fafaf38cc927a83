/**
 * Every route under /api must be in the OpenAPI document. Routes are recorded as Fastify
 * registers them and compared with the declarations when the app is ready: an undocumented
 * route stops the start instead of silently missing from /api/docs.
 */
import type { FastifyInstance } from 'fastify';

export function enforceDocumentedRoutes(app: FastifyInstance): void {
  const registered: string[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // HEAD routes are Fastify's automatic twins of GET routes.
    for (const method of methods) if (method !== 'HEAD') registered.push(`${method} ${route.url}`);
  });
  app.addHook('onReady', async () => {
    const documented = new Set(app.apiRoutes.map((doc) => `${doc.method} ${doc.routeUrl ?? doc.path}`));
    const missing = registered.filter((route) => !documented.has(route));
    if (missing.length) throw new Error(`Routes missing from the OpenAPI document: ${missing.join(', ')}`);
  });
}
