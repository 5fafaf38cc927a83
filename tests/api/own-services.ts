/**
 * A PostgreSQL server and a Redis server of a test's own, on free ports, that the test may stop
 * and start (the failure drills, tests/api/drills.test.ts): the shared ones serve every other API
 * file at the same time. PostgreSQL comes from Debian's packages (initdb and pg_ctl under
 * /usr/lib/postgresql/<version>/bin; run as the user postgres when the tests run as root, which
 * PostgreSQL refuses), Redis is `redis-server` keeping nothing on disk.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The newest installed PostgreSQL's programs, or null. */
function postgresBin(): string | null {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  const versions = fs.readdirSync(base).filter((name) => fs.existsSync(path.join(base, name, 'bin', 'pg_ctl')));
  versions.sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? path.join(base, versions[0], 'bin') : null;
}

/** Debian's redis-server (package redis-server, which .ci/run installs). */
const REDIS_SERVER = '/usr/bin/redis-server';

export const ownServicesAvailable = (): boolean => postgresBin() !== null && fs.existsSync(REDIS_SERVER);

export interface OwnPostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  /**
   * A fast shutdown (every connection told and cut, as a restart does), at least `downMs` without
   * a server (`whileDown` runs then), then a start.
   */
  restart(downMs: number, whileDown?: () => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error('no PostgreSQL under /usr/lib/postgresql');
  const asRoot = process.getuid?.() === 0;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-own-pg-'));
  const data = path.join(folder, 'data');
  if (asRoot) await run('chown', ['postgres:postgres', folder]);
  const as = (program: string, args: string[]) => (asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args]) : run(path.join(bin, program), args));
  const port = await freePort();
  await as('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const start = () => as('pg_ctl', ['-D', data, '-o', options, '-l', path.join(folder, 'log'), '-w', '-t', '30', 'start']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async restart(downMs, whileDown) {
      await as('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      await Promise.all([new Promise((resolve) => setTimeout(resolve, downMs)), whileDown?.()]);
      await start();
    },
    async stop() {
      await as('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

export interface OwnRedis {
  url: string;
  /** Stops the server (its clients see their connections closed); `start()` brings it back on the same port, empty. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    const next = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = next;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      next.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      });
      next.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
    });
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}
