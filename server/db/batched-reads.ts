/**
 * One statement for the same read asked by many requests at once. Under load, requests that
 * arrive in one turn of the event loop all ask before any of them is answered; instead of a round
 * trip to PostgreSQL each, their questions wait until that turn ends (setImmediate: nothing waits
 * on a quiet server beyond the current turn) and go as one statement with array parameters. Each
 * round trip costs the database a wake-up and the server a write to its socket, and those, not the
 * rows read, are what limited the API's reads (docs/architecture.md, "Reads in batches").
 *
 * With `oneAtATime`, a batch waits for the one under way to be answered: what arrives meanwhile
 * goes together (the outbox's deliveries, server/outbox.ts, gather as many trades as settle while
 * one delivery runs).
 *
 * The same question asked twice in one batch is asked once and both askers get the answer. A
 * failed statement fails every request of its batch (each is answered with the error, as it
 * would have been alone).
 */

export interface BatchedRead<Q, R> {
  /** Identifies a question: two questions with the same key have the same answer. */
  keyOf: (question: Q) => string;
  /** Answers every question in one statement, by key; a key with no answer is a bug of `answer`. */
  answer: (questions: Q[]) => Promise<Map<string, R>>;
  /** At most this many questions in one statement; the rest go in the next. */
  maxBatch?: number;
  /**
   * One batch under way at a time: questions asked meanwhile wait for it and then go together
   * (under load, as many as arrived during one answer; on a quiet server, one turn as without it).
   */
  oneAtATime?: boolean;
  /**
   * With `oneAtATime`: a batch starts at least this long after the one before it started. On a
   * quiet server nothing waits (the one before started long ago); under load the questions of that
   * time go together, however fast each batch is answered — for work nobody waits on (the outbox's
   * deliveries), fewer and larger batches.
   */
  gatherMs?: number;
}

interface Waiting<Q, R> {
  question: Q;
  settle: Array<{ resolve: (value: R) => void; reject: (error: unknown) => void }>;
}

export function batchedRead<Q, R>({ keyOf, answer, maxBatch = 64, oneAtATime = false, gatherMs = 0 }: BatchedRead<Q, R>): (question: Q) => Promise<R> {
  let waiting = new Map<string, Waiting<Q, R>>();
  let scheduled = false;
  let underWay = false;
  /** When the last batch started (performance.now()). */
  let lastStart = Number.NEGATIVE_INFINITY;

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    const wait = oneAtATime ? lastStart + gatherMs - performance.now() : 0;
    if (wait > 0) setTimeout(flush, wait);
    else setImmediate(flush);
  };

  const send = (batch: Map<string, Waiting<Q, R>>) => {
    lastStart = performance.now();
    const answered = answer([...batch.values()].map((entry) => entry.question));
    if (oneAtATime) {
      underWay = true;
      const next = () => {
        underWay = false;
        if (waiting.size > 0) schedule();
      };
      answered.then(next, next);
    }
    answered.then(
      (answers) => {
        for (const [key, entry] of batch) {
          const found = answers.has(key);
          for (const { resolve, reject } of entry.settle) {
            if (found) resolve(answers.get(key) as R);
            else reject(new Error(`a batched read gave no answer for ${key}`));
          }
        }
      },
      (error: unknown) => {
        for (const entry of batch.values()) for (const { reject } of entry.settle) reject(error);
      },
    );
  };

  const flush = () => {
    scheduled = false;
    if (oneAtATime) {
      // The next batch once the one under way is answered (send schedules it then).
      if (underWay) return;
      const batch = new Map<string, Waiting<Q, R>>();
      for (const [key, entry] of waiting) {
        if (batch.size === maxBatch) break;
        batch.set(key, entry);
        waiting.delete(key);
      }
      if (batch.size > 0) send(batch);
      return;
    }
    const all = waiting;
    waiting = new Map();
    let batch = new Map<string, Waiting<Q, R>>();
    for (const [key, entry] of all) {
      batch.set(key, entry);
      if (batch.size === maxBatch) {
        send(batch);
        batch = new Map();
      }
    }
    if (batch.size > 0) send(batch);
  };

  return (question) =>
    new Promise<R>((resolve, reject) => {
      const key = keyOf(question);
      const entry = waiting.get(key);
      if (entry) entry.settle.push({ resolve, reject });
      else waiting.set(key, { question, settle: [{ resolve, reject }] });
      schedule();
    });
}

/** The rows of a batched statement, per asker: one pass over the rows, whatever the batch's size. */
export function rowsPerAsker<T>(rows: T[], askerOf: (row: T) => string): Map<string, T[]> {
  const per = new Map<string, T[]>();
  for (const row of rows) {
    const asker = askerOf(row);
    const mine = per.get(asker);
    if (mine) mine.push(row);
    else per.set(asker, [row]);
  }
  return per;
}
