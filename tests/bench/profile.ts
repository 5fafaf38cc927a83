/**
 * Where a bench server's CPU time went: the V8 CPU profiles that `BENCH_PROFILE=<dir>` has a bench
 * server write (node --cpu-prof), summarised by part of the stack. Each sample is charged to the
 * innermost frame that belongs to a part (a native frame, JSON.stringify or writev, is charged to
 * its caller's part); frames of the compiled server are traced back to their source file through
 * the build's source map. Idle time is left out: the shares are of the time the process worked.
 *
 *   node --import tsx tests/bench/profile.ts <file.cpuprofile>…   prints a summary per file
 */
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The parts a request's time is split into, by where the code comes from. */
const PACKAGE_PARTS: [RegExp, string][] = [
  [/node_modules\/(pg|pg-protocol|pg-pool|pg-types|pgpass|postgres-[a-z]+)\//, 'PostgreSQL driver (pg)'],
  [/node_modules\/drizzle-orm\//, 'SQL building (Drizzle)'],
  [/node_modules\/(zod|fastify-type-provider-zod)\//, 'validation (zod)'],
  [/node_modules\/(pino|pino-std-serializers|sonic-boom|thread-stream|fast-redact|on-exit-leak-free)\//, 'logging (pino)'],
  [/node_modules\/(fastify|find-my-way|avvio|light-my-request|@fastify\/[^/]+|fast-json-stringify|secure-json-parse|content-type|fast-querystring|toad-cache|process-warning|abstract-logging|rfdc|ret|safe-regex2|fast-uri|ajv|json-schema-ref-resolver)\//, 'Fastify'],
  [/node_modules\/socket\.io|node_modules\/engine\.io|node_modules\/ws\//, 'sockets (socket.io)'],
  [/node_modules\/(helmet)\//, 'security headers (helmet)'],
  [/node_modules\/@noble\//, 'hashing (noble)'],
];

/** Our own sources, by file: the part each stands for. */
const SOURCE_PARTS: [RegExp, string][] = [
  [/server\/http\/idempotency\.ts$|server\/http\/paid-call\.ts$/, 'idempotency (key, reply)'],
  [/server\/http\/(auth|operator-session)\.ts$|server\/security\/tokens\.ts$/, 'session check'],
  [/server\/security\/pay-passwords\.ts$/, 'payment password check'],
  [/server\/http\//, 'our HTTP layer (route, envelope, errors)'],
  [/server\/db\//, 'our database layer (named statements, transactions)'],
  [/server\/ledger\//, 'ledger (postings)'],
  [/server\/modules\//, 'business rules (modules)'],
  [/src\/domain\//, 'domain (schemas, money)'],
  [/server\//, 'server (other)'],
];

function nodePart(url: string): string | undefined {
  if (/^node:(_http|http)/.test(url)) return 'HTTP parsing and replies (Node)';
  if (/^node:(net|stream|internal\/streams|internal\/stream_base)/.test(url)) return 'sockets and streams (Node)';
  if (/^node:internal\/crypto|^node:crypto/.test(url)) return 'hashing (Node crypto)';
  if (url.startsWith('node:')) return 'Node (other)';
  return undefined;
}

/** A resolver from a frame of the compiled bundle to its source file, when the bundle has a source map. */
function sourceOf(): (url: string, line: number, column: number) => string | undefined {
  const maps = new Map<string, SourceMap | null>();
  return (url, line, column) => {
    if (!url.startsWith('file://')) return undefined;
    let map = maps.get(url);
    if (map === undefined) {
      const file = fileURLToPath(url);
      try {
        map = new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')));
      } catch {
        map = null;
      }
      maps.set(url, map);
    }
    if (!map) return undefined;
    const entry = map.findEntry(line, column) as { originalSource?: string };
    return entry.originalSource;
  };
}

/** The part a frame belongs to, or undefined for a native or V8 frame (charged to its caller). */
function partOf(frame: ProfileNode['callFrame'], source: ReturnType<typeof sourceOf>): string | undefined {
  const { url, functionName } = frame;
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(program)') return 'V8 and native (program)';
  if (url === '') return undefined;
  const node = nodePart(url);
  if (node) return node;
  for (const [pattern, part] of PACKAGE_PARTS) if (pattern.test(url)) return part;
  if (url.includes('/node_modules/')) return `other packages`;
  const original = source(url, frame.lineNumber, frame.columnNumber) ?? url;
  for (const [pattern, part] of SOURCE_PARTS) if (pattern.test(original)) return part;
  return 'other';
}

interface ProfileSummary {
  /** Milliseconds the process worked (samples not idle). */
  busyMs: number;
  /** Milliseconds the profile covers. */
  wallMs: number;
  /** Each part's milliseconds, largest first. */
  parts: [string, number][];
  /** The functions with the most self time, with their part. */
  functions: { name: string; part: string; ms: number }[];
}

/** Now on the clock of a profile's timestamps (both the monotonic clock, in microseconds): a bench marks its load's start and end with it. */
export function profileClock(): number {
  return Number(process.hrtime.bigint() / 1000n);
}

/** `window`: only the samples between these two profileClock() readings (the load, not the start-up or the sign-ins). */
function summariseProfile(profile: CpuProfile, window?: { from: number; to: number }): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const source = sourceOf();
  const charged = new Map<number, string>();
  const chargeOf = (id: number): string => {
    const known = charged.get(id);
    if (known) return known;
    const node = byId.get(id)!;
    let part = partOf(node.callFrame, source);
    if (!part) {
      const up = parent.get(id);
      part = up === undefined ? 'V8 and native (program)' : chargeOf(up);
    }
    charged.set(id, part);
    return part;
  };
  const parts = new Map<string, number>();
  const functions = new Map<string, { name: string; part: string; ms: number }>();
  let busy = 0;
  let at = profile.startTime;
  let first = Number.POSITIVE_INFINITY;
  let last = 0;
  profile.samples.forEach((id, index) => {
    const node = byId.get(id)!;
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    if (window && (at < window.from || at > window.to)) return;
    first = Math.min(first, at - delta);
    last = Math.max(last, at);
    const ms = delta / 1000;
    if (node.callFrame.functionName === '(idle)') return;
    busy += ms;
    const part = chargeOf(id);
    parts.set(part, (parts.get(part) ?? 0) + ms);
    const { functionName, url, lineNumber } = node.callFrame;
    const original = source(url, lineNumber, node.callFrame.columnNumber);
    const where = original ? path.basename(original) : url ? path.basename(url) : 'native';
    const name = `${functionName || '(anonymous)'} (${where})`;
    const entry = functions.get(name) ?? { name, part, ms: 0 };
    entry.ms += ms;
    functions.set(name, entry);
  });
  return {
    busyMs: busy,
    wallMs: last > first ? (last - first) / 1000 : 0,
    parts: [...parts.entries()].sort((a, b) => b[1] - a[1]),
    functions: [...functions.values()].sort((a, b) => b.ms - a.ms).slice(0, 12),
  };
}

/** The summary as lines: each part's share of the busy time and its CPU microseconds per call. */
function describeProfile(summary: ProfileSummary, calls: number, what: string): string {
  const perCall = (ms: number) => `${((ms * 1000) / calls).toFixed(0)} µs/${what}`;
  const lines = [
    `server CPU ${(summary.busyMs / 1000).toFixed(1)} s busy of ${(summary.wallMs / 1000).toFixed(1)} s, ${perCall(summary.busyMs)} over ${calls} ${what}s:`,
    ...summary.parts.map(([part, ms]) => `  ${part}: ${((100 * ms) / summary.busyMs).toFixed(1)} %, ${perCall(ms)}`),
    '  most self time:',
    ...summary.functions.map((f) => `    ${f.name} [${f.part}]: ${((100 * f.ms) / summary.busyMs).toFixed(1)} %`),
  ];
  return lines.join('\n');
}

function readProfile(file: string): CpuProfile {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
}

/** The newest profile in `dir` written after `since` (ms since the epoch), if any. */
function newestProfile(dir: string, since: number): string | undefined {
  if (!fs.existsSync(dir)) return undefined;
  return fs
    .readdirSync(dir)
    // The main thread's (CPU.<date>.<time>.<pid>.<thread>.<n>: thread 0), not a loader's worker.
    .filter((name) => /\.0\.\d+\.cpuprofile$/.test(name))
    .map((name) => path.join(dir, name))
    .filter((file) => fs.statSync(file).mtimeMs >= since)
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
}

/** The summary of the profile the server wrote since `since` (ms since the epoch), over the load's `window`, when BENCH_PROFILE is set. */
export function profileOf(since: number, window: { from: number; to: number }, calls: number, what: string): string | undefined {
  const dir = process.env.BENCH_PROFILE;
  if (!dir) return undefined;
  const file = newestProfile(path.resolve(dir), since);
  if (!file) throw new Error(`BENCH_PROFILE is set but the server wrote no profile into ${dir}`);
  return `${what}: ${path.basename(file)}\n${describeProfile(summariseProfile(readProfile(file), window), calls, what)}`;
}

/** Profile summaries one after the other (the server's, then the bare server's), or undefined when there are none. */
export function joinProfiles(...summaries: Array<string | undefined>): string | undefined {
  const some = summaries.filter((summary) => summary !== undefined);
  return some.length > 0 ? some.join('\n') : undefined;
}

/** Linux reports process times in USER_HZ, 100 per second. */
const TICKS_PER_SECOND = 100;

/** A process's CPU time so far, in milliseconds: user (its own code) and system (the kernel on its behalf). */
export interface CpuTime {
  user: number;
  system: number;
}

/** A process's own CPU time and, second, that of its ended children it waited for, from its /proc/<pid>/stat line. */
function cpuOfStat(text: string): [own: CpuTime, children: CpuTime] {
  // The command may hold spaces and parentheses: the fields start after its last ")". utime, stime,
  // cutime and cstime are the 14th to 17th fields (the 12th to 15th after the command).
  const [utime, stime, cutime, cstime] = text.slice(text.lastIndexOf(')') + 2).split(' ').slice(11, 15).map((ticks) => (Number(ticks) * 1000) / TICKS_PER_SECOND);
  return [{ user: utime, system: stime }, { user: cutime, system: cstime }];
}

/** The CPU time of process `pid` (zero when it is gone). */
export function processCpu(pid: number): CpuTime {
  try {
    return cpuOfStat(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'))[0];
  } catch {
    return { user: 0, system: 0 };
  }
}

/** The CPU time of every PostgreSQL process of this machine together (the server's and its backends', those that ended too). */
export function postgresCpu(): CpuTime {
  const total = { user: 0, system: 0 };
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let text: string;
    try {
      text = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    if (!text.includes(' (postgres) ')) continue;
    // Backends that ended (pgbench's, at its end) are counted in their parent's children's times.
    const [cpu, children] = cpuOfStat(text);
    total.user += cpu.user + children.user;
    total.system += cpu.system + children.system;
  }
  return total;
}

/**
 * The CPU that the server process and PostgreSQL spend between `start()` and `stop()`: what a
 * call costs each of them, measured by the kernel (/proc), not sampled. A CPU profile's samples
 * also land on a frame while its thread waits for a core (on 2 cores, a write that wakes
 * PostgreSQL is often where the server loses its core), so the profile's shares are of wall
 * time; these figures are of CPU time.
 */
export function cpuMeter(serverPid: number | null) {
  let server = processCpu(serverPid ?? 0);
  let postgres = postgresCpu();
  return {
    /** The CPU spent since, per call (ms): the server's user and system time, PostgreSQL's. */
    perCall(calls: number) {
      const nowServer = processCpu(serverPid ?? 0);
      const nowPostgres = postgresCpu();
      const per = (ms: number) => ms / Math.max(1, calls);
      const figures = {
        serverUser: per(nowServer.user - server.user),
        serverSystem: per(nowServer.system - server.system),
        postgres: per(nowPostgres.user + nowPostgres.system - postgres.user - postgres.system),
      };
      server = nowServer;
      postgres = nowPostgres;
      return figures;
    },
  };
}

/** The line of a cpuMeter's figures. */
export function describeCpu(what: string, figures: { serverUser: number; serverSystem: number; postgres: number }, served: boolean): string {
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  return served
    ? `CPU per ${what} (kernel's count): server ${ms(figures.serverUser + figures.serverSystem)} (user ${ms(figures.serverUser)}, system ${ms(figures.serverSystem)}), PostgreSQL ${ms(figures.postgres)}`
    : `CPU per ${what} with pgbench sending its statements (kernel's count): PostgreSQL ${ms(figures.postgres)}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  for (const file of process.argv.slice(2)) {
    console.log(`${file}\n${describeProfile(summariseProfile(readProfile(file)), 1, 'run')}`);
  }
}
