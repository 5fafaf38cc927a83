/**
 * socket.io on the app's own HTTP server, path /socket.io (docs/api.md). Clients subscribe to
 * channels ('kline' per period, 'daymarket') by joining rooms; modules publish into them through
 * the decorated `app.realtime`. No data is made up here.
 */
import type { FastifyInstance } from 'fastify';
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { z } from 'zod';

const PERIODS = ['1min', '5min', '15min', '30min', '60min', '1day', '1week', '1mon'] as const;

const subscription = z.discriminatedUnion('channel', [
  z.object({ channel: z.literal('kline'), period: z.enum(PERIODS) }),
  z.object({ channel: z.literal('daymarket') }),
]);

export type Subscription = z.infer<typeof subscription>;

/** The room a subscription joins; publishers emit to the same names. */
export function roomOf(sub: Subscription): string {
  return sub.channel === 'kline' ? `kline:${sub.period}` : 'daymarket';
}

/** What modules see of socket.io: publishing an event to the sockets of a room. */
export interface Realtime {
  publish(room: string, event: string, payload: unknown): void;
  /** The socket.io server itself, for tests and diagnostics. */
  readonly io: Server;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export function attachRealtime(server: HttpServer): Server {
  const io = new Server(server, {
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    // Same origin only: the PWA is served by this very server, so no CORS headers at all.
    serveClient: false,
  });
  io.on('connection', (socket) => {
    const handle = (join: boolean) => (payload: unknown, ack?: unknown) => {
      const parsed = subscription.safeParse(payload);
      const reply = typeof ack === 'function' ? (ack as (answer: unknown) => void) : () => undefined;
      if (!parsed.success) return reply({ ok: false, error: 'request.invalid' });
      const room = roomOf(parsed.data);
      if (join) void socket.join(room);
      else void socket.leave(room);
      reply({ ok: true, room });
    };
    socket.on('subscribe', handle(true));
    socket.on('unsubscribe', handle(false));
  });
  return io;
}

/**
 * Attaches socket.io to the app's HTTP server while the app is built and decorates the
 * publisher. Sockets are dropped before the HTTP server closes (open websockets would otherwise
 * hold it open), and socket.io is closed with the app.
 */
export function registerRealtime(app: FastifyInstance): void {
  const io = attachRealtime(app.server);
  app.decorate('realtime', {
    io,
    publish: (room: string, event: string, payload: unknown) => {
      io.to(room).emit(event, payload);
    },
  });
  app.addHook('preClose', async () => {
    io.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    // The HTTP server may be closed already: socket.io's attempt to close it again is no failure.
    await new Promise<void>((resolve) => void io.close(() => resolve()));
  });
}

export { PERIODS as KLINE_PERIODS };
