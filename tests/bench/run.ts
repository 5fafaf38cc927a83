/**
 * `npm run bench`: every benchmark of the project, one after another (never two at once: each
 * measures a ratio within its own run, and two runs would share the machine's cores).
 *
 *   ledger      the ledger's postings and a whole money call next to pgbench (PostgreSQL)
 *   trading     the trading hall's matches settled (place + confirm) next to pgbench, with the
 *               p99 of each call (PostgreSQL)
 *   liabilities the proof of liabilities' snapshot of 100,000 users (target under 10 s), a proof's
 *               size, and a user's proof served at 32 connections (p99 under 20 ms; PostgreSQL)
 *   api         signed-in API reads under autocannon next to a route without the database
 *   pledge      one day's pledge interest for 100,000 running orders, set-based (PostgreSQL;
 *               target under 10 s)
 *   market      the kline fan-out to 5,000 socket.io clients next to bare ws (p99, drops, rate
 *               ratio), and the candle history's p99 at 50 concurrent reads (PostgreSQL)
 *   restart     a rolling restart of two processes under signed-in reads and money calls: the
 *               ratio of reads answered, and no money call lost or done twice (PostgreSQL)
 *   lighthouse  the first screens in Debian's Chromium with Lighthouse's mobile defaults
 *
 * `npm run bench -- api lighthouse` runs only the ones named. Each prints its own figures, one per
 * line, ending with the ratio or unit; a bench exits non-zero on a missed target as when it cannot
 * measure, and the run fails when one of them fails.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BENCHES = ['ledger', 'trading', 'pledge', 'liabilities', 'api', 'market', 'restart', 'lighthouse'] as const;
type Bench = (typeof BENCHES)[number];

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(BENCHES as readonly string[]).includes(name));
if (unknown.length > 0) {
  console.error(`unknown bench ${unknown.join(', ')}; known: ${BENCHES.join(', ')}`);
  process.exit(2);
}
const chosen: Bench[] = asked.length > 0 ? (asked as Bench[]) : [...BENCHES];

const failed: Bench[] = [];
for (const name of chosen) {
  const file = fileURLToPath(new URL(`./${name}.bench.ts`, import.meta.url));
  console.log(`\n=== bench ${name}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', file], { stdio: 'inherit', env: process.env });
  if (result.status !== 0) failed.push(name);
}
if (failed.length > 0) {
  console.error(`\nbench failed: ${failed.join(', ')}`);
  process.exit(1);
}
