#!/usr/bin/env node
// `npm start`: build the PWA and the server when their sources are newer than the last build,
// then run the compiled server (dist-server/main.mjs; embedded PostgreSQL by default), which
// serves the app, the API and the socket.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';
import { SERVER_ENTRY, buildServerIfStale } from './build-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
if (process.env.SKIP_BUILD !== '1') {
  buildIfStale();
  await buildServerIfStale();
}

const server = spawn(process.execPath, [SERVER_ENTRY], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
