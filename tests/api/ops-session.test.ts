/**
 * The console's operator session (docs/ops-console.md, "Session"): the sign-in answers the browser
 * with an HttpOnly, SameSite=Strict cookie for /api/ops and no token a script could read; a change
 * made with the cookie needs the session's X-CSRF-Token; the command line keeps its bearer token;
 * sessions end when idle and at their end, are listed and ended by their operator; an operator
 * changes their own password and rotates their TOTP with what they know now; a user's token opens
 * no operator route and an operator's session no user route; the operator's replies are never cached.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { DEMO_OPERATOR } from '../../server/modules/ops/demo';
import { totpCode } from '../../server/security/totp';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

interface Who {
  username: string;
  password: string;
  secret: string;
}
const demo: Who = { username: DEMO_OPERATOR.username, password: DEMO_OPERATOR.password, secret: DEMO_OPERATOR.totpSecret };

interface Reply {
  status: number;
  body: { type: string; message: string; data: unknown; code: number; key?: string };
  headers: Record<string, string | string[] | number | undefined>;
}

async function call(method: 'GET' | 'POST', url: string, options: { cookie?: string; csrf?: string; token?: string; body?: unknown; host?: string } = {}): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.csrf) headers['x-csrf-token'] = options.csrf;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.host) headers.host = options.host;
  const response = await t.app.inject({ method, url: `/api${url}`, headers, ...(method === 'POST' ? { payload: (options.body ?? {}) as object } : {}) });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

/** Signs in as the console does (the clock first moves to a fresh TOTP step): the cookie and the session's CSRF value. */
async function consoleSignIn(who: Who = demo, host?: string): Promise<{ cookie: string; csrf: string; setCookie: string; login: Reply }> {
  t.clock.advance(30);
  const login = await call('POST', '/ops/login', { body: { username: who.username, password: who.password, totp: totpCode(who.secret, t.clock.now()) }, host });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  const setCookie = String(login.headers['set-cookie']);
  const cookie = setCookie.split(';')[0];
  const session = await call('GET', '/ops/session', { cookie, host });
  expect(session.status, JSON.stringify(session.body)).toBe(200);
  return { cookie, csrf: (session.body.data as { csrfToken: string }).csrfToken, setCookie, login };
}

async function cliSignIn(who: Who = demo): Promise<string> {
  t.clock.advance(30);
  const login = await call('POST', '/ops/login', { body: { username: who.username, password: who.password, totp: totpCode(who.secret, t.clock.now()), client: 'cli' } });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return (login.body.data as { token: string }).token;
}

