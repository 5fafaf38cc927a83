/**
 * socket.io on the app's own HTTP server, attached by buildApp and decorated as `app.realtime`:
 * the PWA's subscribe/unsubscribe protocol, modules publishing through the decorated service,
 * the Origin check and the cap of connections per client address.
 */
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import type { Loan, LoanConfig } from '../../src/domain/loan';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { apiRoute } from '../../server/http/api-route';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
let url: string;
let server: FastifyInstance['realtime']['io'];
const clients: Socket[] = [];
const PARTNER = 'https://app.partner.example';

/**
 * A module of the same shape as those of server/modules: an encapsulated plugin that declares a
 * route with apiRoute and publishes through its own view of the decorated `realtime`.
 */
async function probeModule(module: FastifyInstance): Promise<void> {
  apiRoute(module, {
    method: 'POST',
    url: '/api/probe/publish',
    tag: 'probe',
    summary: 'Publishes its body to a room (test only)',
    body: z.strictObject({ room: z.string(), event: z.string(), payload: z.record(z.string(), z.unknown()) }),
    handler: async ({ body }) => {
      module.realtime.publish(body.room, body.event, body.payload);
      return null;
    },
  });
}

beforeAll(async () => {
  t = await startTestApp({ env: { ALLOWED_ORIGINS: PARTNER }, beforeReady: (app) => void app.register(probeModule) });
  server = t.app.realtime.io;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const client of clients) client.disconnect();
  // Closing the app closes socket.io with it (its onClose hook).
  await t?.close();
});

function client(transports: Array<'websocket' | 'polling'>, headers: Record<string, string> = {}): Promise<Socket> {
  const socket = connect(url, { path: '/socket.io', transports, reconnection: false, timeout: 5000, extraHeaders: headers });
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
  // Without a symbol: the trading hall's own USDT/EUR candles.
  expect(await ask(socket, 'subscribe', { channel: 'kline', period: '1min' })).toEqual({ ok: true, room: 'kline:usdteur:1min' });
  expect(server.sockets.adapter.rooms.get('kline:usdteur:1min')?.has(socket.id!)).toBe(true);
  expect(await ask(socket, 'subscribe', { channel: 'kline', period: '4hour', symbol: 'btcusdt' })).toEqual({ ok: true, room: 'kline:btcusdt:4hour' });

  // What the market-data publisher will do: emit to the room.
  const received = new Promise((resolve) => socket.once('kline', resolve));
  server.to('kline:usdteur:1min').emit('kline', { period: '1min', probe: true });
  expect(await received).toEqual({ period: '1min', probe: true });

  expect(await ask(socket, 'unsubscribe', { channel: 'kline', period: '1min' })).toEqual({ ok: true, room: 'kline:usdteur:1min' });
  expect(server.sockets.adapter.rooms.get('kline:usdteur:1min')?.has(socket.id!) ?? false).toBe(false);
});

test('over long polling, the daymarket channel works too; unknown channels are refused', async () => {
  const socket = await client(['polling']);
  expect(await ask(socket, 'subscribe', { channel: 'daymarket' })).toEqual({ ok: true, room: 'daymarket' });
  expect(await ask(socket, 'subscribe', { channel: 'orders' })).toEqual({ ok: false, error: 'request.invalid' });
  expect(await ask(socket, 'subscribe', { channel: 'kline', period: '7min' })).toEqual({ ok: false, error: 'request.invalid' });
  expect(await ask(socket, 'subscribe', { channel: 'kline', period: '1min', symbol: 'BTC USDT' })).toEqual({ ok: false, error: 'request.invalid' });
});

test('the HTTP API still answers on the same port', async () => {
  const response = await fetch(`${url}/api/health`);
  expect(await response.json()).toMatchObject({ type: 'ok', data: { status: 'ok' } });
});

