/**
 * The Redis of the test machine, spoken to directly: is it there, who is connected. TEST_REDIS_URL
 * names it (default redis://127.0.0.1:6379); `.ci/run` sets it to the port it started Redis on.
 */
import net from 'node:net';

const url = new URL(process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379');
export const REDIS = { host: url.hostname, port: Number(url.port || 6379), url: url.href.replace(/\/$/, '') };

/** Sends one command to Redis; null when it does not answer within half a second. */
export function redisCommand(command: string): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = net.connect(REDIS.port, REDIS.host);
    let reply = '';
    const finish = (value: string | null) => {
      socket.destroy();
      resolve(value);
    };
    socket.setTimeout(500, () => finish(null));
    socket.on('error', () => finish(null));
    socket.on('connect', () => socket.write(`${command}\r\n`));
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.endsWith('\r\n')) finish(reply);
    });
  });
}

export async function redisAnswers(): Promise<boolean> {
  return (await redisCommand('PING'))?.startsWith('+PONG') ?? false;
}

/**
 * Whether the services a test file needs are there, for `describe.skipIf(!...)`. On a developer's
 * machine a missing one skips the file with a warning; under CI (CI=true), where `.ci/run` starts
 * them, it fails the file instead, so a green run never hides tests that did not run.
 */
export async function servicesFor(what: string, needs: { postgres?: boolean; redis?: boolean }): Promise<boolean> {
  const missing = [
    needs.postgres && !process.env.TEST_DATABASE_URL ? 'PostgreSQL (TEST_DATABASE_URL)' : '',
    needs.redis && !(await redisAnswers()) ? `Redis at ${REDIS.url} (TEST_REDIS_URL)` : '',
  ].filter(Boolean);
  if (missing.length === 0) return true;
  const message = `${what} cannot run without ${missing.join(' and ')}`;
  // Under CI only Redis must be there in every run: the PostgreSQL-only files skip in the PGlite run and run in the PostgreSQL one.
  if (process.env.CI === 'true' && needs.redis && missing.some((m) => m.startsWith('Redis'))) throw new Error(`${message}: under CI it must run, not skip`);
  console.warn(`Skipping: ${message}.`);
  return false;
}