async function newOperator(role: 'support' | 'finance' | 'admin'): Promise<Who> {
  const admin = await consoleSignIn();
  const username = `op${role}${Math.floor(Math.random() * 1e6)}`;
  const created = await call('POST', '/ops/operators', { ...admin, body: { username, password: 'correct horse battery', role } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return { username, password: 'correct horse battery', secret: (created.body.data as { totpSecret: string }).totpSecret };
}

describe('the console cookie', () => {
  test('the sign-in sets an HttpOnly, SameSite=Strict cookie for /api/ops only, and the reply carries no token', async () => {
    const { setCookie, login } = await consoleSignIn();
    expect(setCookie).toMatch(/^tessera_ops=[A-Za-z0-9_-]{20,};/);
    const attributes = setCookie.split(';').map((part) => part.trim());
    expect(attributes).toContain('HttpOnly');
    expect(attributes).toContain('SameSite=Strict');
    expect(attributes).toContain('Path=/api/ops');
    expect(attributes.find((part) => part.startsWith('Max-Age='))).toBe(`Max-Age=${8 * 3600}`);
    // Opened on the machine itself over plain http: no Secure, or the browser would drop it.
    expect(attributes).not.toContain('Secure');
    expect(login.body.data).toEqual({ expiresAt: expect.any(String) });
    expect(JSON.stringify(login.body)).not.toContain(setCookie.split(';')[0].split('=')[1]);
  });

  test('outside loopback the cookie is Secure', async () => {
    const { setCookie } = await consoleSignIn(demo, 'ops.example.org');
    expect(setCookie.split(';').map((part) => part.trim())).toContain('Secure');
  });

  test('the session tells the console who signed in, its ends and the CSRF value; no reply is cached', async () => {
    const { cookie } = await consoleSignIn();
    const session = await call('GET', '/ops/session', { cookie });
    expect(session.body.data).toMatchObject({ operator: { username: DEMO_OPERATOR.username, role: 'admin' }, idleMinutes: 30, csrfToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(session.headers['cache-control']).toBe('no-store');
    const refused = await call('GET', '/ops/session');
    expect(refused.status).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  test('a change with the cookie but without its CSRF value is refused and changes nothing', async () => {
    const { cookie, csrf } = await consoleSignIn();
    const [{ n: before }] = await rowsOf<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM operators`);
    const body = { username: `opcsrf${Date.now() % 100000}`, password: 'correct horse battery', role: 'support' };
    for (const given of [undefined, 'x', csrf.slice(0, -1) + (csrf.endsWith('A') ? 'B' : 'A')]) {
      const refused = await call('POST', '/ops/operators', { cookie, csrf: given, body });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toMatch(/Reload the page/);
    }
    const [{ n: after }] = await rowsOf<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM operators`);
    expect(after).toBe(before);
    // Another session's value does not fit this one.
    const other = await consoleSignIn();
    expect((await call('POST', '/ops/operators', { cookie, csrf: other.csrf, body })).status).toBe(403);
    // Reads need none; the right value passes.
    expect((await call('GET', '/ops/settings', { cookie })).status).toBe(200);
    expect((await call('POST', '/ops/operators', { cookie, csrf, body })).status).toBe(200);
  });

  test('the command line still signs in with a bearer token, which needs no CSRF value', async () => {
    const token = await cliSignIn();
    expect(token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const body = { username: `opcli${Date.now() % 100000}`, password: 'correct horse battery', role: 'support' };
    expect((await call('POST', '/ops/operators', { token, body })).status).toBe(200);
  });

  test('logout ends the session and clears the cookie', async () => {
    const { cookie, csrf } = await consoleSignIn();
    const out = await call('POST', '/ops/logout', { cookie, csrf });
    expect(out.status).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/^tessera_ops=; Path=\/api\/ops; Max-Age=0; HttpOnly; SameSite=Strict/);
    expect((await call('GET', '/ops/session', { cookie })).status).toBe(401);
  });
});

describe('sessions', () => {
  test('a session ends after 30 idle minutes, while requests keep it going up to its end', async () => {
    const { cookie } = await consoleSignIn();
    // Busy for 7 hours in steps of 20 minutes: still signed in.
    for (let step = 0; step < 21; step++) {
      t.clock.advance(20 * 60);
      expect((await call('GET', '/ops/settings', { cookie })).status).toBe(200);
    }
    // Past its eight hours it has ended, busy or not.
    t.clock.advance(60 * 60 + 1);
    expect((await call('GET', '/ops/settings', { cookie })).status).toBe(401);

    const idle = await consoleSignIn();
    t.clock.advance(29 * 60);
    expect((await call('GET', '/ops/settings', { cookie: idle.cookie })).status).toBe(200);
    t.clock.advance(30 * 60 + 1);
    const gone = await call('GET', '/ops/settings', { cookie: idle.cookie });
    expect(gone.status).toBe(401);
    expect(gone.body.type).toBe('999');
  });

  test('an operator lists their own sessions and ends one; another operator cannot see or end it', async () => {
    const who = await newOperator('support');
    const first = await consoleSignIn(who);
    const token = await cliSignIn(who);
    const list = await call('GET', '/ops/sessions', { cookie: first.cookie });
    const sessions = list.body.data as { id: number; client: string; current: boolean }[];
    expect(sessions.map((entry) => [entry.client, entry.current])).toEqual([
      ['cli', false],
      ['console', true],
    ]);
    const cliSession = sessions[0].id;
    // Someone else's session is not found, and stays open.
    const other = await consoleSignIn();
    expect((await call('POST', '/ops/sessions/end', { ...other, body: { id: cliSession } })).status).toBe(404);
    expect((await call('GET', '/ops/settings', { token })).status).toBe(200);
    expect((await call('POST', '/ops/sessions/end', { ...first, body: { id: cliSession } })).status).toBe(200);
    expect((await call('GET', '/ops/settings', { token })).status).toBe(401);
    expect((await call('GET', '/ops/settings', { cookie: first.cookie })).status).toBe(200);
  });

  test('log out everywhere ends every session of the operator and no other operator\'s', async () => {
    const who = await newOperator('support');
    const a = await consoleSignIn(who);
    const b = await cliSignIn(who);
    const bystander = await consoleSignIn();
    const out = await call('POST', '/ops/logout/all', { ...a });
    expect(out.body.data).toEqual({ ended: 2 });
    expect((await call('GET', '/ops/settings', { cookie: a.cookie })).status).toBe(401);
    expect((await call('GET', '/ops/settings', { token: b })).status).toBe(401);
    expect((await call('GET', '/ops/settings', { cookie: bystander.cookie })).status).toBe(200);
  });
});

describe('the operator\'s own password and TOTP', () => {
  test('a new password with the current one: the other sessions end, the old password no longer signs in; audited', async () => {
    const who = await newOperator('finance');
    const here = await consoleSignIn(who);
    const elsewhere = await cliSignIn(who);
    const wrong = await call('POST', '/ops/password', { ...here, body: { currentPassword: 'not it at all', newPassword: 'a brand new passphrase' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('The current password is not correct.');
    const short = await call('POST', '/ops/password', { ...here, body: { currentPassword: who.password, newPassword: 'short' } });
    expect(short.status).toBe(400);
    const changed = await call('POST', '/ops/password', { ...here, body: { currentPassword: who.password, newPassword: 'a brand new passphrase' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toEqual({ ended: 1 });
    expect((await call('GET', '/ops/settings', { token: elsewhere })).status).toBe(401);
    expect((await call('GET', '/ops/settings', { cookie: here.cookie })).status).toBe(200);
    t.clock.advance(30);
    const old = await call('POST', '/ops/login', { body: { username: who.username, password: who.password, totp: totpCode(who.secret, t.clock.now()) } });
    expect(old.status).toBe(401);
    await consoleSignIn({ ...who, password: 'a brand new passphrase' });
    const audit = await rowsOf<{ action: string }>(t.database.db, sql`SELECT action FROM audit_log WHERE subject LIKE 'operator:%' AND action = 'operator.password' AND operator_id = (SELECT id FROM operators WHERE username = ${who.username})`);
    expect(audit).toHaveLength(1);
  });

  test('a TOTP rotation needs a current code, then a code of the new secret; until then the old one signs in', async () => {
    const who = await newOperator('support');
    const here = await consoleSignIn(who);
    t.clock.advance(30);
    const wrong = await call('POST', '/ops/totp/rotate', { ...here, body: { totp: '000000' } });
    expect(wrong.status).toBe(401);
    t.clock.advance(30);
    const started = await call('POST', '/ops/totp/rotate', { ...here, body: { totp: totpCode(who.secret, t.clock.now()) } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const { totpSecret, otpauthUrl } = started.body.data as { totpSecret: string; otpauthUrl: string };
    expect(totpSecret).not.toBe(who.secret);
    expect(otpauthUrl).toContain(totpSecret);
    // Not confirmed yet: the old secret still signs in, the new one not.
    await consoleSignIn(who);
    t.clock.advance(30);
    const early = await call('POST', '/ops/login', { body: { username: who.username, password: who.password, totp: totpCode(totpSecret, t.clock.now()) } });
    expect(early.status).toBe(401);
    // Confirmed with a wrong code: nothing changes.
    expect((await call('POST', '/ops/totp/confirm', { ...here, body: { totp: '123 456' } })).status).toBe(401);
    t.clock.advance(30);
    const confirmed = await call('POST', '/ops/totp/confirm', { ...here, body: { totp: totpCode(totpSecret, t.clock.now()) } });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    // The confirming code cannot sign in again; the old secret no longer signs in; the new one does.
    const replay = await call('POST', '/ops/login', { body: { username: who.username, password: who.password, totp: totpCode(totpSecret, t.clock.now()) } });
    expect(replay.status).toBe(401);
    t.clock.advance(30);
    const oldSecret = await call('POST', '/ops/login', { body: { username: who.username, password: who.password, totp: totpCode(who.secret, t.clock.now()) } });
    expect(oldSecret.status).toBe(401);
    t.clock.advance(15 * 60);
    await consoleSignIn({ ...who, secret: totpSecret });
    expect((await call('POST', '/ops/totp/confirm', { ...here, body: { totp: totpCode(totpSecret, t.clock.now()) } })).status).toBe(404);
  });
});

describe('operators and users apart', () => {
  test("a user's token opens no operator route, and an operator's session no user route", async () => {
    const user = await t.signedInUser();
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json<{ paths: Record<string, Record<string, { security?: { [scheme: string]: string[] }[] }>> }>();
    const operator = await consoleSignIn();
    const operatorToken = await cliSignIn();
    let operatorRoutes = 0;
    let userRoutes = 0;
    for (const [path, operations] of Object.entries(docs.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const schemes = (operation.security ?? []).flatMap((entry) => Object.keys(entry));
        const url = path.replace(/^\/api/, '').replace(/\{[^}]+\}/g, '1');
        const verb = method.toUpperCase() as 'GET' | 'POST';
        if (schemes.includes('operatorToken')) {
          operatorRoutes++;
          const reply = await call(verb, url, { token: user.token, body: {} });
          expect([reply.status, `${verb} ${path}`]).toEqual([401, `${verb} ${path}`]);
        } else if (schemes.includes('token') && !(operation.security ?? []).some((entry) => Object.keys(entry).length === 0)) {
          userRoutes++;
          for (const reply of [await call(verb, url, { token: operatorToken, body: {} }), await call(verb, url, { cookie: operator.cookie, body: {} })]) {
            expect([reply.status, `${verb} ${path}`]).toEqual([401, `${verb} ${path}`]);
          }
        }
      }
    }
    expect(operatorRoutes).toBeGreaterThan(40);
    expect(userRoutes).toBeGreaterThan(40);
  });
});
