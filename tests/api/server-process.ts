/**
 * A real server process, started as `npm start` starts it (the compiled dist-server/main.mjs,
 * built first when its sources are newer), for the tests that need what one process cannot show:
 * the start banner, several processes sharing a database and Redis, the compiled build itself.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SERVER_ENTRY, buildServerIfStale } from '../../scripts/build-server.mjs';

export const root = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  /** What it printed up to the end of its banner. */
  output: string;
  /** Its base URL, as the banner names it (e.g. http://127.0.0.1:41234). */
  url: string;
  /** SIGTERM, resolved once it has exited (PGlite closes its files). */
  stop(): Promise<void>;
}

/** `nodeArgs`: options for node itself (the benches' --cpu-prof). */
export async function startServerProcess(env: NodeJS.ProcessEnv, nodeArgs: string[] = []): Promise<ServerProcess> {
  await buildServerIfStale();
  const child = spawn(process.execPath, [...nodeArgs, SERVER_ENTRY], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
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
        resolve({ output, url: banner[1], stop });
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
