/**
 * Builds the Fastify app from its plugins, without listening on a port, so tests drive it with
 * inject(). socket.io is attached here too; main.ts adds the port and the signals.
 */
import { AppError } from '../src/domain/errors';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { AVATAR_MAX_BYTES } from '../src/domain/constants';
import { registerAuth } from './http/auth';
import { enforceDocumentedRoutes } from './http/docs-coverage';
import { registerErrorHandler, sendRefusal } from './http/error-handler';
import { registerLoadShedding } from './http/load-shedding';
import { registerInputGuard } from './http/input-guard';
import { registerLocale } from './http/locale';
import { docsRoute, registerOpenApi } from './http/openapi';
import { opsConsoleRoutes } from './http/ops-console';
import { inlineScriptSources, pwaRoutes } from './http/pwa';
import { DEFAULT_RATE_LIMITS, registerRateLimits, type RateLimits } from './http/rate-limits';
import { registerSecurityHeaders } from './http/security';
import { registerUnreadBodyClose } from './http/uploads';
import { API_MODULES } from './modules';
import { createSessionCache } from './modules/auth';
import { registerQueueNotices } from './realtime/queues';
import { registerSessionSweeps } from './realtime/sessions';
import { registerRealtime } from './realtime/socket';
import { registerMetrics } from './metrics';
import { createCandleCache } from './modules/market';
import { operatorQueues } from './modules/ops';
import { createServices, type AppDeps } from './services';

/** JSON bodies of this API are small forms; anything bigger is a mistake or an attack. */
const JSON_BODY_LIMIT = 64 * 1024;
/**
 * Smaller replies (a page of records is about 2 KB) go as they are: they fit in the first round
 * trip of a connection compressed or not, and compressing each cost more server time than the
 * database read behind it (npm run bench -- api: about a third more asset-log pages per second).
 * Kept replies (http/kept-reply.ts) are compressed whatever their size: once, not per request.
 */
const COMPRESS_FROM_BYTES = 4096;

export interface AppOptions extends Omit<AppDeps, 'rateLimits'> {
  logger?: FastifyServerOptions['logger'];
  rateLimits?: RateLimits;
  /** Queries waiting for a database connection (Database.waiting): sheds load when too many. */
  dbWaiting?: () => number;
  /** The database pool's connections (Database.pool), for the metrics. */
  dbPool?: () => { total: number; idle: number; waiting: number };
  /**
   * Settles when the database is migrated and seeded (main.ts listens before that: the PWA's files
   * need no database). Until then API requests wait for it; only the liveness probe answers at once.
   */
  databaseReady?: Promise<unknown>;
}

/** The one API route that must answer while the database is still opening. */
const LIVENESS_PATH = '/api/health/live';

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, logger, rateLimits = DEFAULT_RATE_LIMITS, dbWaiting, dbPool, databaseReady, ...rest } = options;
  const deps: AppDeps = { config, rateLimits, ...rest };
  const serverOptions: FastifyServerOptions = {
    logger: logger ?? { level: config.logLevel },
    // A hop count is supported by Fastify (proxy-addr) though its types omit numbers.
    trustProxy: config.trustProxy as FastifyServerOptions['trustProxy'],
    bodyLimit: JSON_BODY_LIMIT,
    // A process that is closing answers new requests itself: 503 with Retry-After (below).
    return503OnClosing: false,
    // One line per request is noise at info level; debug and trace show them.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
    // The router's own refusals (a path segment that is no valid percent-encoding, one past the
    // parameter length) come before any hook: answered in our envelope and language too.
    frameworkErrors: (error, request, reply) =>
      sendRefusal(request, reply, error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? { status: 414, key: 'request.tooLarge' } : { status: 400, key: 'request.invalid' }),
  };
  const app = Fastify(serverOptions);
  app.decorate('deps', deps);
  if (databaseReady) {
    // First of all hooks: nothing behind it (sessions, rate limits by account) may read the database early.
    app.addHook('onRequest', async (request) => {
      if (request.url.startsWith('/api/') && !request.url.startsWith(LIVENESS_PATH)) await databaseReady;
    });
  }
  const sessionCache = await createSessionCache(deps.listen, (error) =>
    app.log.error({ err: error }, 'no LISTEN connection: every signed-in request reads its session from the database'),
  );
  app.addHook('onClose', () => sessionCache.close());
  const candleCache = await createCandleCache(deps.listen, (error) =>
    app.log.error({ err: error }, 'no LISTEN connection for candles: every history read goes to the database'),
  );
  app.addHook('onClose', () => candleCache.close());
  app.decorate('services', createServices(deps, app.log, sessionCache, candleCache));
  registerRealtime(app);
  app.services.metrics.attach({
    db: deps.db,
    now: () => deps.clock().getTime(),
    pool: () => dbPool?.() ?? null,
    queues: operatorQueues(app),
    sockets: () => app.realtime?.io.engine.clientsCount ?? 0,
    feedSource: () => config.market.feed,
  });
  registerMetrics(app, app.services.metrics, config.metricsToken);
  registerQueueNotices(app);
  await registerSessionSweeps(app);

  // Hooks that look at every route come before any route.
  enforceDocumentedRoutes(app);
  registerAuth(app);
  await registerOpenApi(app);
  registerErrorHandler(app);
  registerLocale(app);
  await registerLoadShedding(app, config.shed, dbWaiting, databaseReady);
  // Closing (server/lifecycle.ts): a request on a connection still open is refused, to be sent
  // again to another process; the requests in flight finish.
  app.addHook('onRequest', async (_request, reply) => {
    if (app.services.lifecycle.phase !== 'closing') return;
    reply.header('Retry-After', String(config.shed.retryAfterSeconds)).header('Connection', 'close');
    throw new AppError('server.busy', 503, { seconds: config.shed.retryAfterSeconds });
  });
  registerInputGuard(app);
  registerUnreadBodyClose(app);
  app.setNotFoundHandler((request, reply) => sendRefusal(request, reply, { status: 404, key: 'request.notFound' }));
  await registerSecurityHeaders(app, inlineScriptSources(config.publicDir));
  await registerRateLimits(app, { url: config.redisUrl, prefix: config.redisPrefix });
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
  });

  await app.register(
    async (api) => {
      // Replies of 4 KB and more go brotli or gzip compressed to clients that take it (long
      // lists, the API document). Only here: the PWA's files come compressed from the build (http/pwa.ts).
      await api.register(compress, { global: true, threshold: COMPRESS_FROM_BYTES, encodings: ['br', 'gzip'] });
      for (const { plugin, prefix } of API_MODULES) await api.register(plugin, prefix ? { prefix } : {});
      docsRoute(api);
    },
    { prefix: '/api' },
  );
  await pwaRoutes(app, config.publicDir);
  await opsConsoleRoutes(app, config.opsPublicDir);
  return app;
}
