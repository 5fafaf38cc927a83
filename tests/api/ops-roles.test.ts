/**
 * Each operator role against each operator route (issue 36, "Tests: each role against each
 * route"). The routes are the operations /api/docs documents with the operator schemes, whose
 * scope names the least role allowed (support < finance < admin): an operator below it is refused
 * 403 ops.roleForbidden and nothing in the database changes; the documented role and the roles
 * above it are let through (their dummy input may still be refused as bad or unknown). With the
 * console's cookie session every POST without its X-CSRF-Token is refused 403 ops.csrf, again
 * changing nothing. No list of routes is written here: a route added tomorrow is walked tomorrow.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { OPERATOR_ROLES, roleAllows, type OperatorRole } from '../../src/domain/operators';
import { rowsOf } from '../../server/db/rows';
import { operators } from '../../server/db/schema';
import { DEMO_OPERATOR } from '../../server/modules/ops/demo';
import { totpCode } from '../../server/security/totp';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
const operatorId = {} as Record<OperatorRole, string>;

interface Operation {
  verb: 'GET' | 'POST';
  path: string;
  /** The path with a dummy value for each parameter. */
  url: string;
  /** The roles named by the operator schemes of its security, one per scheme. */
  roles: string[];
}

/** Every operation of /api/docs under the operator schemes (or under /api/ops at all). */
const operations: Operation[] = [];
/** Paths under /api/ops that /api/docs documents without any operator scheme. */
const unguarded: string[] = [];

beforeAll(async () => {
  t = await startTestApp();
  for (const role of OPERATOR_ROLES) {
    const [row] = await t.database.db
      .insert(operators)
      .values({ username: `roles-${role}`, passwordHash: 'not-used-here', role, createdAt: t.clock.now() })
      .returning({ id: operators.id });
    operatorId[role] = row.id;
  }
  const docs = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json<{
    paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
  }>();
  for (const [path, methods] of Object.entries(docs.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const verb = method.toUpperCase() as 'GET' | 'POST';
      const requirements = (operation.security ?? []).filter((entry) => 'operatorToken' in entry || 'operatorCookie' in entry);
      if (requirements.length === 0) {
        if (path.startsWith('/api/ops')) unguarded.push(`${verb} ${path}`);
        continue;
      }
      const url = path.replace(/^\/api/, '').replace(/\{[^}]+\}/g, '999999');
      operations.push({ verb, path, url, roles: requirements.flatMap((entry) => Object.values(entry).flat()) });
    }
  }
});
afterAll(() => t?.close());

interface Reply {
  status: number;
  key: string | undefined;
}

/** Dummy input that finds nothing to act on: no query, a number id where one is asked for. */
async function call(operation: Operation, headers: Record<string, string>): Promise<Reply> {
  const response = await t.app.inject({
    method: operation.verb,
    url: `/api${operation.url}`,
    headers,
    ...(operation.verb === 'POST' ? { payload: { id: 999999 } } : {}),
  });
  let key: string | undefined;
  try {
    key = response.json<{ key?: string }>().key;
  } catch {
    key = undefined; // a file or a CSV: not a refusal
  }
  return { status: response.statusCode, key };
}

/** A fresh session of the operator of `role`, so a call that ends sessions ends only its own. */
async function bearer(role: OperatorRole): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await t.operatorToken(operatorId[role])}` };
}

/**
 * What the database holds: every table's rows, but the operators' sessions only counted (a
 * request with a session notes when it was last seen).
 */
async function snapshot(): Promise<Record<string, string>> {
  const tables = await rowsOf<{ name: string }>(
    t.database.db,
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const state: Record<string, string> = {};
  for (const { name } of tables) {
    const table = sql.identifier(name);
    const [row] =
      name === 'operator_sessions'
        ? await rowsOf<{ v: string }>(t.database.db, sql`SELECT count(*)::text AS v FROM ${table}`)
        : await rowsOf<{ v: string }>(t.database.db, sql`SELECT count(*)::text || ':' || md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS v FROM ${table} x`);
    state[name] = row.v;
  }
  return state;
}

async function counted(table: 'audit_log' | 'ledger_transfers'): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`);
  return row.n;
}

describe('the documented roles', () => {
  test('every operator operation of /api/docs names one role, the same in both schemes, and every /api/ops path but the sign-in has them', () => {
    expect(operations.length).toBeGreaterThan(50);
    for (const operation of operations) {
      const roles = new Set(operation.roles);
      expect([`${operation.verb} ${operation.path}`, operation.roles.length, roles.size, OPERATOR_ROLES.includes([...roles][0] as OperatorRole)]).toEqual([
        `${operation.verb} ${operation.path}`,
        2,
        1,
        true,
      ]);
    }
    expect(unguarded).toEqual(['POST /api/ops/login']);
    // All three roles occur: a walk where everything were "support" would test no refusal.
    expect(new Set(operations.map((operation) => operation.roles[0]))).toEqual(new Set(OPERATOR_ROLES));
  });
});

