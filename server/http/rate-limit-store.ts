/**
 * The counters of the rate limits in Redis (REDIS_URL), so that every server process behind a
 * proxy draws on one allowance. A store for @fastify/rate-limit: fixed windows, as its
 * in-memory store counts them.
 *
 * When Redis does not answer, each process counts in its own memory — as without REDIS_URL —
 * and logs an error, until Redis answers again. Refusing every login and every code while Redis
 * is down (failing closed) would turn a cache outage into a full outage; not counting at all
 * (failing open) would drop the limits entirely. The lockouts, which guard each account's
 * passwords and codes, are in the database and do not depend on Redis.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;

// One round trip: the count, and the window's expiry set by its first hit.
const COUNT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if current == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

/** How long a request waits for Redis before it is counted in memory instead. */
const COMMAND_TIMEOUT_MS = 500;
/** How long the start waits for the first connection. */
const CONNECT_WAIT_MS = 3000;
/** Keys kept in memory while Redis is away; the oldest windows go first. */
const MEMORY_KEYS = 10_000;

/** Fixed windows in this process's memory. */
class MemoryCounters {
  private readonly windows = new Map<string, { current: number; endsAt: number }>();

  count(key: string, windowMs: number): Counted {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      this.windows.delete(key);
      window = { current: 0, endsAt: now + windowMs };
      if (this.windows.size >= MEMORY_KEYS) this.forgetOld(now);
      this.windows.set(key, window);
    }
    window.current += 1;
    return { current: window.current, ttl: window.endsAt - now };
  }

  private forgetOld(now: number): void {
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
    // Still full: drop the oldest (a Map iterates in insertion order).
    for (const key of this.windows.keys()) {
      if (this.windows.size < MEMORY_KEYS) break;
      this.windows.delete(key);
    }
  }
}

type CountingRedis = Redis & { countHit(key: string, windowMs: number): Promise<[number, number]> };

export interface SharedRateLimitStore {
  /** The store class to give @fastify/rate-limit (`store`). */
  Store: FastifyRateLimitStoreCtor;
  /** Resolves once Redis answered or the wait is over (then requests are counted in memory). */
  connected(): Promise<void>;
  close(): Promise<void>;
}

export function sharedRateLimitStore(url: string, prefix: string, log: FastifyBaseLogger): SharedRateLimitStore {
  const redis = new Redis(url, {
    // Down means counted in memory at once, not queued until Redis comes back.
    enableOfflineQueue: false,
    commandTimeout: COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    // Named after the prefix, so an operator tells the installations apart in CLIENT LIST.
    connectionName: `${prefix.replace(/[^\w:.-]/g, '_')}rate-limits`,
  }) as CountingRedis;
  redis.defineCommand('countHit', { numberOfKeys: 1, lua: COUNT_SCRIPT });
  const memory = new MemoryCounters();

  let shared = true;
  function lost(error: unknown): void {
    if (!shared) return;
    shared = false;
    log.error({ err: error }, 'Redis (REDIS_URL) does not answer: rate limits are counted per process until it does');
  }
  redis.on('error', lost);
  redis.on('ready', () => {
    if (shared) return;
    shared = true;
    log.warn('Redis (REDIS_URL) answers again: rate limits are shared again');
  });

  class Store implements FastifyRateLimitStore {
    // The plugin passes the limit's window as a third argument its types leave out.
    incr(key: string, callback: Callback, timeWindow = 60_000): void {
      redis.countHit(`${prefix}rate:${key}`, timeWindow).then(
        ([current, ttl]) => callback(null, { current, ttl }),
        (error: unknown) => {
          lost(error);
          callback(null, memory.count(key, timeWindow));
        },
      );
    }

    // Each limit's keys already carry its name (see limitBy).
    child(): Store {
      return this;
    }
  }

  return {
    Store,
    connected: () =>
      new Promise<void>((resolve) => {
        if (redis.status === 'ready') return resolve();
        const done = () => {
          clearTimeout(timer);
          redis.off('ready', done);
          redis.off('error', done);
          resolve();
        };
        const timer = setTimeout(() => {
          lost(new Error(`no connection within ${CONNECT_WAIT_MS} ms`));
          done();
        }, CONNECT_WAIT_MS);
        redis.once('ready', done);
        redis.once('error', done);
      }),
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
