/**
 * socket.io on the app's own HTTP server, path /socket.io (docs/api.md). Clients subscribe to
 * channels ('kline' per period, 'daymarket') by joining rooms; modules publish into them through
 * the decorated `app.realtime`. No data is made up here.
 *
 * Who may connect: a handshake whose Origin is neither this server's own host nor one of
 * ALLOWED_ORIGINS is refused (403), so another site's page cannot hold sockets in its visitors'
 * browsers. A handshake without Origin is let in: browsers send Origin on every cross-origin
 * request and every WebSocket, so its absence means a same-origin page or a non-browser client,
 * which could forge any header anyway. Each client address holds at most SOCKET_MAX_PER_ADDRESS
 * connections at once; more handshakes are refused until one closes.
 *
 * Several processes: with REDIS_URL, socket.io's Redis adapter carries every publication to the
 * rooms of all processes, so a client connected to one receives what another publishes.
 */
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { z } from 'zod';
import { CANDLE_PERIODS, HALL_SYMBOL } from '../../src/domain/market';
import { clientAddressOf } from './address';
import { type SocketData, sweepSessionSockets } from './sessions';

const PERIODS = CANDLE_PERIODS;

const subscription = z.discriminatedUnion('channel', [
  // A symbol's candles of one period; without a symbol, the trading hall's own USDT/EUR.
  z.object({ channel: z.literal('kline'), period: z.enum(PERIODS), symbol: z.string().regex(/^[a-z0-9]{2,20}$/).optional() }),
  z.object({ channel: z.literal('daymarket') }),
  // The signed-in user's own events (their trade orders): joined with their session token.
  z.object({ channel: z.literal('account'), token: z.string().min(1).max(512) }),
  // The operators' live queues: joined with a ticket of GET /api/ops/live/ticket (docs/ops-console.md).
  z.object({ channel: z.literal('ops'), ticket: z.string().min(1).max(200) }),
]);

export type Subscription = z.infer<typeof subscription>;
type PublicSubscription = Exclude<Subscription, { channel: 'account' | 'ops' }>;

/** The room a public subscription joins; publishers emit to the same names. */
export function roomOf(sub: PublicSubscription): string {
  return sub.channel === 'kline' ? klineRoom(sub.symbol ?? HALL_SYMBOL, sub.period) : 'daymarket';
}

/** The room of one symbol's candles of one period: where their `kline` events are published. */
export const klineRoom = (symbol: string, period: string) => `kline:${symbol}:${period}`;

/** The room of one user's private events; only a socket that showed that user's live session joins it. */
export const accountRoom = (userId: string) => `account:${userId}`;

/** The operators' room: `queue:changed { queue, id }` after a request joins or leaves a queue. */
export const OPS_ROOM = 'ops';

/** What modules see of socket.io: publishing an event to the sockets of a room. */
export interface Realtime {
  publish(room: string, event: string, payload: unknown): void;
  /**
   * Takes this process's sockets out of the rooms their session no longer opens: an account room
   * whose user session ended (logout, password change or reset, an operator's end), the operators'
   * room whose operator session ended or went idle. Each such socket hears `session:ended`
   * (server/realtime/sessions.ts says when this runs).
   */
  sweepSessions(): Promise<void>;
  /** The socket.io server itself, for tests and diagnostics. */
  readonly io: Server;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export interface RealtimeOptions {
  /** Origins allowed besides the request's own host (ALLOWED_ORIGINS). */
  allowedOrigins: readonly string[];
  /** Simultaneous connections per client address (SOCKET_MAX_PER_ADDRESS). */
  maxPerAddress: number;
  trustProxy: boolean | number | string[];
  /** The user and session of a live session token, or null: who may join an account room. */
  authenticate?: (token: string) => Promise<{ userId: string; sessionId: number } | null>;
  /** The open operator session whose ticket lets a socket into OPS_ROOM, or null. */
  opsTicketSession?: (ticket: string) => Promise<number | null>;
}

/** A handshake slot not turned into a connection within this time is given back. */
const RESERVATION_MS = 10_000;

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

function originAllowed(request: IncomingMessage, options: RealtimeOptions): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (options.allowedOrigins.includes(origin)) return true;
  const host = hostOf(origin);
  if (!host) return false;
  const own = [request.headers.host];
  // Behind a trusted proxy the host the browser used may arrive as X-Forwarded-Host.
  if (options.trustProxy !== false) own.push(...String(request.headers['x-forwarded-host'] ?? '').split(','));
  return own.some((candidate) => candidate !== undefined && candidate.trim().toLowerCase() === host);
}

/**
 * Counts live connections per address. A handshake takes a slot when it is let in; the slot
 * passes to the connection it becomes and is freed when that closes (or after RESERVATION_MS if
 * the handshake never completes).
 */
function connectionLimit(io: Server, options: RealtimeOptions) {
  const addressOf = clientAddressOf(options.trustProxy);
  const live = new Map<string, number>();
  const reserved = new WeakMap<IncomingMessage, { address: string; timer: NodeJS.Timeout }>();
  const release = (address: string) => {
    const left = (live.get(address) ?? 1) - 1;
    if (left > 0) live.set(address, left);
    else live.delete(address);
  };
  io.engine.on('connection', (raw: { request: IncomingMessage; once(event: 'close', listener: () => void): void }) => {
    const slot = reserved.get(raw.request);
    if (!slot) return;
    reserved.delete(raw.request);
    clearTimeout(slot.timer);
    raw.once('close', () => release(slot.address));
  });
  return (request: IncomingMessage): boolean => {
    const address = addressOf(request);
    const count = live.get(address) ?? 0;
    if (count >= options.maxPerAddress) return false;
    live.set(address, count + 1);
    const timer = setTimeout(() => {
      if (reserved.delete(request)) release(address);
    }, RESERVATION_MS);
    timer.unref();
    reserved.set(request, { address, timer });
    return true;
  };
}

