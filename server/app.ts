/**
 * Builds the Fastify app from its plugins, without listening on a port, so tests drive it with
 * inject(). main.ts adds the port, socket.io and the signals.
 */
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { AVATAR_MAX_BYTES } from '../src/domain/constants';
import { enforceDocumentedRoutes } from './http/docs-coverage';
import { registerErrorHandler, sendRefusal } from './http/error-handler';
import { registerLocale } from './http/locale';
import { docsRoute } from './http/openapi';
import { pwaRoutes } from './http/pwa';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './http/rate-limits';
import { registerSecurityHeaders } from './http/security';
import { registerViewer } from './modules/auth/guard';
import { authRoutes } from './modules/auth/routes';
import { codeRoutes } from './modules/codes/routes';
import { healthRoutes } from './modules/health/routes';
import { startupRoutes } from './modules/startup/routes';
import { userRoutes } from './modules/user/routes';
import { walletRoutes } from './modules/wallet/routes';
import { moneyRoutes } from './modules/money';
import { createServices, type AppDeps, type Services } from './services';

/** JSON bodies of this API are small forms; anything bigger is a mistake or an attack. */
const JSON_BODY_LIMIT = 64 * 1024;

export interface AppOptions extends AppDeps {
  logger?: FastifyServerOptions['logger'];
  rateLimits?: RateLimits;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    deps: AppDeps;
  }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, logger, rateLimits = DEFAULT_RATE_LIMITS, ...rest } = options;
  const deps: AppDeps = { config, ...rest };
  const serverOptions: FastifyServerOptions = {
    logger: logger ?? { level: config.logLevel },
    // A hop count is supported by Fastify (proxy-addr) though its types omit numbers.
    trustProxy: config.trustProxy as FastifyServerOptions['trustProxy'],
    bodyLimit: JSON_BODY_LIMIT,
    // One line per request is noise at info level; debug and trace show them.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
  };
  const app = Fastify(serverOptions);
  const services = createServices(deps, app.log);
  app.decorate('deps', deps);
  app.decorate('services', services);
  app.decorate('apiRoutes', []);

  enforceDocumentedRoutes(app);
  registerErrorHandler(app);
  registerLocale(app);
  registerViewer(app);
  app.setNotFoundHandler((request, reply) => sendRefusal(request, reply, { status: 404, key: 'request.notFound' }));
  await registerSecurityHeaders(app);
  await app.register(rateLimit, { global: false });
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
  });

  await app.register(
    async (api) => {
      healthRoutes(api, deps.db);
      codeRoutes(api, services, rateLimits);
      authRoutes(api, services, rateLimits);
      await userRoutes(api, services);
      startupRoutes(api, deps.db);
      walletRoutes(api, deps.db, services);
      await moneyRoutes(api, { ...deps, services });
      docsRoute(api);
    },
    { prefix: '/api' },
  );
  await pwaRoutes(app, config.publicDir);
  return app;
}
