// Builds the PWA (dist/) and the operator console (dist-ops/) when one is missing or any of their
// sources changed since its last build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompress } from './precompress.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const BUILDS = [
  { name: 'the app', dir: 'dist', page: 'index.html', config: [], sources: ['src', 'sw', 'public', 'index.html', 'vite.config.ts', 'lingui.config.ts', 'package.json'] },
  {
    name: 'the operator console',
    dir: 'dist-ops',
    page: 'ops.html',
    config: ['-c', 'vite.ops.config.ts'],
    sources: ['src', 'ops.html', 'vite.ops.config.ts', 'lingui.config.ts', 'package.json'],
  },
];

/** The latest modification time of a file, or of anything in a folder tree (0 when it is missing). */
export function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

export function buildIfStale() {
  for (const build of BUILDS) {
    const built = join(root, build.dir, build.page);
    if (existsSync(built)) {
      const builtAt = statSync(built).mtimeMs;
      if (!build.sources.some((source) => newestChange(join(root, source)) > builtAt)) continue;
    }
    console.log(`Building ${build.name} (first start or changed sources)…`);
    const result = spawnSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', ...build.config], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
    precompress(join(root, build.dir));
  }
}
