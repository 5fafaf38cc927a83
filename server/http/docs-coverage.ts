/**
 * Every route under /api must be in the OpenAPI document with what it answers: a route without a
 * schema and a 200 response stops the start instead of silently missing from /api/docs.
 */
import type { FastifyInstance } from 'fastify';

export function enforceDocumentedRoutes(app: FastifyInstance): void {
  const undocumented: string[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (route.schema?.hide || !response?.[200]) {
      // HEAD routes are Fastify's automatic twins of GET routes.
      for (const method of methods) if (method !== 'HEAD') undocumented.push(`${method} ${route.url}`);
    }
  });
  app.addHook('onReady', async () => {
    if (undocumented.length) throw new Error(`Routes missing from the OpenAPI document: ${undocumented.join(', ')}`);
  });
}
