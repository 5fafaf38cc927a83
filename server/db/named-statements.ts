/**
 * Every statement the server sends through the PostgreSQL pool is a named (prepared) statement:
 * PostgreSQL parses it once per connection, and after a few executions keeps one generic plan,
 * instead of parsing and planning the same text at every call. A money call sends seven to ten
 * statements; parsed and planned each time, they cost PostgreSQL about as much CPU as running
 * them (docs/architecture.md, "Named statements").
 *
 * The name is derived from the text (one name per distinct text, the same in every connection);
 * node-postgres remembers per connection which names it has parsed and sends the text only the
 * first time. The texts are the code's own (Drizzle builds them from the schema, values travel
 * as parameters), so there are a few hundred of them; past MAX_NAMED distinct texts a new text
 * goes unnamed as before, so a text that somehow varied with its values could not fill a
 * connection's memory with statements. A text without parameters goes unnamed too: it may be a
 * script of several statements (the migrator), which cannot be prepared.
 */
import pg from 'pg';
import { BatchedStatement, StatementBatch, forgetDescription, wireValues, type TypeParsers } from './statement-batch';

/**
 * What this process has sent to PostgreSQL through the pool: round trips (each a request whose answer
 * is waited for — one Sync, or one simple query; the statements of a batch count once) and statements.
 * Read by the metrics (tessera_db_round_trips_total, tessera_db_statements_total) and so by the benches.
 */
export const sentToDatabase = { roundTrips: 0, statements: 0 };

/** Distinct texts named per process; the rest run unnamed. */
export const MAX_NAMED = 2_000;

const names = new Map<string, string>();

/** The statement name for `text`, or undefined when it runs unnamed. */
export function statementNameOf(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined) return known;
  if (names.size >= MAX_NAMED) return undefined;
  // A prefix no hand-named statement uses (Drizzle's prepare() takes a name: session_by_token).
  const name = `auto_${names.size + 1}`;
  names.set(text, name);
  return name;
}

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  values?: unknown[];
  callback?: unknown;
  rows?: unknown;
  submit?: unknown;
  types?: unknown;
  rowMode?: unknown;
}

/**
 * BEGIN opens a transaction block, COMMIT or ROLLBACK (alone: not ROLLBACK TO SAVEPOINT) ends it;
 * each as a statement of its own (a script that starts with BEGIN is a script: sent as it is).
 */
function blockControl(text: string): 'begin' | 'end' | null {
  if (/^\s*(BEGIN|START\s+TRANSACTION)\b[^;]*;?\s*$/i.test(text)) return 'begin';
  if (/^\s*(COMMIT|ROLLBACK|END|ABORT)\s*;?\s*$/i.test(text)) return 'end';
  return null;
}

/**
 * A pg.Client whose parameterised queries without a name get the name of their text, and whose
 * statements inside a transaction block, when several are sent in one turn of the event loop,
 * leave as one batch with one Sync (db/statement-batch.ts).
 */
