/**
 * Devices and sign-ins (issue 37, point 7): a user's live sessions with their device and address,
 * this one marked; ending one (its token is gone at once and its socket leaves the account room)
 * or all the others; another user's session id ends nothing; the last 30 days of sign-ins, wrong
 * passwords included and tries at unknown accounts nowhere.
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AccountSessions, SessionsEnded, SignIn } from '../../src/domain/devices';
import type { Page } from '../../src/domain/wire';
import { rowsOf } from '../../server/db/rows';
import { sweep } from '../../server/housekeeping';
import { OTHER_PASSWORD, startTestApp, type TestApp } from './harness';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPHONE_LATER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

let t: TestApp;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t?.close();
});

/** A sign-in from a browser (its User-Agent) at an address. */
async function loginFrom(account: string, password: string, userAgent: string, ip: string) {
  const response = await t.app.inject({ method: 'POST', url: '/api/user/login', remoteAddress: ip, headers: { 'user-agent': userAgent }, payload: { account, password } });
  return { status: response.statusCode, body: response.json() as { key?: string; data: { token: string } } };
}

async function signIn(account: string, password: string, userAgent: string, ip: string): Promise<string> {
  const reply = await loginFrom(account, password, userAgent, ip);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data.token;
}

const sessionsSeenBy = async (token: string) => {
  const reply = await t.get<AccountSessions>('/safe/sessions', { token });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data!;
};

const signInsSeenBy = async (token: string) => {
  const reply = await t.get<Page<SignIn>>('/safe/sign_ins', { token });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data!;
};

const statusOf = async (token: string) => {
  const reply = await t.get('/user/info', { token });
  return reply.status === 200 ? 'live' : `${reply.status} ${reply.body.key}`;
};

describe('the sessions list', () => {
  test('two sign-ins from different browsers appear with their device and address, the one asking marked current', async () => {
    const user = await t.registerByEmail();
    const phone = await signIn(user.username, user.password, IPHONE, '198.51.100.7');
    t.clock.advance(60);
    const computer = await signIn(user.email, user.password, WINDOWS, '203.0.113.9');

    const seen = await sessionsSeenBy(computer);
    expect(seen.total).toBe(2);
    expect(seen.list.map(({ id: _id, expiresAt: _expires, ...session }) => session)).toEqual([
      { createdAt: t.clock.now().toISOString(), ip: '203.0.113.9', device: { kind: 'computer', os: 'Windows', browser: 'Chrome 126' }, current: true },
      { createdAt: new Date(t.clock.now().getTime() - 60_000).toISOString(), ip: '198.51.100.7', device: { kind: 'phone', os: 'iOS 17', browser: 'Safari 17' }, current: false },
    ]);
    // The phone sees the same two, itself marked.
    const fromPhone = await sessionsSeenBy(phone);
    expect(fromPhone.list.map((session) => [session.ip, session.current])).toEqual([
      ['198.51.100.7', true],
      ['203.0.113.9', false],
    ]);
  });

  test("ending the other session: its token is gone at once, its socket leaves the account room; ended twice it is not found", async () => {
    const user = await t.registerByEmail();
    const phone = await signIn(user.username, user.password, IPHONE, '198.51.100.7');
    const computer = await signIn(user.username, user.password, WINDOWS, '203.0.113.9');
    const socket = connect(url, { path: '/socket.io', transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    await new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(undefined));
      socket.once('connect_error', reject);
    });
    let ended = 0;
    socket.on('session:ended', () => ended++);
    expect(await socket.timeout(5000).emitWithAck('subscribe', { channel: 'account', token: phone })).toEqual({ ok: true, room: 'account' });

    const phoneId = (await sessionsSeenBy(computer)).list.find((session) => !session.current)!.id;
    const end = await t.post<SessionsEnded>('/safe/sessions/end', { id: phoneId }, { token: computer });
    expect(end.status, JSON.stringify(end.body)).toBe(200);
    expect(end.body.data).toEqual({ ended: 1 });
    expect(await statusOf(phone)).toBe('401 session.gone');
    // At once, not at the next periodic sweep (15 s).
    await expect.poll(() => ended).toBe(1);
    expect(await socket.timeout(5000).emitWithAck('subscribe', { channel: 'account', token: phone })).toEqual({ ok: false, error: 'session.required' });

    expect(await statusOf(computer)).toBe('live');
    expect((await sessionsSeenBy(computer)).list.map((session) => session.current)).toEqual([true]);
    const again = await t.post('/safe/sessions/end', { id: phoneId }, { token: computer });
    expect(again.status).toBe(404);
    expect(again.body.key).toBe('record.notFound');
  });

  test("another user's session id is not found and ends nothing", async () => {
    const victim = await t.registerByEmail();
    const victimToken = await signIn(victim.username, victim.password, ANDROID, '198.51.100.20');
    const victimSession = (await sessionsSeenBy(victimToken)).list[0].id;
    const intruder = await t.signedInUser();

    for (const id of [victimSession, 2 ** 31 - 1]) {
      const reply = await t.post('/safe/sessions/end', { id }, { token: intruder.token });
      expect(reply.status).toBe(404);
      expect(reply.body.key).toBe('record.notFound');
    }
    expect(await statusOf(victimToken)).toBe('live');
    expect((await sessionsSeenBy(victimToken)).list.map((session) => session.id)).toEqual([victimSession]);
    // The intruder's own list has only the intruder's session.
    expect((await sessionsSeenBy(intruder.token)).list).toHaveLength(1);
  });

  test('ending all other sessions keeps only the one asking', async () => {
    const user = await t.registerByEmail();
    const first = await signIn(user.username, user.password, IPHONE, '198.51.100.7');
    const second = await signIn(user.username, user.password, ANDROID, '198.51.100.8');
    const third = await signIn(user.username, user.password, WINDOWS, '203.0.113.9');
    const others = await t.post<SessionsEnded>('/safe/sessions/end_others', {}, { token: third });
    expect(others.status, JSON.stringify(others.body)).toBe(200);
    expect(others.body.data).toEqual({ ended: 2 });
    expect([await statusOf(first), await statusOf(second), await statusOf(third)]).toEqual(['401 session.gone', '401 session.gone', 'live']);
    expect(await sessionsSeenBy(third)).toMatchObject({ total: 1, list: [{ ip: '203.0.113.9', current: true }] });
    // Nothing left to end.
    expect((await t.post<SessionsEnded>('/safe/sessions/end_others', {}, { token: third })).body.data).toEqual({ ended: 0 });
  });

  test('without a session: 401', async () => {
    expect((await t.get('/safe/sessions')).status).toBe(401);
    expect((await t.post('/safe/sessions/end_others', {})).status).toBe(401);
    expect((await t.get('/safe/sign_ins')).status).toBe(401);
  });
});

