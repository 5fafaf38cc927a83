/**
 * The per-process session cache must never keep a session that ended: a read that began before an
 * ending was heard of (its reply may predate the ending) is not remembered.
 */
import { expect, it } from 'vitest';
import { createSessionCache } from '../../../server/modules/auth/session-cache';

async function listeningCache() {
  let notify: (payload: string) => void = () => undefined;
  const cache = await createSessionCache(async (_channel, onPayload, onState) => {
    notify = onPayload;
    onState(true);
    return async () => undefined;
  }, () => undefined);
  return { cache, notify: (payload: string) => notify(payload) };
}

const token = Buffer.from('token-hash');
const session = { sessionId: 7, userId: 'u1', expiresAt: new Date(Date.now() + 60_000) };

it('remembers a live session read while no session ended', async () => {
  const { cache } = await listeningCache();
  const mark = cache.mark();
  cache.remember(token, session, mark);
  expect(cache.get(token)).toMatchObject(session);
});

it('does not remember a read that began before another process ended a session', async () => {
  const { cache, notify } = await listeningCache();
  const mark = cache.mark();
  // The ending is heard while the read's reply is still on its way.
  notify('7');
  cache.remember(token, session, mark);
  expect(cache.get(token)).toBeNull();
});

it('does not remember a read that began before this process ended sessions, and forgets on NOTIFY', async () => {
  const { cache, notify } = await listeningCache();
  const mark = cache.mark();
  cache.forgetUser('u1');
  cache.remember(token, session, mark);
  expect(cache.get(token)).toBeNull();
  cache.remember(token, session, cache.mark());
  expect(cache.get(token)).not.toBeNull();
  notify('7');
  expect(cache.get(token)).toBeNull();
});
