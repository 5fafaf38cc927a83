/**
 * The shape every user money call shares: the Idempotency-Key header is required, the payment
 * password is checked, then the work runs once per key (a replay returns the first result and
 * moves nothing). The key is scoped to the call's route, so one key cannot replay another call.
 */
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/client';
import { viewerOf } from './auth';
import { idempotencyKeyOf } from './idempotency';

export interface PaidCall {
  payPassword: string;
  /** What the key's fingerprint covers: the request without its payment password. */
  input: unknown;
}

export async function payOnce<T>(request: FastifyRequest, call: PaidCall, work: (tx: Tx, userId: string) => Promise<T>): Promise<T> {
  const { userId } = viewerOf(request);
  // The key before the password: a request that cannot be made idempotent is refused first.
  const key = idempotencyKeyOf(request);
  const { accounts, idempotency } = request.server.services;
  await accounts.checkPayPassword(userId, call.payPassword);
  const route = `${request.method} ${request.routeOptions.url}`;
  return idempotency.run({ userId, key, route, input: call.input }, (tx) => work(tx, userId));
}