export function attachRealtime(server: HttpServer, options: RealtimeOptions): Server {
  const io = new Server(server, {
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    // Same origin only: the PWA is served by this very server, so no CORS headers at all.
    serveClient: false,
    allowRequest: (request, callback) => {
      if (!originAllowed(request, options)) return callback('origin not allowed', false);
      if (!takeSlot(request)) return callback('too many connections from this address', false);
      callback(null, true);
    },
  });
  const takeSlot = connectionLimit(io, options);
  io.on('connection', (socket) => {
    const leaveAccount = () => {
      for (const room of socket.rooms) if (room.startsWith('account:')) void socket.leave(room);
    };
    const handle = (join: boolean) => async (payload: unknown, ack?: unknown) => {
      const parsed = subscription.safeParse(payload);
      const reply = typeof ack === 'function' ? (ack as (answer: unknown) => void) : () => undefined;
      if (!parsed.success) return reply({ ok: false, error: 'request.invalid' });
      if (parsed.data.channel === 'account') {
        // One account per socket: joining another leaves the first; leaving needs no token check.
        leaveAccount();
        if (!join) return reply({ ok: true });
        const viewer = options.authenticate ? await options.authenticate(parsed.data.token).catch(() => null) : null;
        if (!viewer) return reply({ ok: false, error: 'session.required' });
        if (socket.disconnected) return;
        (socket.data as SocketData).userSession = viewer.sessionId;
        void socket.join(accountRoom(viewer.userId));
        return reply({ ok: true, room: 'account' });
      }
      if (parsed.data.channel === 'ops') {
        if (!join) {
          void socket.leave(OPS_ROOM);
          return reply({ ok: true });
        }
        const session = options.opsTicketSession ? await options.opsTicketSession(parsed.data.ticket).catch(() => null) : null;
        if (session === null) return reply({ ok: false, error: 'session.required' });
        if (socket.disconnected) return;
        (socket.data as SocketData).opsSession = session;
        void socket.join(OPS_ROOM);
        return reply({ ok: true, room: OPS_ROOM });
      }
      const room = roomOf(parsed.data);
      if (join) void socket.join(room);
      else void socket.leave(room);
      reply({ ok: true, room });
    };
    socket.on('subscribe', (payload: unknown, ack?: unknown) => void handle(true)(payload, ack));
    socket.on('unsubscribe', (payload: unknown, ack?: unknown) => void handle(false)(payload, ack));
  });
  return io;
}

/**
 * Attaches socket.io to the app's HTTP server while the app is built and decorates the
 * publisher. Connections are dropped before the HTTP server closes (open websockets would
 * otherwise hold it open), and socket.io is closed with the app.
 */
export function registerRealtime(app: FastifyInstance): void {
  const { config } = app.deps;
  const io = attachRealtime(app.server, {
    allowedOrigins: config.socket.allowedOrigins,
    maxPerAddress: config.socket.maxPerAddress,
    trustProxy: config.trustProxy,
    authenticate: (token) => app.services.sessions.authenticate(token),
    opsTicketSession: (ticket) => app.services.operators.liveTicketSession(ticket),
  });
  const redis = config.redisUrl ? shareThroughRedis(io, config.redisUrl, config.redisPrefix, app.log) : null;
  app.decorate('realtime', {
    io,
    publish: (room: string, event: string, payload: unknown) => {
      io.to(room).emit(event, payload);
      app.services.metrics.socketMessage(event);
    },
    sweepSessions: () => sweepSessionSockets(io, OPS_ROOM, { users: (ids) => app.services.sessions.openOf(ids), operators: (ids) => app.services.operators.openSessions(ids) }),
  });
  app.addHook('preClose', async () => {
    // This process's connections only, closed as a lost connection rather than a goodbye: the
    // clients reconnect by themselves (to this process once restarted, or to another one).
    // socket.io's disconnectSockets() would tell them not to, and through the Redis adapter it
    // would drop the clients of every process of the cluster.
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    // The HTTP server may be closed already: socket.io's attempt to close it again is no failure.
    await new Promise<void>((resolve) => void io.close(() => resolve()));
    await redis?.close();
  });
}

/**
 * Connects this process's rooms to the others' through Redis pub/sub. While Redis does not
 * answer, publications reach this process's own clients only; the failure is logged once, and
 * again only after Redis answered in between.
 */
function shareThroughRedis(io: Server, url: string, prefix: string, log: FastifyInstance['log']) {
  const pub = new Redis(url, { lazyConnect: false });
  const sub = pub.duplicate();
  for (const [name, client] of [['publisher', pub], ['subscriber', sub]] as const) {
    let failing = false;
    client.on('error', (error: Error) => {
      if (failing) return;
      failing = true;
      log.error({ err: error, client: name }, 'socket.io: Redis does not answer; publications reach this process only');
    });
    client.on('ready', () => {
      if (failing) log.info({ client: name }, 'socket.io: Redis answers again');
      failing = false;
    });
  }
  io.adapter(createAdapter(pub, sub, { key: `${prefix}socket.io` }));
  return {
    close: async () => {
      pub.disconnect();
      sub.disconnect();
    },
  };
}

;
