/**
 * The least a Node.js server costs for a money call: node:http and the server's own PostgreSQL
 * pool (node-postgres, pipelining, every statement named: NamingClient), running a statements
 * script of tests/bench/statements.ts for each POST it gets — its lookup, then each pipeline sent
 * at once and awaited together — and answering `{"data":{}}`. No framework, no validation, no
 * session, no rules, no query builder: the same statements and round trips as pgbench's line,
 * sent by the runtime and the driver the server has. What the real server costs beyond this line
 * is its own; what this line costs beyond pgbench's is Node's, HTTP's and the driver's.
 *
 * Run as its own process (the ledger bench spawns it): DATABASE_URL, BARE_SCRIPT (a pgbench script
 * file); it prints "bare server listening on <port>". Each request names its client
 * (`x-client: n`, one per connection), which picks the users as pgbench's `client_id` does. A call
 * the API makes in two HTTP requests (a conversion's quote and execution, a trade's placing and
 * confirming: NEXT_REQUEST in the script between them) is two requests here too: each runs its
 * part of the script, with the variables the call's earlier part set (x-call, x-part).
 * pgbench's script language is read as far as the scripts use it: `\set name expression`
 * (arithmetic, `random(a, b)`, `:variables`), a lookup ending in `\gset`, `\startpipeline` and
 * `\endpipeline`, and `:name` in a statement sent as a parameter (as `-M prepared` does).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { NamingClient } from '../../server/db/named-statements';
import { NEXT_REQUEST } from './statements';
import { cpuMeter, describeCpu, profileClock, profileOf } from './profile';
import { WORKERS, load } from './server';

type Step = { kind: 'set'; name: string; expression: string } | { kind: 'lookup'; text: string } | { kind: 'pipeline'; statements: string[] };

/** The steps of a pgbench script, by HTTP request of the call (NEXT_REQUEST between them). */
function parseScript(text: string): Step[][] {
  const requests: Step[][] = [[]];
  let steps = requests[0];
  let pipeline: string[] | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    if (line === NEXT_REQUEST) {
      if (pipeline) throw new Error('the next request inside a pipeline');
      requests.push((steps = []));
      continue;
    }
    const set = /^\\set (\w+) (.+)$/.exec(line);
    if (set) steps.push({ kind: 'set', name: set[1], expression: set[2] });
    else if (line === '\\startpipeline') pipeline = [];
    else if (line === '\\endpipeline') {
      if (!pipeline) throw new Error('\\endpipeline without \\startpipeline');
      steps.push({ kind: 'pipeline', statements: pipeline });
      pipeline = null;
    } else if (line.endsWith('\\gset')) steps.push({ kind: 'lookup', text: line.slice(0, -'\\gset'.length).trim() });
    else if (pipeline) pipeline.push(line.replace(/;$/, ''));
    else throw new Error(`a statement outside a pipeline: ${line}`);
  }
  return requests;
}

/** How many HTTP requests a script's call takes. */
const requestsOf = (file: string) => parseScript(fs.readFileSync(file, 'utf8')).length;

/** A statement with its `:variables` as parameters ($1…), as pgbench -M prepared sends it (`::` is a cast). */
function withParameters(text: string, variables: Map<string, string>): { text: string; values: string[] } {
  const values: string[] = [];
  const numbered = new Map<string, number>();
  const replaced = text.replace(/(?<!:):([a-z_]\w*)/gi, (_, name: string) => {
    if (!variables.has(name)) throw new Error(`undefined variable :${name} in ${text}`);
    let n = numbered.get(name);
    if (n === undefined) {
      values.push(variables.get(name)!);
      n = values.length;
      numbered.set(name, n);
    }
    return `$${n}`;
  });
  return { text: replaced, values };
}

function evaluate(expression: string, variables: Map<string, string>): string {
  const js = expression
    .replace(/(?<!:):([a-z_]\w*)/gi, (_, name: string) => {
      const value = variables.get(name);
      if (value === undefined || !/^-?\d+$/.test(value)) throw new Error(`\\set needs the number :${name}`);
      return value;
    })
    .replace(/random\(/g, 'rnd(');
  if (!/^[\d\s+\-*/%(),rnd]*$/.test(js)) throw new Error(`not an expression this reads: ${expression}`);
  const rnd = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));
  // pgbench's integer arithmetic: every division and remainder of integers is an integer.
  return String(Math.trunc(new Function('rnd', `return (${js});`)(rnd) as number));
}

const AS_TEXT = { getTypeParser: () => (value: string) => value } as unknown as pg.CustomTypesConfig;

