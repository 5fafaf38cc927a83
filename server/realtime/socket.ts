/**
 * socket.io on the same HTTP server, path /socket.io (SPEC §4). Clients subscribe to channels
 * ('kline' per period, 'daymarket') by joining rooms; the market-data issue publishes into them.
 * No data is made up here.
 */
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { z } from 'zod';

const PERIODS = ['1min', '5min', '15min', '30min', '60min', '1day', '1week', '1mon'] as const;

const subscription = z.discriminatedUnion('channel', [
  z.object({ channel: z.literal('kline'), period: z.enum(PERIODS) }),
  z.object({ channel: z.literal('daymarket') }),
]);

export type Subscription = z.infer<typeof subscription>;

/** The room a subscription joins; the publisher of market data emits to the same names. */
export function roomOf(sub: Subscription): string {
  return sub.channel === 'kline' ? `kline:${sub.period}` : 'daymarket';
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

export { PERIODS as KLINE_PERIODS };