describe('the sign-ins', () => {
  test('a wrong password is a failed attempt with its device and address; a new device is flagged, an update of the browser is not', async () => {
    const user = await t.registerByEmail();
    await signIn(user.username, user.password, IPHONE, '198.51.100.7');
    t.clock.advance(60);
    const wrong = await loginFrom(user.email, OTHER_PASSWORD, ANDROID, '192.0.2.66');
    expect(wrong.body.key).toBe('login.failed');
    t.clock.advance(60);
    await signIn(user.username, user.password, WINDOWS, '203.0.113.9');
    t.clock.advance(60);
    const token = await signIn(user.username, user.password, IPHONE_LATER, '198.51.100.7');

    const page = await signInsSeenBy(token);
    expect(page.total).toBe(4);
    expect(page.list.map(({ id: _id, ...entry }) => entry)).toEqual([
      { at: t.clock.now().toISOString(), outcome: 'ok', ip: '198.51.100.7', device: { kind: 'phone', os: 'iOS 18', browser: 'Safari 18' }, newDevice: false },
      { at: new Date(t.clock.now().getTime() - 60_000).toISOString(), outcome: 'ok', ip: '203.0.113.9', device: { kind: 'computer', os: 'Windows', browser: 'Chrome 126' }, newDevice: true },
      { at: new Date(t.clock.now().getTime() - 120_000).toISOString(), outcome: 'password', ip: '192.0.2.66', device: { kind: 'phone', os: 'Android 14', browser: 'Chrome 126' }, newDevice: true },
      // The first sign-in on record is the one right after sign-up: not a new device.
      { at: new Date(t.clock.now().getTime() - 180_000).toISOString(), outcome: 'ok', ip: '198.51.100.7', device: { kind: 'phone', os: 'iOS 17', browser: 'Safari 17' }, newDevice: false },
    ]);
    // Pages of the list.
    const second = await t.get<Page<SignIn>>('/safe/sign_ins', { token, query: { page: '2', pageSize: '3' } });
    expect(second.body.data).toMatchObject({ total: 4, page: 2, pageSize: 3, list: [{ outcome: 'ok', device: { os: 'iOS 17' } }] });
  });

  test("tries at an unknown account and at a locked one are recorded nowhere; another user's sign-ins are not shown", async () => {
    const user = await t.registerByEmail();
    const rows = async () => Number((await rowsOf<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM sign_ins`))[0].n);
    const before = await rows();
    expect((await loginFrom('nobody-here@example.com', OTHER_PASSWORD, WINDOWS, '192.0.2.1')).body.key).toBe('login.failed');
    expect(await rows()).toBe(before);

    const keys: (string | undefined)[] = [];
    for (let i = 0; i < 6; i++) keys.push((await loginFrom(user.username, OTHER_PASSWORD, WINDOWS, '192.0.2.2')).body.key);
    expect(keys).toEqual(['login.failed', 'login.failed', 'login.failed', 'login.failed', 'login.locked', 'login.locked']);
    // Five passwords were checked, the sixth try met the lock.
    expect(await rows()).toBe(before + 5);

    t.clock.advance(15 * 60);
    const token = await signIn(user.username, user.password, WINDOWS, '192.0.2.3');
    expect((await signInsSeenBy(token)).list.map((entry) => entry.outcome)).toEqual(['ok', 'password', 'password', 'password', 'password', 'password']);
    const other = await t.signedInUser();
    expect((await signInsSeenBy(other.token)).list.map((entry) => entry.outcome)).toEqual(['ok']);
  });

  test('kept 30 days: older ones are not shown, and the hourly sweep forgets them', async () => {
    const user = await t.registerByEmail();
    await signIn(user.username, user.password, IPHONE, '198.51.100.7');
    const userId = await t.userIdOf(await signIn(user.username, user.password, IPHONE, '198.51.100.7'));
    const kept = async () => Number((await rowsOf<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM sign_ins WHERE user_id = ${userId}`))[0].n);
    t.clock.advance(29 * 24 * 3600);
    await sweep(t.database.db, t.clock.now);
    expect(await kept()).toBe(2);
    t.clock.advance(2 * 24 * 3600);
    const token = await signIn(user.username, user.password, IPHONE, '198.51.100.7');
    // The earlier two are past their 30 days: only today's is listed, and it is no new device.
    expect((await signInsSeenBy(token)).list.map((entry) => [entry.outcome, entry.newDevice])).toEqual([['ok', false]]);
    const report = await sweep(t.database.db, t.clock.now);
    expect(report.signIns).toBeGreaterThanOrEqual(2);
    expect(await kept()).toBe(1);
  });
});
