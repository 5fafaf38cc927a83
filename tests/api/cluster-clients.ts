/**
 * The calls and phones of the tests that run real server processes (tests/api/server-process.ts):
 * a call over HTTP unwrapped from its envelope, and a phone's socket subscribed to its account's
 * live events, with what it heard.
 */
import { io as connect, type Socket } from 'socket.io-client';
import { expect } from 'vitest';

/** The demo user and operator (SEED_DEMO=true). */
export const DEMO = { account: 'demo', password: '583927' };
export const OPERATOR = { username: 'ops', password: 'tessera-ops-demo', secret: 'TESSERADEMOOPERATORTOTPSECRET234' };

/** One call; its envelope's data, or a throw naming the call, the status and the message. */
export async function call<T>(base: string, method: 'GET' | 'POST', path: string, token: string | null, body?: unknown): Promise<T> {
  const reply = await fetch(`${base}/api${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: token } : {}), 'idempotency-key': crypto.randomUUID() },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await reply.json()) as { type: string; data: T; message?: string };
  if (envelope.type !== 'ok') throw new Error(`${method} ${path}: ${reply.status} ${envelope.message}`);
  return envelope.data;
}

/** A phone connected to `url` (websocket only), subscribed to the account of `token`. */
export async function phone(url: string, token: string): Promise<{ socket: Socket; heard: unknown[]; ended: () => number }> {
  const socket = connect(url, { path: '/socket.io', transports: ['websocket'] });
  await new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(undefined));
    socket.once('connect_error', reject);
  });
  const heard: unknown[] = [];
  let ended = 0;
  socket.on('account', (payload) => heard.push(payload));
  socket.on('session:ended', () => ended++);
  expect(await socket.timeout(5000).emitWithAck('subscribe', { channel: 'account', token })).toEqual({ ok: true, room: 'account' });
  return { socket, heard, ended: () => ended };
}
