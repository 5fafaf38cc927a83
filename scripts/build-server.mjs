#!/usr/bin/env node
// The server compiled for production: server/main.ts and everything it imports from server/ and
// src/ bundled by rolldown (the bundler vite 8 ships) into one ES module, dist-server/main.mjs;
// packages under node_modules stay external, loaded from node_modules at run time. What the
// server reads at start by path, looking beside its own file, is copied beside the bundle: the SQL
// migrations (server/db/migrate.ts) to dist-server/migrations, the content pages' texts
// (server/modules/news/content.ts) to dist-server/content.
//
//   node scripts/build-server.mjs   builds now
//   buildServerIfStale()             builds when dist-server/ is missing or any source is newer
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { newestChange } from './build-if-stale.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_BUILD_DIR = join(root, 'dist-server');
export const SERVER_ENTRY = join(SERVER_BUILD_DIR, 'main.mjs');
const MANIFEST = join(SERVER_BUILD_DIR, 'sources.json');
/** Whole trees whose changes always count: a new file in them may be imported. */
const SOURCE_TREES = ['server', 'package.json', 'tsconfig.json', 'scripts/build-server.mjs'];


/** Is the build older than server/, the files of src/ it bundled, or the build settings? */
export function serverBuildIsStale() {
  if (!existsSync(SERVER_ENTRY) || !existsSync(MANIFEST)) return true;
  const builtAt = statSync(SERVER_ENTRY).mtimeMs;
  let bundled;
  try {
    bundled = JSON.parse(readFileSync(MANIFEST, 'utf8'));
  } catch {
    return true;
  }
  const sources = [...SOURCE_TREES, ...bundled];
  return sources.some((source) => {
    const path = join(root, source);
    // A bundled file that is gone: the build no longer matches the sources.
    if (!existsSync(path)) return true;
    return newestChange(path) > builtAt;
  });
}

/** Builds into a fresh folder, then puts it in place of the old build. */
export async function buildServer() {
  const { build } = await import('rolldown');
  const dir = `${SERVER_BUILD_DIR}.${process.pid}.tmp`;
  rmSync(dir, { recursive: true, force: true });
  const output = await build({
    input: join(root, 'server', 'main.ts'),
    platform: 'node',
    tsconfig: join(root, 'tsconfig.json'),
    // Packages are loaded from node_modules as they are (native modules, wasm, files they read).
    external: (id) => !id.startsWith('.') && !isAbsolute(id) && !id.startsWith('\0'),
    logLevel: 'warn',
    output: {
      dir,
      entryFileNames: 'main.mjs',
      chunkFileNames: '[name]-[hash].mjs',
      format: 'esm',
      sourcemap: true,
    },
  });
  cpSync(join(root, 'server', 'db', 'migrations'), join(dir, 'migrations'), { recursive: true });
  cpSync(join(root, 'server', 'modules', 'news', 'content'), join(dir, 'content'), { recursive: true });
  // What it bundled from outside server/ (src/domain, src/locales), for the staleness check.
  const modules = new Set();
  for (const chunk of output.output) {
    if (chunk.type !== 'chunk') continue;
    for (const id of chunk.moduleIds) {
      if (!isAbsolute(id)) continue;
      const path = relative(root, id);
      if (!path.startsWith('..') && !path.startsWith('node_modules') && !path.startsWith('server')) modules.add(path);
    }
  }
  writeFileSync(join(dir, 'sources.json'), `${JSON.stringify([...modules].sort(), null, 1)}\n`);
  // The entry is touched last of all: its time is the build's time.
  const now = new Date();
  utimesSync(join(dir, 'main.mjs'), now, now);
  rmSync(SERVER_BUILD_DIR, { recursive: true, force: true });
  renameSync(dir, SERVER_BUILD_DIR);
}

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Builds when stale. Several processes may ask at once (test files in parallel): one builds
 * while holding dist-server.lock, the others wait for it and then find the build fresh.
 */
export async function buildServerIfStale() {
  const lock = `${SERVER_BUILD_DIR}.lock`;
  for (;;) {
    if (!serverBuildIsStale()) return;
    try {
      mkdirSync(lock);
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      // A lock left by a build that died (a build takes about a second).
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 60_000) rmSync(lock, { recursive: true, force: true });
      sleep(100);
      continue;
    }
    try {
      if (!serverBuildIsStale()) return;
      console.log('Building the server (first start or changed sources)…');
      await buildServer();
      return;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now();
  await buildServer();
  console.log(`Server built into ${relative(root, SERVER_BUILD_DIR)}/ in ${Math.round(performance.now() - started)} ms`);
}
