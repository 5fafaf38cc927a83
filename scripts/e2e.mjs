#!/usr/bin/env node
// `npm run test:e2e`: drives the built PWA in Debian's Chromium (playwright-core) at phone size.
// Builds the app and the server first when missing or stale, then runs tests/e2e/*.e2e.ts with Node's test runner
// and prints a closing "N passed, N failed, N skipped" line. Names given (`npm run test:e2e -- tour money`) run those files only.
// A skipped test is counted as skipped, never as passed; under CI (CI=true) it fails the run, as a failure does.
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';
import { buildServerIfStale } from './build-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// The suite runs what `npm start` runs: the built PWA and the compiled server.
buildIfStale();
await buildServerIfStale();
// The test files are TypeScript: each runs in its own process that loads tsx.
process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --import tsx`.trim();

const dir = join(root, 'tests', 'e2e');
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.e2e.ts') && (only.length === 0 || only.includes(f.replace(/\.e2e\.ts$/, ''))))
  .map((f) => join(dir, f));
// The whole suite starts from no screenshots (its files run side by side, so none of them may clear
// the folder); a run of some files only replaces theirs.
if (only.length === 0) rmSync(join(root, 'test-results', 'screenshots'), { recursive: true, force: true });
let passed = 0;
let failed = 0;
let skipped = 0;
// Two files at a time (E2E_CONCURRENCY): much of a browser test is waiting for a screen to settle,
// and two of them overlap those waits on two cores; each file has its own server, data folder and browser.
const concurrency = Number(process.env.E2E_CONCURRENCY ?? 2);
if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('E2E_CONCURRENCY must be a whole number of files, 1 or more');
const stream = run({ files, concurrency, timeout: 45 * 60_000 });
// node:test reports a skipped or todo test as passed, with `skip` or `todo` set (true or the reason).
const marked = (flag) => flag !== undefined && flag !== false;
stream.on('test:pass', (event) => {
  if (event.details?.type === 'suite') return;
  if (marked(event.skip) || marked(event.todo)) skipped++;
  else passed++;
});
stream.on('test:fail', (event) => { if (event.details?.type !== 'suite') failed++; });
stream.compose(spec).pipe(process.stdout);
stream.on('end', () => {
  const ci = process.env.CI === 'true';
  console.log(`e2e: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  if (ci && skipped > 0) console.log(`e2e: ${skipped} skipped under CI (CI=true): a browser test that did not run fails the run`);
  process.exitCode = failed > 0 || passed === 0 || (ci && skipped > 0) ? 1 : 0;
});
