/**
 * A session ended in one server process takes its sockets out of their private room in every
 * process at once: two real server processes on one PostgreSQL database and one Redis; the demo
 * user's phone is connected to the second process; logging out through the first ends that
 * phone's live events at once (PostgreSQL's NOTIFY of ended sessions, server/realtime/sessions.ts),
 * while another session of the same user keeps hearing its account. The periodic sweep is set to
 * an hour here, so only the immediate path can pass this test.
 * Needs PostgreSQL (TEST_DATABASE_URL) and Redis (TEST_REDIS_URL, default 127.0.0.1:6379).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { totpCode } from '../../server/security/totp';
import { DEMO, OPERATOR, call, phone } from './cluster-clients';
import { REDIS, servicesFor } from './redis';
import { clusterEnvironment, startServerProcess, type ServerProcess } from './server-process';

const serverUrl = process.env.TEST_DATABASE_URL;
const servicesUp = await servicesFor('the two-process sessions test', { postgres: true, redis: true });

describe.skipIf(!servicesUp)('sessions ended across two server processes', () => {
  let first: ServerProcess;
  let second: ServerProcess;
  let drop: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    const cluster = await clusterEnvironment(serverUrl!, 'sessions', REDIS.url);
    drop = cluster.drop;
    const env = { ...cluster.env, SEED_DEMO: 'true', SOCKET_SESSION_SWEEP_SECONDS: '3600' };
    first = await startServerProcess(env);
    second = await startServerProcess(env);
  }, 150_000);

  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await drop();
  });

  test('a logout through one process ends the live events of that session on the other at once; another session keeps its own', async () => {
    const loggedOut = (await call<{ token: string }>(first.url, 'POST', '/user/login', null, DEMO)).token;
    const staying = (await call<{ token: string }>(first.url, 'POST', '/user/login', null, DEMO)).token;
    const userId = (await call<{ id: string }>(first.url, 'GET', '/user/info', staying)).id;
    const gone = await phone(second.url, loggedOut);
    const kept = await phone(second.url, staying);
    try {
      await call(first.url, 'GET', '/user/logout', loggedOut);
      const started = Date.now();
      while (gone.ended() === 0 && Date.now() - started < 5000) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(gone.ended(), 'the logged-out phone is told within 5 s').toBe(1);
      expect(kept.ended()).toBe(0);

      // An operator's correction through the first process: only the session still open hears it.
      const operator = (await call<{ token: string }>(first.url, 'POST', '/ops/login', null, { ...OPERATOR, secret: undefined, totp: totpCode(OPERATOR.secret, new Date()), client: 'cli' })).token;
      await call(first.url, 'POST', '/ops/adjustments', operator, { userId, asset: 'USDT', amount: '1', reason: 'Test of the live events after a logout' });
      const deadline = Date.now() + 5000;
      while (kept.heard.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(kept.heard).toEqual([{ change: 'adjustments' }]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(gone.heard).toEqual([]);
    } finally {
      gone.socket.disconnect();
      kept.socket.disconnect();
    }
  }, 60_000);
});
