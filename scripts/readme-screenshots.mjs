#!/usr/bin/env node
// Copies the README's screenshots from the last look-and-feel tour (`npm run tour`, which saves
// every screen under test-results/screenshots/tour/) into docs/screenshots/.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const from = join(root, 'test-results', 'screenshots', 'tour');
const to = join(root, 'docs', 'screenshots');
const SHOTS = ['home', 'market', 'orders', 'coin', 'fund-record'];
mkdirSync(to, { recursive: true });
for (const locale of ['en', 'ar']) {
  for (const name of SHOTS) {
    const file = join(from, `loaded-${locale}-${name}.png`);
    if (!existsSync(file)) throw new Error(`${file} is missing: run npm run tour first`);
    copyFileSync(file, join(to, `${name}-${locale}.png`));
  }
}
console.log(`copied ${SHOTS.length * 2} screenshots to docs/screenshots/`);