export class NamingClient extends pg.Client {
  /** Between BEGIN and COMMIT or ROLLBACK as sent (pipelined: not necessarily answered yet). */
  private inBlock = false;
  /** Statements of the open block waiting for the end of this turn, to leave together. */
  private queued: BatchedStatement[] = [];

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // A connection lost while the client is lent out (PostgreSQL restarting: 57P01, the network
    // cut) is an 'error' event nobody listens to then, which would end the process. The query
    // under way fails by itself (answered 503, http/error-handler.ts); the pool drops the client
    // on its return (it is no longer queryable) and opens a new connection for the next query.
    this.on('error', () => undefined);
  }

  // node-postgres's query has many overloads; this one only looks at a config object and passes everything on.
  override query(...args: unknown[]): never {
    const [config, values, callback] = args as [QueryConfigLike | string, unknown, unknown];
    const object = config && typeof config === 'object' ? config : null;
    const text = typeof config === 'string' ? config : typeof object?.text === 'string' ? object.text : undefined;
    let name: string | undefined;
    if (object && text !== undefined && object.name === undefined) {
      const hasValues = (Array.isArray(values) && values.length > 0) || (Array.isArray(object.values) && object.values.length > 0);
      name = hasValues ? statementNameOf(text) : undefined;
    }
    const control = text === undefined ? null : blockControl(text);
    // Batched: a statement answered by a promise (no callback, no portal, not a submittable), named
    // or a block's BEGIN or end, inside a block (or opening one), on a pipelining connection.
    const answeredByPromise = typeof values !== 'function' && callback === undefined && (!object || (object.callback === undefined && object.rows === undefined && typeof object.submit !== 'function'));
    const named = name ?? (typeof object?.name === 'string' ? object.name : undefined);
    const batched = this.pipeline && answeredByPromise && (named !== undefined || control !== null) && (this.inBlock || control === 'begin');
    if (control === 'begin') this.inBlock = true;
    // Alone: a named statement outside a block, answered by a promise, on a pipelining connection —
    // a batch of its own (its own Sync, as node-postgres would send it), made and answered by the
    // same light statement as a block's (statement-batch.ts: no config copied, described once),
    // answered at its ReadyForQuery (its implicit COMMIT may fail after its CommandComplete).
    // pool.query hands the client a callback: those keep node-postgres's Query.
    const alone = !batched && this.pipeline && answeredByPromise && named !== undefined;
    const light = batched || alone;
    let result: unknown;
    if (light) {
      // Whatever was queued goes first: the connection answers in the order sent.
      if (alone) this.sendQueued();
      result = this.queue(text as string, object, named, Array.isArray(values) ? values : object?.values, alone);
    } else {
      if (name !== undefined) args[0] = { ...object, name };
      // Whatever was queued goes first: the connection answers in the order sent.
      this.sendQueued();
      sentToDatabase.roundTrips += 1;
      sentToDatabase.statements += 1;
      result = (super.query as (...a: unknown[]) => unknown)(...args);
    }
    if (control === 'end') this.inBlock = false;
    if (name === undefined || !(result instanceof Promise)) return result as never;
    const forgettable = name;
    return result.catch((error: unknown) => {
      // A value node-postgres could not write makes it close the statement on the server (no
      // SQLSTATE on that error), and a statement gone from the server answers 26000: either way
      // it is parsed again next time instead of failing on this connection until it is replaced.
      // (A light statement's value that cannot be written fails before anything is sent: wireValues.)
      const code = (error as { code?: unknown } | null)?.code;
      if (code === '26000' || (typeof code !== 'string' && !light)) this.forget(forgettable);
      throw error;
    }) as never;
  }

  /** The statement, queued to leave with the others of this turn; its result when answered. */
  private queue(text: string, object: QueryConfigLike | null, name: string | undefined, values: unknown[] | undefined, alone = false): Promise<unknown> {
    let wire: unknown[];
    try {
      wire = wireValues(values);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    return new Promise((resolve, reject) => {
      const types = (object?.types as TypeParsers | undefined) ?? (this as unknown as { _types: TypeParsers })._types;
      const statement = new BatchedStatement(text, name, wire, types, object?.rowMode === 'array', (error, result) => (error ? reject(error) : resolve(result)));
      if (alone) this.send([statement], true);
      else if (this.queued.push(statement) === 1) process.nextTick(() => this.sendQueued());
    });
  }

  /** Sends the queued statements as one batch (one Sync). */
  private sendQueued(): void {
    const queued = this.queued;
    if (queued.length === 0) return;
    this.queued = [];
    this.send(queued);
  }

  private send(statements: BatchedStatement[], autocommit = false): void {
    sentToDatabase.roundTrips += 1;
    sentToDatabase.statements += statements.length;
    (super.query as (query: unknown) => unknown).call(this, new StatementBatch(statements, autocommit));
  }

  private forget(name: string): void {
    const connection = (this as unknown as { connection?: { parsedStatements?: Record<string, string> } }).connection;
    if (connection?.parsedStatements) delete connection.parsedStatements[name];
    if (connection) forgetDescription(connection, name);
  }
}
