#!/usr/bin/env node
// `npm run dev`: the server from its TypeScript sources under `tsx watch` (restarted on each
// change) next to vite's dev server (hot reload, /api and /socket.io proxied to the server).
// Ctrl-C stops both; when one of them ends, the other is stopped too.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (file) => join(root, 'node_modules', ...file.split('/'));
const children = [
  spawn(process.execPath, [bin('tsx/dist/cli.mjs'), 'watch', '--clear-screen=false', join(root, 'server', 'main.ts')], { cwd: root, stdio: 'inherit' }),
  spawn(process.execPath, [bin('vite/bin/vite.js'), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' }),
];
let ending = false;
const end = (signal, code) => {
  if (ending) return;
  ending = true;
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  Promise.all(children.map((child) => (child.exitCode !== null || child.signalCode !== null ? null : new Promise((r) => child.once('exit', r))))).then(() =>
    process.exit(code),
  );
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => end(signal, 0));
for (const child of children) child.on('exit', (code) => end('SIGTERM', code ?? 1));
