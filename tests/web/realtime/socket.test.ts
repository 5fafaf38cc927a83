// @vitest-environment node
// A real socket.io server on 127.0.0.1; Node's environment because the client then uses its
// Node transports (ws), which is what a real server speaks to.
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as realtime from '../../../src/realtime/socket';

interface Seen {
  event: 'subscribe' | 'unsubscribe' | 'disconnect';
  payload?: unknown;
}

let http: HttpServer;
let io: Server;
let url: string;
let seen: Seen[];
let connections: ServerSocket[];
/** Event packets as they arrived on the wire, before socket.io's dispatch (which drops events
 * that arrive just before a disconnect). */
let wire: unknown[];

beforeEach(async () => {
  seen = [];
  connections = [];
  wire = [];
  http = createServer();
  io = new Server(http, { path: '/socket.io' });
  io.on('connection', (socket) => {
    connections.push(socket);
    socket.conn.on('packet', (packet: { type: string; data?: unknown }) => {
      const match = packet.type === 'message' && typeof packet.data === 'string' && /^2(\[.*)$/s.exec(packet.data);
      if (match) wire.push(JSON.parse(match[1]));
    });
    socket.on('subscribe', (payload: unknown) => seen.push({ event: 'subscribe', payload }));
    socket.on('unsubscribe', (payload: unknown) => seen.push({ event: 'unsubscribe', payload }));
    socket.on('disconnect', () => seen.push({ event: 'disconnect' }));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterEach(async () => {
  realtime.stop();
  vi.restoreAllMocks();
  await new Promise<void>((resolve) => io.close(() => resolve()));
});

/** Starts the manager and waits for the connection (a short reconnection delay for the tests). */
async function connect(): Promise<void> {
  const connected = new Promise<void>((resolve) => {
    const off = realtime.onConnectionChange((up) => {
      if (up) {
        off();
        resolve();
      }
    });
  });
  await realtime.start({ url, socketOptions: { reconnectionDelay: 20, reconnectionDelayMax: 50 } });
  await connected;
}

const waitFor = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 3_000 });
const subscribes = () => seen.filter((s) => s.event === 'subscribe').map((s) => s.payload);

describe('realtime socket manager', () => {
  it('refuses to subscribe while not connected, with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(realtime.subscribe('kline', '1min')).toBe(false);
    expect(warn).toHaveBeenCalledOnce();
    expect(realtime.subscribed()).toEqual([]);
  });

  it('subscribes to kline periods and the daymarket channel and delivers their events', async () => {
    await connect();
    expect(realtime.isConnected()).toBe(true);
    expect(connections[0].conn.transport.name).toBe('websocket'); // websocket first, no polling upgrade
    expect(realtime.subscribe('kline', '1min')).toBe(true);
    expect(realtime.subscribe('kline', '1min')).toBe(true); // remembered once, sent once
    expect(realtime.subscribe('daymarket')).toBe(true);
    await waitFor(() => subscribes().length === 2);
    expect(subscribes()).toEqual([{ channel: 'kline', period: '1min' }, { channel: 'daymarket' }]);

    const klines: unknown[] = [];
    const days: unknown[] = [];
    const stopKline = realtime.on('kline', (payload) => klines.push(payload));
    realtime.on('daymarket', (payload) => days.push(payload));
    io.emit('kline', { period: '1min', close: '1.0001' });
    io.emit('daymarket', { change: '0.12' });
    await waitFor(() => klines.length === 1 && days.length === 1);
    expect(klines).toEqual([{ period: '1min', close: '1.0001' }]);

    stopKline();
    io.emit('kline', { period: '1min', close: '1.0002' });
    io.emit('daymarket', { change: '0.13' });
    await waitFor(() => days.length === 2);
    expect(klines).toHaveLength(1);
  });

  it('resubscribes every remembered channel after a reconnect', async () => {
    await connect();
    realtime.subscribe('kline', '1min');
    realtime.subscribe('kline', '1day');
    realtime.subscribe('daymarket');
    realtime.unsubscribe('kline', '1day');
    await waitFor(() => seen.some((s) => s.event === 'unsubscribe'));
    expect(seen.find((s) => s.event === 'unsubscribe')?.payload).toEqual({ channel: 'kline', period: '1day' });
    seen = [];

    const transitions: boolean[] = [];
    realtime.onConnectionChange((up) => transitions.push(up));
    connections[0].conn.close(); // a dropped transport, as on a network change
    await waitFor(() => connections.length === 2 && subscribes().length === 2);
    expect(transitions).toEqual([false, true]);
    expect(subscribes()).toEqual([{ channel: 'kline', period: '1min' }, { channel: 'daymarket' }]);
    expect(realtime.subscribed()).toEqual(['kline:1min', 'daymarket']);
  });

  it("a symbol's kline period is a subscription of its own, sent with the symbol and resubscribed alike", async () => {
    await connect();
    realtime.subscribe('kline', '15min', 'btcusdt');
    realtime.subscribe('kline', '15min');
    await waitFor(() => subscribes().length === 2);
    expect(subscribes()).toEqual([{ channel: 'kline', period: '15min', symbol: 'btcusdt' }, { channel: 'kline', period: '15min' }]);
    expect(realtime.subscribed()).toEqual(['kline:btcusdt:15min', 'kline:15min']);
    realtime.unsubscribe('kline', '15min', 'btcusdt');
    await waitFor(() => seen.some((s) => s.event === 'unsubscribe'));
    expect(seen.find((s) => s.event === 'unsubscribe')?.payload).toEqual({ channel: 'kline', period: '15min', symbol: 'btcusdt' });
    expect(realtime.subscribed()).toEqual(['kline:15min']);
  });

  it('a server that sends the client away is connected to again, and the subscriptions restored', async () => {
    await connect();
    realtime.subscribe('kline', '5min', 'ethusdt');
    await waitFor(() => subscribes().length === 1);
    seen = [];
    io.local.disconnectSockets(true);
    await waitFor(() => connections.length === 2 && subscribes().length === 1);
    expect(subscribes()).toEqual([{ channel: 'kline', period: '5min', symbol: 'ethusdt' }]);
  });

  it('stop unsubscribes everything, disconnects and forgets the subscriptions', async () => {
    await connect();
    realtime.subscribe('kline', '5min');
    realtime.subscribe('daymarket');
    await waitFor(() => subscribes().length === 2);
    realtime.stop();
    await waitFor(() => seen.some((s) => s.event === 'disconnect'));
    expect(wire).toEqual([
      ['subscribe', { channel: 'kline', period: '5min' }],
      ['subscribe', { channel: 'daymarket' }],
      ['unsubscribe', { channel: 'kline', period: '5min' }],
      ['unsubscribe', { channel: 'daymarket' }],
    ]);
    expect(realtime.isConnected()).toBe(false);
    expect(realtime.subscribed()).toEqual([]);
  });

  it('a stop during start leaves no connection behind', async () => {
    const starting = realtime.start({ url });
    realtime.stop();
    await starting;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(connections).toHaveLength(0);
    expect(realtime.isConnected()).toBe(false);
  });
});
