/**
 * Statements of one transaction sent together leave as one batch with one Sync (PostgreSQL's
 * extended protocol): each statement's Parse (the first time), Bind, Describe and Execute, then a
 * single Sync, as pgbench's pipelines and libpq's pipeline mode send them. node-postgres ends every
 * statement with a Sync of its own, after which PostgreSQL answers ReadyForQuery and writes out its
 * buffer: one send and one wake-up of the server per statement instead of per round trip. Measured
 * on the 2-core bench machine (docs/performance.md, "One Sync a round trip"): a transaction of eight
 * statements in two round trips cost Node ~120 instead of ~230 µs and PostgreSQL ~250 instead of
 * ~320 µs.
 *
 * Only inside an explicit transaction block (between BEGIN and COMMIT or ROLLBACK) are statements
 * batched: there a failed statement aborts the transaction whichever way the statements were sent.
 * Outside one, PostgreSQL would run the statements before a Sync as one implicit transaction, so
 * that a failure undid the ones before it — autocommit statements keep a Sync each.
 *
 * After a failure PostgreSQL skips what is left of the batch up to its Sync: the statements behind
 * the failed one fail with 25P02, as they would have one by one in a transaction that has failed.
 */
import pg from 'pg';
// node-postgres's own conversion of a value for the wire (Dates, arrays, JSON, Buffers…).
import pgUtils from 'pg/lib/utils.js';

/** One statement of a batch: node-postgres's Query, which parses its rows with the client's types. */
export type BatchedStatement = pg.Query & {
  text: string;
  name?: string;
  values?: unknown[];
  types?: unknown;
  callback: (error: Error | null, result?: unknown) => void;
  _result: { _types?: unknown };
};

interface Connection {
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  stream: { cork?: () => void; uncork?: () => void };
  parse(config: { text: string; name?: string; types?: unknown }): void;
  bind(config: { portal: string; statement?: string; values: unknown[]; binary?: boolean }): void;
  describe(config: { type: 'P'; name: string }): void;
  execute(config: { portal: string }): void;
  sync(): void;
}

/** The error a statement gets when one before it in its batch failed (PostgreSQL skipped it). */
export function skippedAfter(cause: unknown): Error {
  const error = new Error('current transaction is aborted, commands ignored until end of transaction block', { cause }) as Error & { code: string };
  error.code = '25P02';
  return error;
}

/**
 * The values as node-postgres writes them, converted before anything of the batch is written: a
 * value that cannot be converted fails its statement alone (as node-postgres's own Query does)
 * and nothing of it reaches the wire.
 */
export function wireValues(values: readonly unknown[] | undefined): unknown[] {
  return (values ?? []).map((value) => pgUtils.prepareValue(value));
}

// node-postgres accepts no other submittable on a pipelining connection than its own Query.
const QueryBase = pg.Query as unknown as new (config: { text: string }) => object;

/**
 * Several statements as one submittable of node-postgres: written at once, answered in order, each
 * statement's own callback called when its CommandComplete arrives.
 */
export class StatementBatch extends QueryBase {
  private index = 0;

  constructor(private readonly statements: BatchedStatement[]) {
    super({ text: '' });
  }

  // The client keeps its record of parsed statements by the active query's name and text (a
  // ParseComplete, an error): those of the statement being answered.
  get name(): string | undefined {
    return this.statements?.[this.index]?.name;
  }
  set name(_ignored: string | undefined) {}
  get text(): string {
    return this.statements?.[this.index]?.text ?? '';
  }
  set text(_ignored: string) {}

  submit(connection: Connection): void {
    connection.stream.cork?.();
    try {
      for (const statement of this.statements) {
        const name = statement.name;
        const parsed = name !== undefined && (connection.parsedStatements[name] !== undefined || connection.submittedNamedStatements[name] !== undefined);
        if (!parsed) {
          connection.parse({ text: statement.text, name, types: statement.types });
          if (name !== undefined) connection.submittedNamedStatements[name] = statement.text;
        }
        // The values were converted for the wire when the statement was queued (wireValues).
        connection.bind({ portal: '', statement: name, values: statement.values ?? [], binary: false });
        connection.describe({ type: 'P', name: '' });
        connection.execute({ portal: '' });
      }
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
  }

  private get current(): BatchedStatement | undefined {
    return this.statements[this.index];
  }

  handleRowDescription(message: unknown): void {
    (this.current as unknown as { handleRowDescription(m: unknown): void } | undefined)?.handleRowDescription(message);
  }

  handleDataRow(message: unknown): void {
    (this.current as unknown as { handleDataRow(m: unknown): void } | undefined)?.handleDataRow(message);
  }

  handleCommandComplete(message: unknown, connection: unknown): void {
    const statement = this.current as unknown as { handleCommandComplete(m: unknown, c: unknown): void; handleReadyForQuery(c: unknown): void } | undefined;
    if (!statement) return;
    statement.handleCommandComplete(message, connection);
    this.index++;
    // Its result is whole: answered as node-postgres answers a statement at its ReadyForQuery.
    statement.handleReadyForQuery(connection);
  }

  handleEmptyQuery(connection: unknown): void {
    const statement = this.current as unknown as { handleReadyForQuery(c: unknown): void } | undefined;
    if (!statement) return;
    this.index++;
    statement.handleReadyForQuery(connection);
  }

  /**
   * PostgreSQL refused the current statement (it skips the rest up to the Sync), or the connection
   * failed: the current statement gets the error, those behind it 25P02; nothing is left waiting.
   */
  handleError(error: Error, connection: Connection | undefined): void {
    const failed = this.current as unknown as { handleError(e: Error, c: unknown): void } | undefined;
    const skipped = this.statements.slice(this.index + 1);
    this.index = this.statements.length;
    failed?.handleError(error, connection);
    for (const statement of skipped) {
      // Never parsed: PostgreSQL skipped its Parse too (parsed again next time).
      const name = statement.name;
      if (name !== undefined && connection && connection.parsedStatements[name] === undefined) delete connection.submittedNamedStatements[name];
      statement.callback(skippedAfter(error));
    }
  }

  handleReadyForQuery(): void {
    // Every statement was answered (CommandComplete or an error) before the batch's ReadyForQuery.
    for (const statement of this.statements.slice(this.index)) statement.callback(new Error('the batch ended before this statement was answered'));
    this.index = this.statements.length;
  }
}
