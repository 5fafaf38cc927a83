#!/usr/bin/env node
// `npm start`: build the PWA when its sources are newer than the last build, then run the
// server (embedded PostgreSQL by default), which serves the app, the API and the socket.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
if (process.env.SKIP_BUILD !== '1') buildIfStale();

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
