/** socket.io on the app's own HTTP server: the PWA's subscribe/unsubscribe protocol. */
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { attachRealtime } from '../../server/realtime/socket';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
let url: string;
let server: ReturnType<typeof attachRealtime>;
const clients: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  server = attachRealtime(t.app.server);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const client of clients) client.disconnect();
  server.disconnectSockets(true);
  await t?.close();
});

function client(transports: Array<'websocket' | 'polling'>): Promise<Socket> {
  const socket = connect(url, { path: '/socket.io', transports, reconnection: false, timeout: 5000 });
  clients.push(socket);
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

const ask = (socket: Socket, event: string, payload: unknown) =>
  socket.timeout(5000).emitWithAck(event, payload) as Promise<{ ok: boolean; room?: string; error?: string }>;

test('over websocket, subscribe joins the room of a kline period and unsubscribe leaves it', async () => {
  const socket = await client(['websocket']);
  expect(await ask(socket, 'subscribe', { channel: 'kline', period: '1min' })).toEqual({ ok: true, room: 'kline:1min' });
  expect(server.sockets.adapter.rooms.get('kline:1min')?.has(socket.id!)).toBe(true);

  // What the market-data publisher will do: emit to the room.
  const received = new Promise((resolve) => socket.once('kline', resolve));
  server.to('kline:1min').emit('kline', { period: '1min', probe: true });
  expect(await received).toEqual({ period: '1min', probe: true });

  expect(await ask(socket, 'unsubscribe', { channel: 'kline', period: '1min' })).toEqual({ ok: true, room: 'kline:1min' });
  expect(server.sockets.adapter.rooms.get('kline:1min')?.has(socket.id!) ?? false).toBe(false);
});

test('over long polling, the daymarket channel works too; unknown channels are refused', async () => {
  const socket = await client(['polling']);
  expect(await ask(socket, 'subscribe', { channel: 'daymarket' })).toEqual({ ok: true, room: 'daymarket' });
  expect(await ask(socket, 'subscribe', { channel: 'orders' })).toEqual({ ok: false, error: 'request.invalid' });
  expect(await ask(socket, 'subscribe', { channel: 'kline', period: '7min' })).toEqual({ ok: false, error: 'request.invalid' });
});

test('the HTTP API still answers on the same port', async () => {
  const response = await fetch(`${url}/api/health`);
  expect(await response.json()).toMatchObject({ type: 'ok', data: { status: 'ok' } });
});