describe('each role against each route', () => {
  test('a role below the documented one is refused 403 ops.roleForbidden, and nothing changes', async () => {
    // One session per role, opened before the count: a refused call ends none.
    const sessions = {} as Record<OperatorRole, Record<string, string>>;
    for (const role of OPERATOR_ROLES) sessions[role] = await bearer(role);
    const before = await snapshot();
    const [audit, transfers] = [await counted('audit_log'), await counted('ledger_transfers')];
    let refused = 0;
    for (const operation of operations) {
      const needed = operation.roles[0] as OperatorRole;
      for (const role of OPERATOR_ROLES.filter((role) => !roleAllows(role, needed))) {
        const reply = await call(operation, sessions[role]);
        expect([`${role} ${operation.verb} ${operation.path}`, reply.status, reply.key]).toEqual([`${role} ${operation.verb} ${operation.path}`, 403, 'ops.roleForbidden']);
        refused++;
      }
    }
    // support is refused everything above it, finance everything of admin's.
    expect(refused).toBe(operations.reduce((sum, operation) => sum + OPERATOR_ROLES.indexOf(operation.roles[0] as OperatorRole), 0));
    expect(refused).toBeGreaterThan(20);
    expect(await counted('audit_log')).toBe(audit);
    expect(await counted('ledger_transfers')).toBe(transfers);
    expect(await snapshot()).toEqual(before);
  });

  test('with the console cookie, every POST without its X-CSRF-Token is refused 403 ops.csrf, and nothing changes', async () => {
    t.clock.advance(30);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/ops/login',
      payload: { username: DEMO_OPERATOR.username, password: DEMO_OPERATOR.password, totp: totpCode(DEMO_OPERATOR.totpSecret, t.clock.now()) },
    });
    expect(login.statusCode, login.body).toBe(200);
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    const session = await t.app.inject({ method: 'GET', url: '/api/ops/session', headers: { cookie } });
    expect(session.json<{ data: { operator: { role: string } } }>().data.operator.role).toBe('admin');

    const before = await snapshot();
    const [audit, transfers] = [await counted('audit_log'), await counted('ledger_transfers')];
    const posts = operations.filter((operation) => operation.verb === 'POST');
    for (const operation of posts) {
      const reply = await call(operation, { cookie });
      expect([`${operation.verb} ${operation.path}`, reply.status, reply.key]).toEqual([`${operation.verb} ${operation.path}`, 403, 'ops.csrf']);
    }
    expect(posts.length).toBeGreaterThan(25);
    expect(await counted('audit_log')).toBe(audit);
    expect(await counted('ledger_transfers')).toBe(transfers);
    expect(await snapshot()).toEqual(before);
    // The same cookie still reads: the session is alive, and it was only the missing value.
    expect((await t.app.inject({ method: 'GET', url: '/api/ops/session', headers: { cookie } })).statusCode).toBe(200);
  });

  test('the documented role and the roles above it are let through (their dummy input may still be refused)', async () => {
    const [audit, transfers] = [await counted('audit_log'), await counted('ledger_transfers')];
    let allowed = 0;
    for (const operation of operations) {
      const needed = operation.roles[0] as OperatorRole;
      for (const role of OPERATOR_ROLES.filter((role) => roleAllows(role, needed))) {
        const reply = await call(operation, await bearer(role));
        const label = `${role} ${operation.verb} ${operation.path}: ${reply.status} ${reply.key}`;
        expect(reply.status === 401 || reply.key === 'ops.roleForbidden' || reply.key === 'ops.csrf' || reply.status >= 500, label).toBe(false);
        allowed++;
      }
    }
    expect(allowed).toBe(operations.reduce((sum, operation) => sum + OPERATOR_ROLES.length - OPERATOR_ROLES.indexOf(operation.roles[0] as OperatorRole), 0));
    // The dummy input acted on nothing: no decision, correction or setting was made.
    expect(await counted('audit_log')).toBe(audit);
    expect(await counted('ledger_transfers')).toBe(transfers);
    // The walk's operators are still there, none disabled.
    const rows = await rowsOf<{ disabled: boolean }>(t.database.db, sql`SELECT disabled FROM operators WHERE username LIKE 'roles-%'`);
    expect(rows.map((row) => row.disabled)).toEqual([false, false, false]);
  });
});
