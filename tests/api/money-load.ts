/**
 * Money calls under way from several clients, for the tests of what an operator does to running
 * processes (restarts, backups): each client converts 1 EUR to USDT over and over, each call with
 * its own Idempotency-Key, sent to the processes in turn as a balancer would, and sent again with
 * the same key to the next process when one answers 503 with Retry-After or its connection is
 * refused or reset. What was acknowledged (the keys, in order) and every other answer are kept.
 */
import crypto from 'node:crypto';
import { expect } from 'vitest';
import { PAY_PASSWORD } from '../bench/server';
import type { ServerProcess } from './server-process';

export interface MoneyLoad {
  /** The keys of the conversions answered 200, in the order they were. */
  acknowledged: string[];
  outcomes: { done: number; refused503: number; connectionLost: number; other: string[]; refusedWith: Set<string> };
  /** Stops sending; resolves once every client's call under way is answered. */
  stop(): Promise<void>;
}

export function startMoneyLoad(processes: () => readonly ServerProcess[], tokens: readonly string[]): MoneyLoad {
  let turn = 0;
  const outcomes = { done: 0, refused503: 0, connectionLost: 0, other: [] as string[], refusedWith: new Set<string>() };
  const acknowledged: string[] = [];
  const traffic = { running: true };
  const pause = () => new Promise((resolve) => setTimeout(resolve, 50));

  const send = async (route: string, body: object, token: string, key?: string): Promise<{ status: number; data: unknown }> => {
    // A balancer's patience: long enough for a process to restart or the database to come back.
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const up = processes();
      const server = up[turn++ % up.length];
      try {
        const reply = await fetch(`${server.url}/api${route}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: token, ...(key ? { 'idempotency-key': key } : {}) },
          body: JSON.stringify(body),
        });
        const envelope = (await reply.json()) as { data?: unknown; key?: string };
        if (reply.status === 503 && reply.headers.get('retry-after')) {
          outcomes.refused503++;
          outcomes.refusedWith.add(`${envelope.key} (Retry-After ${reply.headers.get('retry-after')})`);
          await pause();
          continue;
        }
        if (reply.status >= 500) outcomes.other.push(`${route} ${reply.status} ${JSON.stringify(envelope)}`);
        return { status: reply.status, data: envelope.data };
      } catch {
        // Refused or reset: the process is gone or going; the balancer tries another.
        outcomes.connectionLost++;
        await pause();
      }
    }
    throw new Error(`${route}: no process answered`);
  };

  const client = async (token: string) => {
    while (traffic.running) {
      const quote = await send('/transfer/quote', { from: 'EUR', to: 'USDT', amount: '1' }, token);
      if (quote.status !== 200) {
        outcomes.other.push(`quote ${quote.status}`);
        continue;
      }
      const key = crypto.randomUUID();
      const done = await send('/transfer', { quoteId: (quote.data as { quoteId: string }).quoteId, payPassword: PAY_PASSWORD }, token, key);
      if (done.status === 200) {
        outcomes.done++;
        acknowledged.push(key);
      } else outcomes.other.push(`transfer ${done.status} ${JSON.stringify(done.data)}`);
    }
  };
  const clients = Promise.all(tokens.map(client));
  return {
    acknowledged,
    outcomes,
    async stop() {
      traffic.running = false;
      await clients;
    },
  };
}

/**
 * `work` (a backup) in the middle of a load: 1.5 s of calls before it, 0.5 s after, then the load
 * stopped. The keys acknowledged before it began and the count acknowledged in all; every call
 * answered, and calls acknowledged on both sides of it.
 */
export async function amidLoad<T>(load: MoneyLoad, work: () => Promise<T>): Promise<{ result: T; before: string[]; after: number }> {
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const before = [...load.acknowledged];
  const result = await work();
  await new Promise((resolve) => setTimeout(resolve, 500));
  await load.stop();
  expect(load.outcomes.other).toEqual([]);
  const after = load.acknowledged.length;
  expect(before.length).toBeGreaterThan(0);
  expect(after).toBeGreaterThan(before.length);
  return { result, before, after };
}
