/** Reads asked at once go to the database as one statement, and every asker gets its own answer. */
import { describe, expect, test, vi } from 'vitest';
import { batchedRead } from '../../../server/db/batched-reads';

/** A read that records each statement it was asked to make and answers a key with its upper case. */
function recordingRead(options: { maxBatch?: number; fail?: (questions: string[]) => boolean } = {}) {
  const statements: string[][] = [];
  const read = batchedRead<string, string>({
    keyOf: (question) => question,
    maxBatch: options.maxBatch,
    async answer(questions) {
      statements.push(questions);
      if (options.fail?.(questions)) throw new Error('the database went away');
      return new Map(questions.map((question) => [question, question.toUpperCase()]));
    },
  });
  return { read, statements };
}

describe('batched reads', () => {
  test('questions asked in one turn make one statement; each asker gets the answer to its own question', async () => {
    const { read, statements } = recordingRead();
    const answers = await Promise.all(['ann', 'bob', 'cy'].map(read));
    expect(answers).toEqual(['ANN', 'BOB', 'CY']);
    expect(statements).toEqual([['ann', 'bob', 'cy']]);
  });

  test('the same question twice in one turn is asked once, and both askers are answered', async () => {
    const { read, statements } = recordingRead();
    expect(await Promise.all([read('ann'), read('ann'), read('bob')])).toEqual(['ANN', 'ANN', 'BOB']);
    expect(statements).toEqual([['ann', 'bob']]);
  });

  test('a question asked after an answer makes a statement of its own: nothing is remembered', async () => {
    const { read, statements } = recordingRead();
    await read('ann');
    await read('ann');
    expect(statements).toEqual([['ann'], ['ann']]);
  });

  test('more questions than a statement takes go in several', async () => {
    const { read, statements } = recordingRead({ maxBatch: 2 });
    expect(await Promise.all(['a', 'b', 'c', 'd', 'e'].map(read))).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(statements).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  test('a failed statement fails the askers of its batch only', async () => {
    const { read } = recordingRead({ maxBatch: 2, fail: (questions) => questions.includes('b') });
    const settled = await Promise.allSettled(['a', 'b', 'c'].map(read));
    expect(settled.map((result) => result.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    expect((settled[0] as PromiseRejectedResult).reason).toEqual(new Error('the database went away'));
  });

  test('an answer missing for a question is an error for its asker, not a silent undefined', async () => {
    const read = batchedRead<string, string>({ keyOf: (q) => q, answer: async () => new Map([['a', 'A']]) });
    const settled = await Promise.allSettled([read('a'), read('b')]);
    expect(settled[0]).toEqual({ status: 'fulfilled', value: 'A' });
    expect(settled[1].status).toBe('rejected');
  });

  test('one at a time: what is asked while a batch is under way waits for it, then goes together; a failure does not stop the next', async () => {
    const statements: string[][] = [];
    let release: () => void = () => undefined;
    const read = batchedRead<string, string>({
      keyOf: (question) => question,
      oneAtATime: true,
      maxBatch: 3,
      answer: async (questions) => {
        statements.push(questions);
        if (statements.length === 1) await new Promise<void>((resolve) => (release = resolve));
        if (questions.includes('bad')) throw new Error('the database went away');
        return new Map(questions.map((question) => [question, question.toUpperCase()]));
      },
    });
    const first = read('ann');
    await new Promise((resolve) => setImmediate(resolve));
    // Asked in later turns, while the first batch is under way.
    const failing = ['bob', 'bad'].map(read);
    await new Promise((resolve) => setImmediate(resolve));
    const later = ['cy', 'dee'].map(read);
    expect(statements).toEqual([['ann']]);
    release();
    expect(await first).toBe('ANN');
    for (const asked of failing) await expect(asked).rejects.toThrow('the database went away');
    // Three at most in a batch: the failed one took cy with it; dee went in the next, answered.
    await expect(later[0]).rejects.toThrow('the database went away');
    expect(await later[1]).toBe('DEE');
    expect(statements).toEqual([['ann'], ['bob', 'bad', 'cy'], ['dee']]);
  });

  test('with a gather time, a batch starts at once after a quiet spell, and under load at most once per gather time, the questions of that time together', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'performance'] });
    try {
      const started: Array<{ at: number; questions: string[] }> = [];
      const read = batchedRead<string, string>({
        keyOf: (question) => question,
        oneAtATime: true,
        gatherMs: 60,
        answer: async (questions) => {
          started.push({ at: performance.now(), questions });
          return new Map(questions.map((question) => [question, question.toUpperCase()]));
        },
      });
      const first = read('ann');
      await vi.advanceTimersByTimeAsync(0);
      // The first after a quiet spell waits for nothing but the end of its turn.
      expect(started).toEqual([{ at: 0, questions: ['ann'] }]);
      expect(await first).toBe('ANN');
      // Asked one by one right after it, each when the one before could have gone: one batch for them all, 60 ms after the first.
      const burst: Promise<string>[] = [];
      for (const name of ['bob', 'cy', 'dee']) {
        burst.push(read(name));
        await vi.advanceTimersByTimeAsync(10);
      }
      expect(started).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(30);
      expect(await Promise.all(burst)).toEqual(['BOB', 'CY', 'DEE']);
      expect(started).toEqual([
        { at: 0, questions: ['ann'] },
        { at: 60, questions: ['bob', 'cy', 'dee'] },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});