test('a module publishes through the decorated service and a subscribed client receives it', async () => {
  const socket = await client(['websocket']);
  const other = await client(['websocket']);
  expect(await ask(socket, 'subscribe', { channel: 'daymarket' })).toEqual({ ok: true, room: 'daymarket' });
  let strayed = false;
  other.on('daymarket', () => (strayed = true));

  const received = new Promise((resolve) => socket.once('daymarket', resolve));
  const published = await t.post('/probe/publish', { room: 'daymarket', event: 'daymarket', payload: { symbol: 'USDT/EUR', probe: 2 } });
  expect(published.status).toBe(200);
  expect(await received).toEqual({ symbol: 'USDT/EUR', probe: 2 });
  // A client that did not subscribe gets nothing.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(strayed).toBe(false);
});

/** The handshake's outcome: connected, or the refusal socket.io-client reports. */
async function tryConnect(transports: Array<'websocket' | 'polling'>, headers: Record<string, string> = {}): Promise<'connected' | 'refused'> {
  try {
    await client(transports, headers);
    return 'connected';
  } catch {
    return 'refused';
  }
}

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test('a page of another origin is refused, over websocket and polling; the own origin and ALLOWED_ORIGINS connect', async () => {
  const before = server.engine.clientsCount;
  for (const transports of [['websocket'], ['polling']] as const) {
    expect(await tryConnect([...transports], { origin: 'https://evil.example' })).toBe('refused');
    // Same host name on another port is another origin.
    expect(await tryConnect([...transports], { origin: 'http://127.0.0.1:1' })).toBe('refused');
    expect(await tryConnect([...transports], { origin: 'null' })).toBe('refused');
  }
  expect(server.engine.clientsCount).toBe(before);

  // What the PWA served by this server sends, whatever the transport.
  const own = await client(['websocket'], { origin: url });
  expect(await ask(own, 'subscribe', { channel: 'daymarket' })).toEqual({ ok: true, room: 'daymarket' });
  expect(await tryConnect(['polling'], { origin: url })).toBe('connected');
  expect(await tryConnect(['websocket'], { origin: PARTNER })).toBe('connected');
});

test('one address holds at most SOCKET_MAX_PER_ADDRESS (20) connections; the others keep working and a closed one frees its slot', async () => {
  expect(t.config.socket.maxPerAddress).toBe(20);
  for (const socket of clients.splice(0)) socket.disconnect();
  await until(() => server.engine.clientsCount === 0);

  const first = await Promise.all(Array.from({ length: 20 }, (_, i) => client(i % 2 ? ['websocket'] : ['polling'])));
  expect(server.engine.clientsCount).toBe(20);
  expect(await tryConnect(['websocket'])).toBe('refused');
  expect(await tryConnect(['polling'])).toBe('refused');
  expect(server.engine.clientsCount).toBe(20);

  // The 20 are untouched: each still subscribes.
  const answers = await Promise.all(first.map((socket) => ask(socket, 'subscribe', { channel: 'daymarket' })));
  expect(answers.every((answer) => answer.ok)).toBe(true);

  first[0].disconnect();
  await until(() => server.engine.clientsCount === 19);
  expect(await tryConnect(['websocket'])).toBe('connected');
  expect(await tryConnect(['websocket'])).toBe('refused');
});

