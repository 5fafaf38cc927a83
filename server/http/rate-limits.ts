/**
 * Rate limits on the calls that send codes or check passwords (per client address and per
 * target), on top of the business rules (60 s resend wait, login lockout). They count in
 * @fastify/rate-limit's store: this process's memory, or Redis with REDIS_URL so that several
 * server processes share one allowance. Several limits can apply to one request.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { sharedRateLimitStore } from './rate-limit-store';
import { waitRefusal } from '../errors';

export interface LimitRule {
  max: number;
  windowSeconds: number;
}

export interface RateLimits {
  codesPerIp: LimitRule;
  codesPerTarget: LimitRule;
  loginsPerIp: LimitRule;
  loginsPerAccount: LimitRule;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  // A person needs a few codes; a script asking for hundreds is sending spam on our bill.
  codesPerIp: { max: 30, windowSeconds: 3600 },
  codesPerTarget: { max: 6, windowSeconds: 3600 },
  // Generous per address (many people behind one carrier NAT); the lockout guards each account.
  loginsPerIp: { max: 60, windowSeconds: 300 },
  loginsPerAccount: { max: 20, windowSeconds: 900 },
};

/** Registers the counting for limitBy: in Redis when a URL is given, in memory otherwise. */
export async function registerRateLimits(app: FastifyInstance, redis: { url: string | null; prefix: string }): Promise<void> {
  if (!redis.url) {
    await app.register(rateLimit, { global: false });
    return;
  }
  const shared = sharedRateLimitStore(redis.url, redis.prefix, app.log);
  app.addHook('onReady', () => shared.connected());
  app.addHook('onClose', () => shared.close());
  await app.register(rateLimit, { global: false, store: shared.Store });
}

/** One limit: a name for its counters and what it counts by (null: does not apply). */
export function limitBy(
  app: FastifyInstance,
  name: string,
  rule: LimitRule,
  keyOf: (request: FastifyRequest) => string | null,
): preHandlerAsyncHookHandler {
  const check = app.createRateLimit({
    max: rule.max,
    timeWindow: rule.windowSeconds * 1000,
    keyGenerator: (request) => `${name}:${keyOf(request)}`,
  });
  return async (request) => {
    if (keyOf(request) === null) return;
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) throw waitRefusal('request.rateLimited', result.ttlInSeconds);
  };
}

export const byIp = (request: FastifyRequest) => request.ip;

/** Counts by a body field, normalised so that case or spaces do not make a new key. */
export function byBodyField(...fields: string[]) {
  return (request: FastifyRequest): string | null => {
    const body = request.body as Record<string, unknown> | undefined;
    for (const field of fields) {
      const value = body?.[field];
      if (typeof value === 'string' && value.trim()) return value.trim().toLowerCase().replace(/\s/g, '');
    }
    return null;
  };
}
