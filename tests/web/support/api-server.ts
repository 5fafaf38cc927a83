/**
 * A real HTTP server on 127.0.0.1 for the client tests: each test says how to answer, and every
 * request that arrives is recorded as the server saw it (method, url, headers, raw body).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { configureClient, setClientHandlers, type ClientConfig } from '../../../src/api/client';

export interface Received {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Reply {
  status?: number;
  /** Sent as JSON; a string is sent as it is (e.g. an HTML error page). */
  body?: unknown;
  delayMs?: number;
}

export type Responder = (request: Received) => Reply;

export interface TestApi {
  /** Base URL to give configureClient, ending in /api. */
  baseUrl: string;
  received: Received[];
  respond(responder: Responder): void;
  close(): Promise<void>;
}

export const ok = (data: unknown, message = '') => ({ body: { type: 'ok', code: 1, message, data } });

export async function startTestApi(): Promise<TestApi> {
  const received: Received[] = [];
  let responder: Responder = () => ok(null);
  const server: Server = createServer((req, res) => {
    // The page (happy-dom) lives on another origin, so the browser rules of CORS apply.
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'Authorization, Accept-Language, Content-Type, Idempotency-Key');
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST');
    if (req.method === 'OPTIONS') return void res.end();
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: Received = {
        method: req.method ?? '',
        url: new URL(req.url ?? '/', 'http://127.0.0.1'),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(request);
      const { status = 200, body = null, delayMs = 0 } = responder(request);
      setTimeout(() => {
        if (res.destroyed) return;
        res.statusCode = status;
        res.setHeader('Content-Type', typeof body === 'string' ? 'text/html' : 'application/json');
        res.end(typeof body === 'string' ? body : JSON.stringify(body));
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    received,
    respond: (next) => {
      responder = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface UseTestApiOptions extends Partial<Omit<ClientConfig, 'baseUrl'>> {
  /** The client's toasts go nowhere (a test that reads them sets its own handlers or the store). */
  quietToasts?: boolean;
  /** Waits this long before closing: the last screen's refreshes may still be on their way. */
  drainMs?: number;
}

/**
 * The fake API of a test file: started before its tests with the client pointed at it, its record
 * of requests cleared before each test, closed after them. Returns the TestApi, ready in the tests.
 */
export function useTestApi(options: UseTestApiOptions = {}): TestApi {
  const { quietToasts = false, drainMs = 0, ...client } = options;
  const api = {} as TestApi;
  beforeAll(async () => {
    Object.assign(api, await startTestApi());
    configureClient({ ...client, baseUrl: api.baseUrl });
    if (quietToasts) setClientHandlers({ toast: () => undefined });
  });
  beforeEach(() => {
    api.received.length = 0;
  });
  afterAll(async () => {
    if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
    await api.close();
  });
  return api;
}