test("the operators' room: joined with a ticket of an open session only; a deposit request and its decision are heard there, not elsewhere", async () => {
  for (const socket of clients.splice(0)) socket.disconnect();
  await until(() => server.engine.clientsCount === 0);
  const financeId = await t.financeOperator();
  const operatorToken = await t.operatorToken(financeId);
  const ticketReply = await t.get<{ ticket: string }>('/ops/live/ticket', { token: operatorToken });
  expect(ticketReply.status).toBe(200);
  const { ticket } = ticketReply.body.data!;

  const desk = await client(['websocket']);
  const bystander = await client(['websocket']);
  // A made-up, altered or user's ticket joins nothing.
  for (const wrong of ['1.9999999999.' + 'A'.repeat(43), ticket.slice(0, -1) + (ticket.endsWith('A') ? 'B' : 'A'), (await t.signedInUser()).token]) {
    expect(await ask(bystander, 'subscribe', { channel: 'ops', ticket: wrong })).toEqual({ ok: false, error: 'session.required' });
  }
  expect(await ask(desk, 'subscribe', { channel: 'ops', ticket })).toEqual({ ok: true, room: 'ops' });

  const heard: unknown[] = [];
  desk.on('queue:changed', (payload) => heard.push(payload));
  let overheard = 0;
  bystander.on('queue:changed', () => overheard++);

  const user = await t.signedInUser();
  // The user's phone, in their own room: it hears the decision (and fetches its balances again), not the queue.
  const phone = await client(['websocket']);
  expect(await ask(phone, 'subscribe', { channel: 'account', token: user.token })).toEqual({ ok: true, room: 'account' });
  const told: unknown[] = [];
  phone.on('account', (payload) => told.push(payload));
  phone.on('queue:changed', () => overheard++);
  const [usdt] = (await t.coins()).filter((coin) => coin.name === 'USDT');
  const deposit = await t.requestDeposit(user.token, { coinId: String(usdt.id), amount: '25', network: 'TRC20' });
  await expect.poll(() => heard).toEqual([{ queue: 'deposits' }]);
  const decided = await t.post('/ops/deposits/reject', { id: deposit.id, reason: 'no payment arrived' }, { token: operatorToken });
  expect(decided.status, JSON.stringify(decided.body)).toBe(200);
  await expect.poll(() => heard).toEqual([{ queue: 'deposits' }, { queue: 'deposits' }]);
  await expect.poll(() => told).toEqual([{ change: 'deposits/reject' }]);
  expect(overheard).toBe(0);

  // A ticket is good for a minute, and only while its session is open.
  t.clock.advance(61);
  expect(await ask(bystander, 'subscribe', { channel: 'ops', ticket })).toEqual({ ok: false, error: 'session.required' });
  const fresh = (await t.get<{ ticket: string }>('/ops/live/ticket', { token: operatorToken })).body.data!.ticket;
  let ended = 0;
  desk.on('session:ended', () => ended++);
  expect((await t.post('/ops/logout', {}, { token: operatorToken })).status).toBe(200);
  expect(await ask(bystander, 'subscribe', { channel: 'ops', ticket: fresh })).toEqual({ ok: false, error: 'session.required' });
  // The desk's socket, joined while the session was open, leaves the room with the logout and is told so.
  await expect.poll(() => ended).toBe(1);
  await t.requestDeposit(user.token, { coinId: String(usdt.id), amount: '26', network: 'TRC20' });
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(heard).toHaveLength(2);
});

test("an operator's socket leaves the room when the session goes idle, without any call", async () => {
  const operatorToken = await t.operatorToken(await t.financeOperator());
  const { ticket } = (await t.get<{ ticket: string }>('/ops/live/ticket', { token: operatorToken })).body.data!;
  const desk = await client(['websocket']);
  expect(await ask(desk, 'subscribe', { channel: 'ops', ticket })).toEqual({ ok: true, room: 'ops' });
  let ended = 0;
  desk.on('session:ended', () => ended++);
  // Still open: the sweep keeps it.
  await t.app.realtime.sweepSessions();
  expect(ended).toBe(0);
  expect((await t.app.realtime.io.in('ops').fetchSockets()).length).toBe(1);
  t.clock.advance(31 * 60);
  await t.app.realtime.sweepSessions();
  await expect.poll(() => ended).toBe(1);
  expect((await t.app.realtime.io.in('ops').fetchSockets()).length).toBe(0);
});

