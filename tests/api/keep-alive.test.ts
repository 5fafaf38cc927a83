/**
 * An upload refused before its body was read must not hang the connection it came on: a phone
 * reuses its kept-alive connection for the next request, which has to get an answer — or the
 * connection is closed, so that the phone opens a new one. Driven over a real port with a raw
 * socket, two requests on one connection.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PNG, startTestApp, type TestApp } from './harness';

let t: TestApp;
let port: number;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  token = (await t.signedInUser()).token;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t?.close());

interface RawResponse {
  status: number;
  headers: Record<string, string>;
}

/** Status and headers of one complete HTTP/1.1 response at the start of `data`, and its length. */
function parseResponse(data: Buffer): { response: RawResponse; length: number } | null {
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [statusLine, ...lines] = data.subarray(0, end).toString('latin1').split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  const length = end + 4 + Number(headers['content-length'] ?? 0);
  if (data.length < length) return null;
  return { response: { status: Number(statusLine.split(' ')[1]), headers }, length };
}

type Outcome = { first: RawResponse; second: RawResponse | 'closed' | 'hung' };

/**
 * Sends `first` on a new connection and, once its answer is in, a GET /api/health on the same
 * connection. The second is answered, or the server closed the connection, or (the bug) nothing
 * comes within two seconds.
 */
function twoRequests(first: Buffer): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = Buffer.alloc(0);
    let firstResponse: RawResponse | null = null;
    let timer: NodeJS.Timeout | undefined;
    const finish = (second: Outcome['second']) => {
      clearTimeout(timer);
      socket.destroy();
      if (firstResponse) resolve({ first: firstResponse, second });
      else reject(new Error(`no answer to the first request (${second})`));
    };
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      const parsed = parseResponse(data);
      if (!parsed) return;
      if (!firstResponse) {
        firstResponse = parsed.response;
        data = data.subarray(parsed.length);
        socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', () => undefined);
        timer = setTimeout(() => finish('hung'), 2000);
        const next = parseResponse(data);
        if (next) finish(next.response);
        return;
      }
      finish(parsed.response);
    });
    // The server may close while the rest of the refused body is still being written.
    socket.on('error', () => finish('closed'));
    socket.on('close', () => finish('closed'));
    socket.write(first, () => undefined);
    setTimeout(() => finish('hung'), 10_000);
  });
}

const BOUNDARY = 'xXkeepaliveXx';

/** A multipart request to `url` with `fields` text fields and a file of `fileBytes`. */
function uploadRequest(url: string, options: { fields: number; fileBytes: number; token?: string; contentType?: string }): Buffer {
  const parts: Buffer[] = [];
  for (let i = 0; i < options.fields; i++) parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="field${i}"\r\n\r\nvalue${i}\r\n`));
  const file = Buffer.concat([PNG, Buffer.alloc(Math.max(0, options.fileBytes - PNG.length), 0x61)]);
  parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`), file, Buffer.from(`\r\n--${BOUNDARY}--\r\n`));
  const body = Buffer.concat(parts);
  const head = [
    `POST ${url} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Connection: keep-alive',
    `Content-Type: ${options.contentType ?? `multipart/form-data; boundary=${BOUNDARY}`}`,
    `Content-Length: ${body.length}`,
    'Idempotency-Key: 5f0c8a52-6a51-4b5e-9d8f-2f2d3c4b5a69',
    ...(options.token ? [`Authorization: ${options.token}`] : []),
  ].join('\r\n');
  return Buffer.concat([Buffer.from(`${head}\r\n\r\n`), body]);
}

/** The second request was answered, or the connection was closed and the refusal said so. */
function expectConnectionUsable(outcome: Outcome): void {
  expect(outcome.second, 'the next request on the connection hung').not.toBe('hung');
  if (outcome.second === 'closed') expect(outcome.first.headers.connection).toBe('close');
  else expect((outcome.second as RawResponse).status).toBe(200);
}

describe.each(['/api/user/uploadHeadPortrait', '/api/wallet/charge_req'])('after a refused upload to %s', (url) => {
  test('8 fields and a 1 MB file: 413, and the connection goes on or is closed', async () => {
    const outcome = await twoRequests(uploadRequest(url, { fields: 8, fileBytes: 1024 * 1024, token }));
    expect(outcome.first.status).toBe(413);
    expectConnectionUsable(outcome);
  });

  test('no session: 401, and the connection goes on or is closed', async () => {
    const outcome = await twoRequests(uploadRequest(url, { fields: 2, fileBytes: 1024 * 1024 }));
    expect(outcome.first.status).toBe(401);
    expectConnectionUsable(outcome);
  });

  test('a file past the size limit: 413, and the connection goes on or is closed', async () => {
    const outcome = await twoRequests(uploadRequest(url, { fields: 0, fileBytes: 3 * 1024 * 1024, token }));
    expect(outcome.first.status).toBe(413);
    expectConnectionUsable(outcome);
  });

  test('a content type that is no form: 4xx, and the connection goes on or is closed', async () => {
    const outcome = await twoRequests(uploadRequest(url, { fields: 2, fileBytes: 512 * 1024, token, contentType: 'application/octet-stream' }));
    expect(outcome.first.status).toBeGreaterThanOrEqual(400);
    expect(outcome.first.status).toBeLessThan(500);
    expectConnectionUsable(outcome);
  });
});

test('a complete upload keeps the connection alive for the next request', async () => {
  const outcome = await twoRequests(uploadRequest('/api/user/uploadHeadPortrait', { fields: 0, fileBytes: PNG.length, token }));
  expect(outcome.first.status).toBe(200);
  expect(outcome.second).not.toBe('closed');
  expect((outcome.second as RawResponse).status).toBe(200);
});
