/**
 * The JavaScript the first screen (/h5/home, English) loads before it is interactive, read from
 * the build's own manifest (dist/.vite/manifest.json): index.html's entry chunk and every chunk it
 * imports statically, then every chunk the boot itself imports dynamically before the first render
 * (the language's catalogue and error texts). Used by the budget test and the Lighthouse bench;
 * `node scripts/first-screen.mjs` prints the list.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** What the boot awaits before the first render, besides the entry's static imports (src/main.tsx). */
export const BOOT_DYNAMIC_IMPORTS = (locale) => [`src/locales/${locale}/shell.po`, `src/locales/${locale}/errors.ts`];

export function readManifest(dist) {
  return JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
}

/** Chunk keys reachable from `keys` through static imports. */
function staticClosure(manifest, keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build manifest has no chunk ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

/** The first screen's JavaScript files with their gzip sizes (level 9, as the build precompresses). */
export function firstScreenJavaScript(dist, locale = 'en') {
  const manifest = readManifest(dist);
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
  if (!entry) throw new Error('the build manifest has no index.html entry');
  const boot = BOOT_DYNAMIC_IMPORTS(locale).filter((key) => manifest[key]);
  const keys = staticClosure(manifest, [entry, ...boot]);
  const files = [...keys]
    .map((key) => manifest[key].file)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, gzip: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length }))
    .sort((a, b) => b.gzip - a.gzip);
  return { files, gzip: files.reduce((sum, { gzip }) => sum + gzip, 0) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = fileURLToPath(new URL('../dist', import.meta.url));
  const { files, gzip } = firstScreenJavaScript(dist, process.argv[2] ?? 'en');
  for (const { file, gzip: size } of files) console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
  console.log(`first-screen JavaScript (gzip): ${(gzip / 1024).toFixed(1)} KB`);
}
