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

/** A column of a statement's rows as PostgreSQL describes it (pg-protocol's Field). */
export interface FieldDescription {
  name: string;
  dataTypeID: number;
  format: string;
}

/** Where a statement's value parsers come from: its own `types` (Drizzle passes some), or the client's. */
export interface TypeParsers {
  getTypeParser(oid: number, format?: string): (value: string) => unknown;
}

/** What a statement is answered with: node-postgres's result, as far as anything reads it. */
export interface StatementResult {
  command: string | null;
  rowCount: number | null;
  oid: number | null;
  rows: unknown[];
  fields: FieldDescription[];
}

const COMMAND = /^([A-Za-z]+)(?: (\d+))?(?: (\d+))?/;
const NO_FIELDS: FieldDescription[] = [];

/**
 * One statement of a batch. Not node-postgres's Query: that one copies its config (every property
 * descriptor) when made, and builds its row parsers from the RowDescription at every execution —
 * together a tenth of the server's CPU in a trade (docs/performance.md, "The sixteenth session").
 * This one is made from the values it needs, parses rows as node-postgres's Result does (objects,
 * or arrays when `rowMode` is 'array', Drizzle's own), and is answered through `callback` when its
 * CommandComplete arrives. A value a parser refuses fails the statement, not the batch.
 */
export class BatchedStatement {
  readonly rows: unknown[] = [];
  fields: FieldDescription[] = NO_FIELDS;
  /** Whether PostgreSQL described this execution's rows (the statement's Describe was sent). */
  described = false;
  private parsers: Array<(value: string) => unknown> = [];
  private refused: unknown = undefined;

  constructor(
    readonly text: string,
    readonly name: string | undefined,
    /** Converted for the wire already (wireValues). */
    readonly values: unknown[],
    private readonly types: TypeParsers,
    private readonly asArrays: boolean,
    readonly callback: (error: Error | null, result?: StatementResult) => void,
  ) {}

  /** The rows' columns: from PostgreSQL's RowDescription, or as it described them the last time. */
  useFields(fields: FieldDescription[]): void {
    this.fields = fields;
    this.parsers = fields.map((field) => this.types.getTypeParser(field.dataTypeID, field.format || 'text'));
  }

  addRow(values: ReadonlyArray<string | null>): void {
    if (this.refused !== undefined) return;
    try {
      if (this.asArrays) {
        const row = new Array<unknown>(values.length);
        for (let i = 0; i < values.length; i++) row[i] = values[i] === null ? null : this.parsers[i](values[i] as string);
        this.rows.push(row);
      } else {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < values.length; i++) row[this.fields[i].name] = values[i] === null ? null : this.parsers[i](values[i] as string);
        this.rows.push(row);
      }
    } catch (error) {
      this.refused = error;
    }
  }

  /** Its CommandComplete (`command`: e.g. "INSERT 0 1"), or an empty query's answer (null). */
  complete(command: string | null): void {
    if (this.refused !== undefined) {
      this.callback(this.refused instanceof Error ? this.refused : new Error(String(this.refused)));
      return;
    }
    const match = command === null ? null : COMMAND.exec(command);
    const rowCount = match?.[3] ?? match?.[2];
    this.callback(null, {
      command: match?.[1] ?? null,
      rowCount: rowCount === undefined ? null : Number(rowCount),
      oid: match?.[3] ? Number(match[2]) : null,
      rows: this.rows,
      fields: this.fields,
    });
  }
}

/**
 * What PostgreSQL said a named statement's rows are, per connection: after the first execution
 * of a statement on a connection, its Describe is not sent again (PostgreSQL then sends no
 * RowDescription, and nothing has to be read from it), as pgbench's prepared statements do. The
 * description of a prepared statement does not change while it lives; a statement forgotten on
 * the connection (NamingClient.forget) is forgotten here too.
 */
const descriptions = new WeakMap<object, Map<string, FieldDescription[]>>();

