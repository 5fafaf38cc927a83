/**
 * `npm run bench -- restart`: a rolling restart of two server processes under load (PostgreSQL;
 * docs/operations.md, "Restarts that lose nothing"). A small balancer in this process sends each
 * request to the processes whose readiness (GET /api/health) said yes at its last look (every
 * 250 ms), in turn, and a request answered 503 with Retry-After or whose connection failed once
 * more to another one, as balancers do. Through it, for BENCH_SECONDS (default 20): autocannon
 * with 32 connections reading `GET /api/wallet/list` signed in, and 8 clients converting EUR to USDT
 * with their Idempotency-Keys (tests/api/money-load.ts). Meanwhile each process in turn gets
 * SIGTERM (a 2-second drain) and a new one takes its place. And 64 phones' sockets (socket.io,
 * websocket only, as docs/operations.md asks behind a balancer without sticky sessions; the
 * balancer passes each upgrade to a ready process) subscribed to their accounts, subscribing again
 * on every reconnect as the app does (src/realtime/socket.ts).
 *
 * Printed: the reads answered 200 of all sent (ratio; target 1.0, every read answered), the
 * money calls acknowledged, each in the database once (target: none lost, none twice, ledger
 * clean), and the sockets connected and subscribed again after both processes were replaced (ratio;
 * target 1.0, every socket reconnected).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { io as connect, type Socket } from 'socket.io-client';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { rowsOf } from '../../server/db/rows';
import type { ServerProcess } from '../api/server-process';
import { startMoneyLoad } from '../api/money-load';
import { fund, requireBenchServer, verifyClean, withThrowawayDatabase } from './database';
import { createPayingUsers, signIn, startBenchServer } from './server';
import { benchTargets } from './targets';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CLIENTS = 8;
const READERS = 32;
const SOCKETS = 64;

/** Round-robin over the ready processes; one more try elsewhere on a 503 with Retry-After or a failed connection. */
function balancer(processes: () => ServerProcess[]) {
  let ready: ServerProcess[] = [];
  let turn = 0;
  const look = async () => {
    const answers = await Promise.all(processes().map(async (server) => ((await fetch(`${server.url}/api/health`).catch(() => null))?.status === 200 ? server : null)));
    ready = answers.filter((server): server is ServerProcess => server !== null);
  };
  const looking = setInterval(() => void look(), 250);
  const forward = (request: http.IncomingMessage, body: Buffer, response: http.ServerResponse, triesLeft: number) => {
    const target = new URL(ready[turn++ % Math.max(1, ready.length)]?.url ?? processes()[0].url);
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: request.method, path: request.url, headers: request.headers },
      (answer) => {
        if (answer.statusCode === 503 && answer.headers['retry-after'] && triesLeft > 0) {
          answer.resume();
          forward(request, body, response, triesLeft - 1);
          return;
        }
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (triesLeft > 0) forward(request, body, response, triesLeft - 1);
      else response.writeHead(502).end();
    });
    upstream.end(body);
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => forward(request, Buffer.concat(chunks), response, 1));
  });
  // A WebSocket: the upgrade request passed on as it came to a ready process, then bytes both ways
  // until either side closes (a closing process drops its sockets; their clients reconnect here).
  server.on('upgrade', (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const target = new URL(ready[turn++ % Math.max(1, ready.length)]?.url ?? processes()[0].url);
    const upstream = net.connect(Number(target.port), target.hostname, () => {
      const lines = [`${request.method} ${request.url} HTTP/1.1`];
      for (let index = 0; index < request.rawHeaders.length; index += 2) lines.push(`${request.rawHeaders[index]}: ${request.rawHeaders[index + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.on('close', () => upstream.destroy());
  });
  return {
    look,
    listen: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    close: () => {
      clearInterval(looking);
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * A phone's socket subscribed to its account, subscribing again on every reconnect as the app
 * does. `back()`: dropped at least once, connected now, and subscribed again since its last drop.
 */
async function phone(base: string, token: string) {
  const socket: Socket = connect(base, { path: '/socket.io', transports: ['websocket'], reconnectionDelay: 200, reconnectionDelayMax: 1000 });
  const device = { socket, drops: 0, subscribedAfterDrop: false, back: () => device.drops > 0 && socket.connected && device.subscribedAfterDrop };
  socket.on('disconnect', () => {
    device.drops++;
    device.subscribedAfterDrop = false;
  });
  const subscribed = new Promise<void>((resolve) => {
    socket.on('connect', () => {
      void socket
        .timeout(5000)
        .emitWithAck('subscribe', { channel: 'account', token })
        .then((ack: { ok?: boolean }) => {
          if (ack?.ok && device.drops > 0) device.subscribedAfterDrop = true;
          if (ack?.ok) resolve();
        })
        .catch(() => undefined);
    });
  });
  await subscribed;
  return device;
}

const targets = benchTargets('restart');
await requireBenchServer();
await withThrowawayDatabase('restart', async (url) => {
  const database = await openDatabase({ kind: 'postgres', url });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-restart-'));
  const secret = crypto.randomBytes(16).toString('hex');
  // Every phone comes from this machine's address through the balancer: room for all of them.
  const env = { SECRETS_KEY: crypto.randomBytes(32).toString('base64'), SHUTDOWN_DRAIN_SECONDS: '2', SOCKET_MAX_PER_ADDRESS: String(SOCKETS * 2) };
  const processes: ServerProcess[] = [];
  try {
    await migrate(database.sql);
    const ids = await createPayingUsers(database, CLIENTS, secret);
    await fund(database, ids, 'EUR', 10_000_000n);
    processes.push(await startBenchServer(url, dataDir, secret, env), await startBenchServer(url, dataDir, secret, env));
    const front = balancer(() => processes);
    await front.look();
    const base = await front.listen();
    const tokens = await signIn(base, CLIENTS);
    const phones = await Promise.all(Array.from({ length: SOCKETS }, (_, index) => phone(base, tokens[index % tokens.length])));
    const money = startMoneyLoad(() => [{ url: base } as ServerProcess], tokens);
    let next = 0;
    let reads = 0;
    let answered = 0;
    const readLoad = autocannon({
      url: base,
      connections: READERS,
      duration: SECONDS,
      requests: [
        {
          method: 'POST',
          path: '/api/wallet/list',
          setupRequest: (request) => ({ ...request, headers: { 'content-type': 'application/json', authorization: tokens[next++ % tokens.length] }, body: '{}' }),
          onResponse: (status) => {
            reads++;
            if (status === 200) answered++;
          },
        },
      ],
    });
    // Each process in turn: SIGTERM (it drains, then closes), and a new one in its place.
    const roll = async () => {
      for (let round = 0; round < 2; round++) {
        await new Promise((resolve) => setTimeout(resolve, (SECONDS * 1000) / 5));
        const old = processes.shift()!;
        await old.stop();
        processes.push(await startBenchServer(url, dataDir, secret, env));
      }
    };
    await Promise.all([readLoad, roll()]);
    await money.stop();
    // Both processes replaced: every phone connected to a new one and subscribed again within 10 s.
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && !phones.every((device) => device.back())) await new Promise((resolve) => setTimeout(resolve, 100));
    const back = phones.filter((device) => device.back()).length;
    const drops = phones.reduce((sum, device) => sum + device.drops, 0);
    for (const device of phones) device.socket.disconnect();
    await front.close();
    console.log(
      `sockets through the rolling restart (${SOCKETS} phones, websocket through the balancer): ${back} of ${SOCKETS} connected and subscribed again after ${drops} dropped connections, ratio ${(back / SOCKETS).toFixed(4)} ${targets.verdict(back === SOCKETS && drops >= SOCKETS, 'ratio 1.0000, each dropped at least once', `${back} back, ${drops} drops`)}`,
    );

    const ratio = answered / Math.max(1, reads);
    console.log(
      `rolling restart of 2 processes, ${READERS} connections reading POST /api/wallet/list for ${SECONDS} s: ${answered.toLocaleString('en')} of ${reads.toLocaleString('en')} answered 200, ratio ${ratio.toFixed(4)} ${targets.verdict(ratio === 1, 'ratio 1.0000', ratio.toFixed(4))}`,
    );
    const keys = money.acknowledged;
    const [row] = await rowsOf<{ conversions: number; keys: number }>(
      database.db,
      sql`SELECT (SELECT count(*)::int FROM conversions) AS conversions,
                 (SELECT count(DISTINCT key)::int FROM idempotency_keys WHERE key = ANY(${`{${keys.join(',')}}`}::text[])) AS keys`,
    );
    const lost = keys.length - row.keys;
    const twice = row.conversions - keys.length;
    const others = money.outcomes.other.length;
    console.log(
      `money calls during the rolling restart (${CLIENTS} clients converting): ${keys.length.toLocaleString('en')} acknowledged, ${money.outcomes.refused503} answered 503 with Retry-After and sent again, lost ${lost}, done twice ${twice}, other failures ${others} ${targets.verdict(lost === 0 && twice === 0 && others === 0, '0 lost, 0 twice, 0 other', `${lost}, ${twice}, ${others}`)}`,
    );
    if (others > 0) console.log(`first failure: ${money.outcomes.other[0]}`);
    await verifyClean(database);
  } finally {
    await Promise.all(processes.map((server) => server.stop()));
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
targets.finish();
