/**
 * A real server process, started as `npm start` starts it (the compiled dist-server/main.mjs,
 * built first when its sources are newer), for the tests that need what one process cannot show:
 * the start banner, several processes sharing a database and Redis, the compiled build itself.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SERVER_ENTRY, buildServerIfStale } from '../../scripts/build-server.mjs';

export const root = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  /** What it printed up to the end of its banner. */
  output: string;
  /** Its base URL, as the banner names it (e.g. http://127.0.0.1:41234). */
  url: string;
  /** Its process id (the benches read its CPU time). */
  pid: number;
  /** SIGTERM, resolved once it has exited (PGlite closes its files). */
  stop(): Promise<void>;
  /** SIGKILL (a crash: nothing of the process runs after it), resolved once it has exited. */
  kill(): Promise<void>;
}

/** `nodeArgs`: options for node itself (the benches' --cpu-prof). */
export async function startServerProcess(env: NodeJS.ProcessEnv, nodeArgs: string[] = []): Promise<ServerProcess> {
  await buildServerIfStale();
  // Stopped by SIGTERM at the end of a test: at once, unless the test asks for the drain.
  const child = spawn(process.execPath, [...nodeArgs, SERVER_ENTRY], { cwd: root, env: { SHUTDOWN_DRAIN_SECONDS: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };
  const stop = () => end('SIGTERM');
  return new Promise<ServerProcess>((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`no banner within 60 s:\n${output}`));
    }, 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      // The banner ends with an empty line after its last paragraph.
      const banner = /Tessera is running at (http:\/\/\S+?)\/h5\/[\s\S]*\n\n/.exec(output);
      if (banner) {
        clearTimeout(timer);
        resolve({ output, url: banner[1], pid: child.pid ?? 0, stop, kill: () => end('SIGKILL') });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}):\n${output}`));
    });
  });
}

/**
 * A throwaway PostgreSQL database on the server of `serverUrl`, and the environment of server
 * processes sharing it and Redis (keys under a prefix of their own) with a scratch data folder.
 * `drop()` removes the database and the folder.
 */
export async function clusterEnvironment(serverUrl: string, label: string, redisUrl: string) {
  const name = `tessera_${label}_${crypto.randomBytes(5).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tessera-${label}-`));
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: url.toString(),
    // One key for the installation's processes (PostgreSQL refuses to start without one).
    SECRETS_KEY: crypto.randomBytes(32).toString('base64'),
    // One pepper too, given, so that a test can key payment passwords as the processes do.
    CODE_PEPPER: crypto.randomBytes(16).toString('hex'),
    REDIS_URL: redisUrl,
    // This run's keys only: other runs on the same Redis count apart.
    REDIS_PREFIX: `tessera-${label}-${crypto.randomBytes(6).toString('hex')}:`,
    DATA_DIR: dataDir,
    PUBLIC_DIR: path.join(dataDir, 'no-pwa'),
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };
  delete env.SEED_DEMO;
  delete env.MARKET_FEED;
  return {
    env,
    drop: async () => {
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