function describedOn(connection: object): Map<string, FieldDescription[]> {
  let known = descriptions.get(connection);
  if (!known) descriptions.set(connection, (known = new Map()));
  return known;
}

/** Forgets what the connection said of a statement's rows (it is parsed, and described, again). */
export function forgetDescription(connection: object, name: string): void {
  descriptions.get(connection)?.delete(name);
}

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
  /** An autocommit statement's CommandComplete, answered at ReadyForQuery (its implicit COMMIT may still fail). */
  private completed: { statement: BatchedStatement; command: string } | null = null;

  /**
   * `autocommit`: one statement outside a transaction block. PostgreSQL commits it only at the
   * Sync, after its CommandComplete, and an error of that commit (a deferred constraint, a
   * serialization failure, a shutdown) comes before ReadyForQuery: it is answered then, as
   * node-postgres answers a statement, not at its CommandComplete.
   */
  constructor(
    private readonly statements: BatchedStatement[],
    private readonly autocommit = false,
  ) {
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
    const described = describedOn(connection);
    connection.stream.cork?.();
    try {
      for (const statement of this.statements) {
        const name = statement.name;
        const parsed = name !== undefined && (connection.parsedStatements[name] !== undefined || connection.submittedNamedStatements[name] !== undefined);
        if (!parsed) {
          connection.parse({ text: statement.text, name });
          if (name !== undefined) connection.submittedNamedStatements[name] = statement.text;
        }
        // The values were converted for the wire when the statement was queued (wireValues).
        connection.bind({ portal: '', statement: name, values: statement.values, binary: false });
        const fields = parsed && name !== undefined ? described.get(name) : undefined;
        if (fields) statement.useFields(fields);
        else connection.describe({ type: 'P', name: '' });
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

  handleRowDescription(message: { fields: FieldDescription[] }): void {
    const statement = this.current;
    if (!statement) return;
    statement.described = true;
    statement.useFields(message.fields);
  }

  handleDataRow(message: { fields: Array<string | null> }): void {
    this.current?.addRow(message.fields);
  }

  handleCommandComplete(message: { text: string }, connection: Connection): void {
    const statement = this.current;
    if (!statement) return;
    this.index++;
    // Described now (its rows, or none: NoData), so not again on this connection.
    if (statement.name !== undefined && !describedOn(connection).has(statement.name)) describedOn(connection).set(statement.name, statement.described ? statement.fields : NO_FIELDS);
    if (this.autocommit) this.completed = { statement, command: message.text };
    else statement.complete(message.text);
  }

  handleEmptyQuery(): void {
    const statement = this.current;
    if (!statement) return;
    this.index++;
    statement.complete(null);
  }

  /**
   * PostgreSQL refused the current statement (it skips the rest up to the Sync), or the connection
   * failed: the current statement gets the error, those behind it 25P02; nothing is left waiting.
   */
  handleError(error: Error, connection: Connection | undefined): void {
    // After an autocommit statement's CommandComplete: its commit failed.
    const committing = this.completed;
    this.completed = null;
    committing?.statement.callback(error);
    const failed = this.current;
    const skipped = this.statements.slice(this.index + 1);
    this.index = this.statements.length;
    failed?.callback(error);
    for (const statement of skipped) {
      // Never parsed: PostgreSQL skipped its Parse too (parsed again next time).
      const name = statement.name;
      if (name !== undefined && connection && connection.parsedStatements[name] === undefined) delete connection.submittedNamedStatements[name];
      statement.callback(skippedAfter(error));
    }
  }

  handleReadyForQuery(): void {
    const committed = this.completed;
    this.completed = null;
    committed?.statement.complete(committed.command);
    // Every statement was answered (CommandComplete or an error) before the batch's ReadyForQuery.
    for (const statement of this.statements.slice(this.index)) statement.callback(new Error('the batch ended before this statement was answered'));
    this.index = this.statements.length;
  }
}