test("a user's socket hears nothing more of the account once its session ends: logged out, or ended by a password change elsewhere", async () => {
  const operatorToken = await t.operatorToken(await t.financeOperator());
  const user = await t.signedInUser();
  const secondToken = await t.login(user.username, user.password);
  const thirdToken = await t.login(user.username, user.password);
  const [usdt] = (await t.coins()).filter((coin) => coin.name === 'USDT');
  const phones = await Promise.all([client(['websocket']), client(['websocket']), client(['websocket'])]);
  const heard = phones.map(() => [] as unknown[]);
  const ended = phones.map(() => 0);
  for (const [index, token] of [user.token, secondToken, thirdToken].entries()) {
    expect(await ask(phones[index], 'subscribe', { channel: 'account', token })).toEqual({ ok: true, room: 'account' });
    phones[index].on('account', (payload) => heard[index].push(payload));
    phones[index].on('session:ended', () => ended[index]++);
  }
  /** An operator rejects a deposit of the user: every socket still in the account room hears it. */
  const decide = async () => {
    const deposit = await t.requestDeposit(thirdToken, { coinId: String(usdt.id), amount: '25', network: 'TRC20' });
    expect((await t.post('/ops/deposits/reject', { id: deposit.id, reason: 'no payment arrived' }, { token: operatorToken })).status).toBe(200);
  };

  // The first phone logs out: its socket leaves the room at once and is told.
  expect((await t.get('/user/logout', { token: user.token })).status).toBe(200);
  await expect.poll(() => ended).toEqual([1, 0, 0]);
  await decide();
  await expect.poll(() => heard.map((events) => events.length)).toEqual([0, 1, 1]);

  // The third phone changes the password: the second's session ends, its socket with it; the third stays.
  const changed = await t.post('/safe/update_password', { oldPassword: user.password, password: '274816', confirmPassword: '274816' }, { token: thirdToken });
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  await expect.poll(() => ended).toEqual([1, 1, 0]);
  await decide();
  await expect.poll(() => heard.map((events) => events.length)).toEqual([0, 1, 2]);
  // A socket put out cannot come back in with its ended token.
  expect(await ask(phones[1], 'subscribe', { channel: 'account', token: secondToken })).toEqual({ ok: false, error: 'session.required' });
  for (const phone of phones) phone.disconnect();
});

test("a loan's decision is heard by the borrower's phone, as a deposit's is", async () => {
  const operatorToken = await t.operatorToken(await t.financeOperator());
  const borrower = await t.payingUser();
  const phone = await client(['websocket']);
  expect(await ask(phone, 'subscribe', { channel: 'account', token: borrower.token })).toEqual({ ok: true, room: 'account' });
  const told: unknown[] = [];
  phone.on('account', (payload) => told.push(payload));
  const config = (await t.get<LoanConfig>('/loan/config', { token: borrower.token })).body.data!;
  const product = config.products.find((p) => p.type === 'credit' && p.asset === 'USDT')!;
  const applied = await t.post<Loan>(
    '/loan/apply',
    { productId: product.id, amount: product.minAmount, frontDocument: await t.identityImage(borrower.token), fullName: 'Noor Safi', idType: 'passport', idNumber: 'Z1122334', accepted: true },
    { token: borrower.token },
  );
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  const rejected = await t.post('/ops/loans/reject', { id: applied.body.data!.id }, { token: operatorToken });
  expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
  await expect.poll(() => told).toEqual([{ change: 'loans/reject' }]);
});

test("a sign-in's ticket (password right, second factor owed) joins no account room; the session its second step opens does", async () => {
  const user = await t.signedInUser();
  const { secret } = await t.setUpTotp(user);
  const login = await t.post<{ secondFactor: { ticket: string } }>('/user/login', { account: user.username, password: user.password });
  const { ticket } = login.body.data!.secondFactor;
  const phone = await client(['websocket']);
  expect(await ask(phone, 'subscribe', { channel: 'account', token: ticket })).toEqual({ ok: false, error: 'session.required' });
  const opened = await t.post<{ token: string }>('/user/login/second-factor', { ticket, secondFactor: t.nextTotp(secret) });
  expect(opened.status).toBe(200);
  expect(await ask(phone, 'subscribe', { channel: 'account', token: opened.body.data!.token })).toEqual({ ok: true, room: 'account' });
});
