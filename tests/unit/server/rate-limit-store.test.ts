/** The Redis rate-limit store's fallback: counted in memory, and said once in the log. */
import type { FastifyBaseLogger } from 'fastify';
import { expect, test } from 'vitest';
import { sharedRateLimitStore } from '../../../server/http/rate-limit-store';

function recordingLog() {
  const lines: Array<{ level: string; message: string }> = [];
  const at = (level: string) => (first: unknown, second?: unknown) => {
    lines.push({ level, message: String(typeof first === 'string' ? first : second) });
  };
  const log = { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') } as unknown as FastifyBaseLogger;
  return { log, lines };
}

test('while Redis does not answer, hits are counted in memory and the outage is logged once as an error', async () => {
  const { log, lines } = recordingLog();
  // Nothing listens on port 1.
  const shared = sharedRateLimitStore('redis://127.0.0.1:1', 'unit:', log);
  await shared.connected();
  const store = new shared.Store({});
  const hit = (key: string) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) => {
      (store.incr as (key: string, cb: (error: Error | null, result?: { current: number; ttl: number }) => void, windowMs: number) => void)(
        key,
        (error, result) => (error ? reject(error) : resolve(result!)),
        60_000,
      );
    });
  const counts = [];
  for (let i = 0; i < 3; i++) counts.push((await hit('login-ip:10.0.0.1')).current);
  expect(counts).toEqual([1, 2, 3]);
  expect((await hit('login-ip:10.0.0.2')).current).toBe(1);
  expect((await hit('login-ip:10.0.0.1')).ttl).toBeLessThanOrEqual(60_000);
  expect(lines.filter((line) => line.level === 'error')).toHaveLength(1);
  expect(lines[0].message).toMatch(/rate limits are counted per process/);
  await shared.close();
});