async function run(pool: pg.Pool, steps: Step[], variables: Map<string, string>): Promise<void> {
  const connection = await pool.connect();
  let broken: unknown;
  try {
    for (const step of steps) {
      if (step.kind === 'set') variables.set(step.name, evaluate(step.expression, variables));
      else if (step.kind === 'lookup') {
        const { text, values } = withParameters(step.text, variables);
        // The columns as PostgreSQL writes them (a bytea as \\x…), as pgbench's \\gset keeps them.
        const { rows } = await connection.query({ text, values, types: AS_TEXT });
        for (const [name, value] of Object.entries((rows[0] ?? {}) as Record<string, unknown>)) variables.set(name, String(value));
      } else {
        const sent = step.statements.map((statement) => {
          const { text, values } = withParameters(statement, variables);
          return connection.query({ text, values });
        });
        const settled = await Promise.allSettled(sent);
        const failed = settled.find((result) => result.status === 'rejected');
        if (failed) throw (failed as PromiseRejectedResult).reason;
      }
    }
  } catch (error) {
    broken = error;
    throw error;
  } finally {
    connection.release(broken instanceof Error && !('code' in broken) ? broken : undefined);
  }
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  const file = process.env.BARE_SCRIPT;
  if (!url || !file) throw new Error('DATABASE_URL and BARE_SCRIPT are needed');
  const requests = parseScript(fs.readFileSync(file, 'utf8'));
  // Each call under way: its variables.
  const calls = new Map<string, Map<string, string>>();
  // The server's pool: the same size, pipelining and named statements (server/db/client.ts).
  const pool = new pg.Pool({ connectionString: url, max: 10, pipeline: true, Client: NamingClient } as pg.PoolConfig);
  pool.on('error', () => undefined);
  let firstError: string | undefined;
  const server = http.createServer((request, reply) => {
    request.resume();
    request.on('end', () => {
      // A call's requests carry its number and their part (x-call, x-part): its later parts run with
      // the variables its first part set, however the client's connections interleave.
      const client = Number(request.headers['x-client'] ?? 0);
      const id = String(request.headers['x-call'] ?? '');
      const part = Number(request.headers['x-part'] ?? 0);
      if (part === 0) calls.set(id, new Map([['client_id', String(client)]]));
      const variables = calls.get(id);
      if (part === requests.length - 1) calls.delete(id);
      (variables && requests[part] ? run(pool, requests[part], variables) : Promise.reject(new Error(`no call ${id} or no part ${part}`))).then(
        () => reply.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{}}'),
        (error: unknown) => {
          if (!firstError) {
            firstError = String(error);
            console.error(`bare server: ${firstError}`);
          }
          reply.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: String(error) }));
        },
      );
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    console.log(`bare server listening on ${typeof address === 'object' && address ? address.port : 0}`);
  });
  process.on('SIGTERM', () => {
    server.close();
    void pool.end().then(() => process.exit(0));
  });
}

/**
 * The bare line of a statements script (`file`) on `url`: a bare server in its own process, the
 * benches' load (autocannon, WORKERS connections, one script run per call: one request, or one per
 * part of a call the API makes in several) for `seconds`.
 * Its runs per second, and the kernel's count of its and PostgreSQL's CPU per run (a line).
 */
export async function measureBare(url: string, file: string, seconds: number, what: string): Promise<{ perSecond: number; latencies: number[][]; cpu: string; profile?: string }> {
  // BENCH_PROFILE=<dir>: the bare server writes a CPU profile too, summarised as the server's is.
  const profiling = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`] : [];
  const started = Date.now();
  const child = spawn(process.execPath, [...profiling, '--import', 'tsx', fileURLToPath(import.meta.url)], {
    env: { ...process.env, NODE_OPTIONS: '', DATABASE_URL: url, BARE_SCRIPT: file },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let output = '';
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const banner = /bare server listening on (\d+)/.exec(output);
        if (banner) resolve(Number(banner[1]));
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.once('exit', (code) => reject(new Error(`the bare server exited (${code}):\n${output}`)));
    });
    let clients = 0;
    let calls = 0;
    const meter = cpuMeter(child.pid ?? null);
    const window = { from: profileClock(), to: 0 };
    const parts = requestsOf(file);
    const result = await load(
      `http://127.0.0.1:${port}`,
      seconds,
      Array.from({ length: parts }, (_, part) => ({
        path: '/',
        setup: (context) => {
          context.client ??= String(clients++ % WORKERS);
          if (part === 0) context.call = String(calls++);
          return { body: '{}', headers: { 'x-client': context.client, 'x-call': context.call, 'x-part': String(part) } };
        },
        done: part === parts - 1,
      })),
    );
    window.to = profileClock();
    if (result.refused > 0) throw new Error(`the bare server failed ${result.refused} runs of ${what}`);
    const cpu = describeCpu(`${what} from the bare server`, meter.perCall(result.count), true);
    child.kill('SIGTERM');
    await exited;
    return { perSecond: result.perSecond, latencies: result.latencies, cpu, profile: profileOf(started, window, result.count, `${what} (bare server)`) };
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
