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
}

/** A pg.Client whose parameterised queries without a name get the name of their text. */
export class NamingClient extends pg.Client {
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
    const [config, values] = args as [QueryConfigLike | string, unknown[] | undefined];
    let name: string | undefined;
    if (config && typeof config === 'object' && typeof config.text === 'string' && config.name === undefined) {
      const hasValues = (Array.isArray(values) && values.length > 0) || (Array.isArray(config.values) && config.values.length > 0);
      name = hasValues ? statementNameOf(config.text) : undefined;
      if (name !== undefined) args[0] = { ...config, name };
    }
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    if (name === undefined || !(result instanceof Promise)) return result as never;
    const named = name;
    return result.catch((error: unknown) => {
      // A value node-postgres could not write makes it close the statement on the server (no
      // SQLSTATE on that error), and a statement gone from the server answers 26000: either way
      // it is parsed again next time instead of failing on this connection until it is replaced.
      const code = (error as { code?: unknown } | null)?.code;
      if (typeof code !== 'string' || code === '26000') this.forget(named);
      throw error;
    }) as never;
  }

  private forget(name: string): void {
    const connection = (this as unknown as { connection?: { parsedStatements?: Record<string, string> } }).connection;
    if (connection?.parsedStatements) delete connection.parsedStatements[name];
  }
}
