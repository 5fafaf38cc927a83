/**
 * The shape every user money call shares: the Idempotency-Key header is required, the payment
 * password is checked, then the work runs once per key (a replay returns the first result and
 * moves nothing). The key is scoped to the call's route, so one key cannot replay another call.
 *
 * The key's claim, the password check, the work and the key's reply are one transaction
 * (idempotency.run with the check as its gate): a payment commits once. The check holds the
 * user's payment lock until that commit, so one user's payments run one after another, as their
 * postings on the same accounts would anyway; within a process they queue here first, so that a
 * burst of one user's payments (or a payment stuck on a lock) holds one of the pool's connections,
 * not all of them.
 */
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/client';
import { viewerOf } from './auth';
import { AppError } from '../../src/domain/errors';
import { idempotencyKeyOf } from './idempotency';
import type { SecondFactorProof } from '../../src/domain/validation';

export interface PaidCall {
  payPassword: string;
  /** What the key's fingerprint covers: the request without its payment password and second factor. */
  input: unknown;
  /**
   * Set for a call that also asks for the second factor once the account has one (a withdrawal,
   * a new destination: modules/security): checked after the payment password, in the same
   * transaction, so a code is spent only with a payment that commits.
   */
  stepUp?: { proof: SecondFactorProof | undefined };
}

/** The users' keys whose calls this process is running or queueing. */
const keysUnderWay = new Set<string>();

/**
 * A money call's first reads, sent with the key's claim and the payment password's reads (one round
 * trip for all), behind them, so that they run under the user's payment lock as the work's own reads
 * would; the work gets what they read. A replay or a refusal ignores them. They must be reads, or
 * take a lock only while the transaction holds the key's (`keyLock`, as the gate does: a key busy in
 * another transaction is answered 409 at once, not after that lock).
 */
export type FirstReads<F> = (tx: Tx, userId: string, keyLock: string) => Promise<F>;

export async function payOnce<T, F = undefined>(
  request: FastifyRequest,
  call: PaidCall,
  work: (tx: Tx, userId: string, first: F) => Promise<T>,
  first?: FirstReads<F>,
): Promise<T> {
  const { userId } = viewerOf(request);
  // The key before the password: a request that cannot be made idempotent is refused first.
  const key = idempotencyKeyOf(request);
  const { accounts, idempotency, secondFactor } = request.server.services;
  const route = `${request.method} ${request.routeOptions.url}`;
  // A key already under way in this process is answered at once (in another process, the claim's
  // key lock answers it); queued, it would wait behind itself.
  const running = `${userId}\0${key}`;
  if (keysUnderWay.has(running)) throw new AppError('idempotency.inProgress', 409);
  keysUnderWay.add(running);
  let replayed = false;
  // This round's first reads (the gate runs again, in a new transaction, when it answers "again").
  let firstRead: Promise<F> | undefined;
  try {
    const result = await accounts.payingSerially(userId, () =>
      idempotency.run(
        { userId, key, route, input: call.input },
        async (tx) => work(tx, userId, (await firstRead) as F),
        async (tx, replay, keyLock) => {
          // Whether the account has a second factor is asked together with the payment password's
          // reads and the key's claim (one round trip for all); its code is tried only once the
          // password is right, and never for a replay (its code was spent by the first).
          const asked = call.stepUp ? secondFactor.ask(tx, userId) : undefined;
          asked?.catch(() => undefined);
          const paying = accounts.payPasswordGate(tx, userId, call.payPassword, 'payPassword', keyLock);
          paying.catch(() => undefined);
          firstRead = first?.(tx, userId, keyLock);
          firstRead?.catch(() => undefined);
          replayed = await replay;
          const paid = await paying;
          if (paid.kind !== 'open' || !call.stepUp || replayed) return paid;
          return secondFactor.gate(tx, userId, call.stepUp.proof, asked);
        },
      ),
    );
    request.server.services.metrics.moneyCall(route, replayed ? 'replayed' : 'done');
    return result;
  } catch (error) {
    request.server.services.metrics.moneyCall(route, 'refused');
    throw error;
  } finally {
    keysUnderWay.delete(running);
  }
}

/** payOnce with the input the key covers handed to `work` and `first` (payWithBody, payWithSecondFactor). */
function payWithInput<I, T, F>(
  request: FastifyRequest,
  call: PaidCall & { input: I },
  work: (tx: Tx, userId: string, input: I, first: F) => Promise<T>,
  first?: (tx: Tx, userId: string, input: I, keyLock: string) => Promise<F>,
): Promise<T> {
  const { input } = call;
  return payOnce(
    request,
    call,
    (tx, userId, read: F) => work(tx, userId, input, read),
    first && ((tx, userId, keyLock) => first(tx, userId, input, keyLock)),
  );
}

/** payOnce for a body that carries the payment password: the rest of the body is what the key covers and what `work` gets. */
export function payWithBody<B extends { payPassword: string }, T, F = undefined>(
  request: FastifyRequest,
  body: B,
  work: (tx: Tx, userId: string, input: Omit<B, 'payPassword'>, first: F) => Promise<T>,
  first?: (tx: Tx, userId: string, input: Omit<B, 'payPassword'>, keyLock: string) => Promise<F>,
): Promise<T> {
  const { payPassword, ...input } = body;
  return payWithInput(request, { payPassword, input }, work, first);
}

/** payWithBody for a call that asks for the second factor too (the body's `secondFactor`, outside the key's fingerprint). */
export function payWithSecondFactor<B extends { payPassword: string; secondFactor?: SecondFactorProof }, T, F = undefined>(
  request: FastifyRequest,
  body: B,
  work: (tx: Tx, userId: string, input: Omit<B, 'payPassword' | 'secondFactor'>, first: F) => Promise<T>,
  first?: (tx: Tx, userId: string, input: Omit<B, 'payPassword' | 'secondFactor'>, keyLock: string) => Promise<F>,
): Promise<T> {
  const { payPassword, secondFactor, ...input } = body;
  return payWithInput(request, { payPassword, input, stepUp: { proof: secondFactor } }, work, first);
}
