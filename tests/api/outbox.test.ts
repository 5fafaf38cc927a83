/**
 * The outbox's delivery rules (server/outbox.ts), on PGlite and on PostgreSQL: rows left behind
 * are delivered by whichever process sweeps, a `write` row exactly once however many sweep at
 * once; a row whose handler keeps failing is tried ATTEMPTS times, then waits for an operator
 * without holding back the rows after it.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { ATTEMPTS, createOutbox, GRACE_SECONDS, writeOutbox } from '../../server/outbox';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const quiet = () => {
  const logged: string[] = [];
  return { logged, log: { warn: (_: object, msg: string) => void logged.push(`warn ${msg}`), error: (_: object, msg: string) => void logged.push(`error ${msg}`) } };
};

/** Rows as a process that stopped before delivering leaves them: written longer ago than the grace period. */
async function leftBehind(topic: string, payloads: object[]): Promise<void> {
  await t.database.db.execute(sql`
    INSERT INTO outbox (topic, payload, created_at)
    SELECT ${topic}, p, now() - make_interval(secs => ${GRACE_SECONDS + 5}) FROM jsonb_array_elements(${JSON.stringify(payloads)}::jsonb) AS p`);
}

describe('the outbox', () => {
  test('rows left behind are written once however many processes sweep at once', async () => {
    await t.database.db.execute(sql`CREATE TABLE IF NOT EXISTS outbox_test_written (n integer NOT NULL)`);
    await leftBehind('trade.tick', Array.from({ length: 30 }, (_, n) => ({ n })));
    const processes = [0, 1, 2].map(() => {
      const outbox = createOutbox({ db: t.database.db, log: quiet().log });
      outbox.handle('trade.tick', {
        kind: 'write',
        run: async (tx, payloads) => {
          for (const payload of payloads) await tx.execute(sql`INSERT INTO outbox_test_written (n) VALUES (${Number(payload.n)})`);
        },
      });
      return outbox;
    });
    await Promise.all(processes.flatMap((outbox) => [outbox.sweep(), outbox.sweep()]));
    const written = await rowsOf<{ n: number; times: number }>(t.database.db, sql`SELECT n, count(*)::int AS times FROM outbox_test_written GROUP BY n ORDER BY n`);
    expect(written).toEqual(Array.from({ length: 30 }, (_, n) => ({ n, times: 1 })));
    expect(await rowsOf(t.database.db, sql`SELECT id FROM outbox WHERE topic = 'trade.tick'`)).toEqual([]);
  });

  test('a row that keeps failing is tried ATTEMPTS times, then waits for an operator; the others go through', async () => {
    await leftBehind('news.push', [{ id: 1 }, { id: 2 }, { id: 3 }]);
    const { logged, log } = quiet();
    const outbox = createOutbox({ db: t.database.db, log });
    const calls: number[] = [];
    outbox.handle('news.push', {
      kind: 'effect',
      run: async (payload) => {
        calls.push(Number(payload.id));
        if (payload.id === 2) throw new Error('the push service refused it');
      },
    });
    for (let round = 0; round < ATTEMPTS + 2; round++) await outbox.sweep();
    expect(calls.filter((id) => id === 1)).toHaveLength(1);
    expect(calls.filter((id) => id === 3)).toHaveLength(1);
    expect(calls.filter((id) => id === 2)).toHaveLength(ATTEMPTS);
    const [stuck] = await rowsOf<{ attempts: number; last_error: string }>(t.database.db, sql`SELECT attempts, last_error FROM outbox WHERE topic = 'news.push'`);
    expect(stuck).toEqual({ attempts: ATTEMPTS, last_error: 'the push service refused it' });
    expect(logged.filter((line) => line.startsWith('error'))).toEqual(['error outbox: a row could not be delivered and waits for an operator']);
    await t.database.db.execute(sql`DELETE FROM outbox`);
  });

  test('rows handed over in the same turn are delivered together, each to its own topic’s handler only', async () => {
    const outbox = createOutbox({ db: t.database.db, log: quiet().log });
    const pushed: unknown[] = [];
    const batches: unknown[][] = [];
    const written: unknown[] = [];
    outbox.handle('news.push', { kind: 'effect', prepare: async (payloads) => void batches.push(payloads), run: async (payload) => (pushed.push(payload), payload.id) });
    outbox.handle('trade.tick', { kind: 'write', run: async (_tx, payloads) => void written.push(...payloads) });
    const first = await writeOutbox(t.database.db, [{ topic: 'news.push', payload: { id: 1 } }]);
    const second = await writeOutbox(t.database.db, [{ topic: 'news.push', payload: { id: 2 } }]);
    expect(first.map((row) => row.topic)).toEqual(['news.push']);
    const [one, two] = await Promise.all([outbox.deliver(first), outbox.deliver(second)]);
    expect(pushed).toEqual([{ id: 1 }, { id: 2 }]);
    expect(written).toEqual([]);
    // One batch for both; each caller gets its own rows' results.
    expect(batches).toEqual([[{ id: 1 }, { id: 2 }]]);
    expect([...one]).toEqual([[first[0].id, 1]]);
    expect([...two]).toEqual([[second[0].id, 2]]);
    const tick = await writeOutbox(t.database.db, [{ topic: 'trade.tick', payload: { orderId: 5 } }]);
    await outbox.deliver(tick);
    expect(written).toEqual([{ orderId: 5 }]);
    expect(await rowsOf(t.database.db, sql`SELECT id FROM outbox`)).toEqual([]);
  });

  test('rows committed while a delivery of their topic runs wait for it, then go together; the delivery resolves once they are deleted', async () => {
    const outbox = createOutbox({ db: t.database.db, log: quiet().log });
    const batches: unknown[][] = [];
    let release: () => void = () => undefined;
    outbox.handle('news.push', {
      kind: 'effect',
      prepare: async (payloads) => {
        batches.push(payloads);
        if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
      },
      run: async () => 1,
    });
    const first = outbox.deliver(await writeOutbox(t.database.db, [{ topic: 'news.push', payload: { id: 1 } }]));
    await expect.poll(() => batches.length).toBe(1);
    const later = [
      outbox.deliver(await writeOutbox(t.database.db, [{ topic: 'news.push', payload: { id: 2 } }])),
      outbox.deliver(await writeOutbox(t.database.db, [{ topic: 'news.push', payload: { id: 3 } }])),
    ];
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(batches).toHaveLength(1);
    release();
    await Promise.all([first, ...later]);
    expect(batches).toEqual([[{ id: 1 }], [{ id: 2 }, { id: 3 }]]);
    expect(await rowsOf(t.database.db, sql`SELECT id FROM outbox`)).toEqual([]);
  });

  test('rows just written are not the sweep’s: the process that committed them delivers them', async () => {
    const written = await writeOutbox(t.database.db, [{ topic: 'news.push', payload: { id: 9 } }]);
    expect(written).toEqual([{ id: expect.any(String), topic: 'news.push', payload: { id: 9 } }]);
    const outbox = createOutbox({ db: t.database.db, log: quiet().log });
    const calls: unknown[] = [];
    outbox.handle('news.push', { kind: 'effect', run: async (payload) => void calls.push(payload) });
    await outbox.sweep();
    expect(calls).toEqual([]);
    const results = await outbox.deliver(written);
    expect(calls).toEqual([{ id: 9 }]);
    expect([...results.keys()]).toEqual([written[0].id]);
    expect(await rowsOf(t.database.db, sql`SELECT id FROM outbox`)).toEqual([]);
  });

  test('a row its writer fails to deliver is kept with the error and delivered by a sweep once left behind', async () => {
    const { logged, log } = quiet();
    const outbox = createOutbox({ db: t.database.db, log });
    const calls: unknown[] = [];
    let refuse = true;
    outbox.handle('news.push', {
      kind: 'effect',
      run: async (payload) => {
        calls.push(payload);
        if (refuse) throw new Error('the push service is down');
      },
    });
    const written = await writeOutbox(t.database.db, [{ topic: 'news.push', payload: { id: 4 } }, { topic: 'news.push', payload: { id: 5 } }]);
    await outbox.deliver(written);
    expect(calls).toEqual([{ id: 4 }, { id: 5 }]);
    expect(await rowsOf(t.database.db, sql`SELECT attempts, last_error FROM outbox ORDER BY id`)).toEqual([
      { attempts: 1, last_error: 'the push service is down' },
      { attempts: 1, last_error: 'the push service is down' },
    ]);
    expect(logged).toEqual(['warn outbox: a delivery failed; tried again at the next sweep', 'warn outbox: a delivery failed; tried again at the next sweep']);
    refuse = false;
    await t.database.db.execute(sql`UPDATE outbox SET created_at = now() - make_interval(secs => ${GRACE_SECONDS + 1})`);
    await outbox.sweep();
    expect(calls).toEqual([{ id: 4 }, { id: 5 }, { id: 4 }, { id: 5 }]);
    expect(await rowsOf(t.database.db, sql`SELECT id FROM outbox`)).toEqual([]);
  });

  test('a writer’s delivery slower than the grace period may meet a sweep’s: both run it (at least once), the row goes once, nothing is reported', async () => {
    const { logged, log } = quiet();
    const writer = createOutbox({ db: t.database.db, log });
    const other = createOutbox({ db: t.database.db, log });
    const calls: string[] = [];
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    writer.handle('news.push', {
      kind: 'effect',
      run: async () => {
        calls.push('writer');
        await slow;
      },
    });
    other.handle('news.push', { kind: 'effect', run: async () => void calls.push('sweep') });
    const written = await writeOutbox(t.database.db, [{ topic: 'news.push', payload: { id: 6 } }]);
    const delivering = writer.deliver(written);
    await expect.poll(() => calls).toEqual(['writer']);
    await t.database.db.execute(sql`UPDATE outbox SET created_at = now() - make_interval(secs => ${GRACE_SECONDS + 1})`);
    await other.sweep();
    release();
    await delivering;
    expect(calls).toEqual(['writer', 'sweep']);
    expect(await rowsOf(t.database.db, sql`SELECT id FROM outbox`)).toEqual([]);
    expect(logged).toEqual([]);
  });

  test('a push row is written only when one of its users has a device on its channel', async () => {
    const [someone, other] = [crypto.randomUUID(), crypto.randomUUID()];
    const push = (users: string[]) => ({ topic: 'trade.push' as const, payload: { orderId: 1 }, devicesOn: { channel: 'trade', users } });
    const notice = { topic: 'trade.socket' as const, payload: { orderId: 1 } };
    // Nobody has a device: the notice is written, the push is not.
    expect((await writeOutbox(t.database.db, [notice, push([someone, other])])).map((row) => row.topic)).toEqual(['trade.socket']);
    // A device on another channel does not count; one on the trade channel does.
    await t.database.db.execute(sql`
      INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, channels, created_at, updated_at)
      VALUES (${other}::uuid, ${`https://push.example/${other}/system`}, 'k', 'a', '{system}', now(), now())`);
    expect((await writeOutbox(t.database.db, [push([someone, other])])).map((row) => row.topic)).toEqual([]);
    await t.database.db.execute(sql`
      INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, channels, created_at, updated_at)
      VALUES (${other}::uuid, ${`https://push.example/${other}/trade`}, 'k', 'a', '{trade}', now(), now())`);
    expect((await writeOutbox(t.database.db, [push([someone, other])])).map((row) => row.topic)).toEqual(['trade.push']);
    await t.database.db.execute(sql`DELETE FROM outbox`);
    await t.database.db.execute(sql`DELETE FROM push_subscriptions WHERE user_id = ${other}::uuid`);
  });
});
