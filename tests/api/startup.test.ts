/** What the app loads at start, the OpenAPI document, the PWA files, and the edge of the HTTP layer. */
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { validate } from '@readme/openapi-parser';
import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ERROR_KEYS } from '../../src/domain/errors';
import type { CoinEntry } from '../../src/domain/wire';
import { errorText } from '../../src/locales/errors';
import { SERVER_BUILD_DIR } from '../../scripts/build-server.mjs';
import { readContent } from '../../server/modules/news/content';
import { startTestApp, type TestApp } from './harness';
import { startServerProcess } from './server-process';

let t: TestApp;
let publicDir: string;
/** Stands for the built page's inline boot hint (src/app/bootHint.ts). */
const BOOT_HINT = 'document.documentElement.dir = "rtl";';
const BIG_SCRIPT = 'export const rows = [];\nrows.push("a row of the app\'s code");\n'.repeat(200);
beforeAll(async () => {
  publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-pwa-'));
  fs.mkdirSync(path.join(publicDir, 'assets'));
  fs.writeFileSync(path.join(publicDir, 'index.html'), `<!doctype html><title>Tessera</title><script>${BOOT_HINT}</script><div id="root"></div>`);
  fs.writeFileSync(path.join(publicDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  fs.writeFileSync(path.join(publicDir, 'manifest.webmanifest'), '{"name":"Tessera"}');
  fs.writeFileSync(path.join(publicDir, 'assets', 'index-3f9a1c.js'), 'console.log("app")');
  fs.writeFileSync(path.join(publicDir, 'assets', 'app-7d1e2b.js'), BIG_SCRIPT);
  // As `npm run build` leaves dist/: the .br and .gz copies beside the files they shrink.
  execFileSync(process.execPath, [path.join('scripts', 'precompress.mjs'), publicDir]);
  t = await startTestApp({ publicDir, env: { USDT_EUR_RATE: '0.915', SUPPORT_URL: 'https://support.example.com/chat' } });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(publicDir, { recursive: true, force: true });
});

describe('startup calls', () => {
  test('/kf is the support link from the configuration', async () => {
    expect((await t.get('/kf', { query: { lang: 'en' } })).body).toEqual({ type: 'ok', code: 1, message: '', data: { kf: 'https://support.example.com/chat' } });
  });

  test('/currency/rate gives EUR for one USDT with 4 decimals; another currency is refused', async () => {
    expect((await t.get('/currency/rate', { query: { currency: 'EUR', lang: 'de' } })).body.data).toEqual([{ currency: 'EUR', rate: '0.9150' }]);
    expect((await t.get('/currency/rate', { query: { currency: 'GBP' } })).status).toBe(400);
  });

  test('/currency/list offers USDT with TRC20 and ERC20 addresses, BTC, ETH and the bank transfer', async () => {
    const reply = await t.get<{ legal: CoinEntry[] }>('/currency/list');
    const legal = reply.body.data!.legal;
    expect(legal.map((coin) => [coin.name, coin.kind, coin.network])).toEqual([
      ['USDT', 'crypto', 'TRC20'],
      ['BTC', 'crypto', 'BTC'],
      ['ETH', 'crypto', 'ERC20'],
      ['Bank transfer', 'bank', null],
    ]);
    const usdt = legal[0];
    expect(usdt.address_omni).toBe(t.config.deposit.usdtTrc20);
    expect(usdt.address_erc).toBe(t.config.deposit.usdtErc20);
    expect(usdt.address).toBe(usdt.address_omni);
    expect(legal[3].bank).toEqual(t.config.deposit.bank);
    for (const coin of legal) expect(Number.isInteger(coin.id)).toBe(true);
  });

  test('/wallet/list: a new user has zero USDT and EUR, in full precision', async () => {
    const { token } = await t.signedInUser();
    const reply = await t.post('/wallet/list', { lang: 'en' }, { token });
    expect(reply.body.data).toEqual({
      legal_wallet: {
        balance: [
          { currency_name: 'USDT', legal_balance: '0.000000' },
          { currency_name: 'EUR', legal_balance: '0.00' },
        ],
      },
    });
    expect((await t.post('/wallet/list', {})).status).toBe(401);
  });

  test('/wallet/list: the available balances only, USDT first, in full precision', async () => {
    const { token } = await t.signedInUser();
    const userId = await t.userIdOf(token);
    await t.fund(userId, 'EUR', 12_345n);
    await t.fund(userId, 'USDT', 1_000_000_001n);
    const reply = await t.post('/wallet/list', {}, { token });
    expect(reply.body.data).toEqual({
      legal_wallet: {
        balance: [
          { currency_name: 'USDT', legal_balance: '1000.000001' },
          { currency_name: 'EUR', legal_balance: '123.45' },
        ],
      },
    });
  });

  test('/health answers with a database round trip', async () => {
    expect((await t.get('/health')).body.data).toEqual({ status: 'ok' });
  });

  test('a user balance cannot go below zero, by a CHECK in the database', async () => {
    const { email } = await t.registerByEmail();
    await expect(
      t.database.sql.exclusive(0, (conn) =>
        conn.query("UPDATE ledger_accounts SET balance = -1 WHERE user_id = (SELECT id FROM users WHERE email = $1)", [email]),
      ),
    ).rejects.toThrow(/ledger_accounts_user_not_negative/);
  });
});

interface JsonSchema {
  required?: string[];
  properties?: Record<string, JsonSchema>;
  [keyword: string]: unknown;
}

/** What the test reads of an OpenAPI operation. */
interface Operation {
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string; schema: JsonSchema }>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema: JsonSchema }> }>;
}

describe('the OpenAPI document', () => {
  test('is OpenAPI 3.1, unwrapped, and lists every call of docs/api.md with its method', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toBe('3.1.0');
    const contract = fs.readFileSync(path.resolve('docs/api.md'), 'utf8');
    const calls = [...contract.matchAll(/^\| (GET|POST)(?: †)? \| (\/[\w/]+) \|/gm)].map(([, method, url]) => [method.toLowerCase(), `/api${url}`]);
    expect(calls.length).toBeGreaterThanOrEqual(20);
    for (const [method, url] of calls) expect(doc.paths[url]?.[method], `${method} ${url}`).toBeDefined();
  });

  test('every documented route exists, and request bodies carry the shared schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    for (const [url, operations] of Object.entries<Record<string, unknown>>(doc.paths)) {
      for (const method of Object.keys(operations)) {
        const fastifyUrl = url.replace(/\{(\w+)\}/g, ':$1');
        expect(t.app.hasRoute({ method: method.toUpperCase() as 'GET', url: fastifyUrl }), `${method} ${url}`).toBe(true);
      }
    }
    const register = doc.paths['/api/user/register'].post.requestBody.content['application/json'].schema;
    expect(JSON.stringify(register)).toContain('"agreed"');
    expect(doc.paths['/api/user/info'].get.security).toEqual([{ token: [] }]);
    // The command line's bearer token or the console's cookie, each naming the least role.
    expect(doc.paths['/api/ops/settings'].post.security).toEqual([{ operatorToken: ['admin'] }, { operatorCookie: ['admin'] }]);
    expect(doc.paths['/api/ops/settings'].get.security).toEqual([{ operatorToken: ['support'] }, { operatorCookie: ['support'] }]);
    expect(doc.paths['/api/recharge/log'].get.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['page', 'lang']));
    expect(doc.paths['/api/kf'].get.security).toBeUndefined();
    expect(doc.components.schemas.Envelope.properties.key.anyOf ?? doc.components.schemas.Envelope.properties.key).toBeDefined();
    expect(JSON.stringify(doc.components.schemas.Envelope)).toContain(JSON.stringify([...ERROR_KEYS]));
    const upload = doc.paths['/api/user/uploadHeadPortrait'].post.requestBody.content['multipart/form-data'].schema;
    expect(upload.required).toEqual(['file']);
  });

  test('passes an OpenAPI 3.1 validator', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    const result = await validate(structuredClone(doc));
    expect(result.valid ? [] : result.errors, 'OpenAPI validation errors').toEqual([]);
  });

  test('is a valid OpenAPI 3.1 document: every operation says what its reply holds', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(doc.info.title).toBe('Tessera API');
    // OpenAPI 3.1 schemas are JSON Schema 2020-12: each must compile.
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addFormat('binary', true);
    ajv.addFormat('uuid', true);
    ajv.addFormat('date-time', true);
    const compiles = (where: string, schema: unknown) => {
      expect(() => ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"#/$defs/'))), where).not.toThrow();
    };
    let operations = 0;
    for (const [url, pathItem] of Object.entries<Record<string, Operation>>(doc.paths)) {
      for (const [method, operation] of Object.entries(pathItem)) {
        const where = `${method} ${url}`;
        operations++;
        expect(['get', 'post'], where).toContain(method);
        expect(operation.summary, where).toBeTruthy();
        expect(operation.tags?.length, where).toBe(1);
        for (const requirement of operation.security ?? []) {
          for (const scheme of Object.keys(requirement)) expect(doc.components.securitySchemes[scheme], where).toBeDefined();
        }
        for (const parameter of operation.parameters ?? []) {
          expect(['query', 'path'], where).toContain(parameter.in);
          compiles(`${where} ${parameter.name}`, parameter.schema);
        }
        if (operation.requestBody) for (const content of Object.values(operation.requestBody.content)) compiles(`${where} body`, content.schema);
        const ok = operation.responses?.['200'];
        expect(ok?.description, where).toBeTruthy();
        const content = Object.entries(ok.content ?? {});
        expect(content.length, `${where}: its 200 reply has a media type`).toBeGreaterThan(0);
        for (const [mediaType, { schema }] of content) {
          compiles(`${where} ${mediaType}`, schema);
          if (mediaType !== 'application/json') {
            // A file, not the envelope: an image (proofs, documents, avatars), the audit's CSV export or the embedded database's copy.
            const files: Record<string, RegExp> = { '/api/ops/audit/export': /^text\/csv$/, '/api/ops/backup': /^application\/gzip$/ };
            expect(mediaType, where).toMatch(files[url] ?? /^image\//);
            continue;
          }
          if (url === '/api/docs') continue;
          // A documented file sent as it is (the proof of liabilities' leaves file, docs/liabilities.md).
          if (url === '/api/ops/liabilities/leaves') {
            expect(schema.required, where).toEqual(expect.arrayContaining(['format', 'version', 'snapshot', 'leaves']));
            continue;
          }
          // The envelope, with `data` described: not just {}.
          expect(schema.required, where).toEqual(expect.arrayContaining(['type', 'code', 'message', 'data']));
          const data = schema.properties?.data;
          expect(data, where).toBeDefined();
          expect(Object.keys(data ?? {}).filter((key) => key !== 'description').length, `${where}: data is described`).toBeGreaterThan(0);
        }
        expect(operation.responses.default, `${where}: refusals are described`).toBeDefined();
      }
    }
    expect(operations).toBeGreaterThanOrEqual(53);
    // What the wallet holds is spelled out: amounts are decimal strings.
    const wallet = doc.paths['/api/wallet/list'].post.responses['200'].content['application/json'].schema;
    expect(wallet.properties.data.properties.legal_wallet.properties.balance.items.properties.legal_balance.type).toBe('string');
    const proof = doc.paths['/api/ops/deposits/proof'].get.responses['200'].content;
    expect(Object.keys(proof)).toContain('image/png');
  });

  test('a route under /api without a documented reply stops the start', async () => {
    const other = await startTestApp({ beforeReady: (app) => app.get('/api/undocumented', async () => ({ secret: true })) }).then(
      () => null,
      (error: Error) => error,
    );
    expect(other?.message).toMatch(/Routes missing from the OpenAPI document: GET \/api\/undocumented/);
  });
});

describe('auth declared once on the route', () => {
  test('a route declared required refuses without a token, before looking at its input', async () => {
    for (const [method, url] of [
      ['GET', '/user/info'],
      ['POST', '/wallet/list'],
      ['POST', '/wallet/out'],
    ] as const) {
      const reply = method === 'GET' ? await t.get(url) : await t.post(url, { anything: 'invalid' });
      expect([url, reply.status, reply.body.type, reply.body.code, reply.body.key]).toEqual([url, 401, '999', 999, 'session.required']);
    }
  });

  test('an operator route refuses a user token: it declares its operator role', async () => {
    const { token } = await t.signedInUser();
    const reply = await t.get('/ops/settings', { token });
    expect([reply.status, reply.body.type]).toEqual([401, '999']);
  });
});

describe('the PWA under /h5/', () => {
  test('/ goes to /h5/home', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/h5/home');
  });

  test('any app path gets index.html, not cached', async () => {
    for (const url of ['/h5/', '/h5/home', '/h5/assets/components/withdarw', '/h5/mine/profile?tab=1']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect([url, response.statusCode]).toEqual([url, 200]);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  test('hashed assets are cached for a year; sw.js is revalidated; a missing file is a 404', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/h5/assets/index-3f9a1c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const sw = await t.app.inject({ method: 'GET', url: '/h5/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject({ method: 'GET', url: '/h5/manifest.webmanifest' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/h5/assets/gone-000000.js' })).statusCode).toBe(404);
  });

  test('assets go brotli or gzip compressed to clients that take it, made at build time; plain to others', async () => {
    const get = (url: string, encoding?: string) =>
      t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });
    const br = await get('/h5/assets/app-7d1e2b.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers['content-type'])).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(BIG_SCRIPT.length / 10);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT);

    const gzip = await get('/h5/assets/app-7d1e2b.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(BIG_SCRIPT);

    const plain = await get('/h5/assets/app-7d1e2b.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
    // A file that compression would not shrink has no copy: sent as it is.
    fs.writeFileSync(path.join(publicDir, 'assets', 'tiny-0a0b0c.js'), ';');
    const tiny = await get('/h5/assets/tiny-0a0b0c.js', 'br');
    expect([tiny.statusCode, tiny.headers['content-encoding'], tiny.body]).toEqual([200, undefined, ';']);
  });

  test('JSON replies of 4 KB and more are compressed for clients that take it; smaller ones are not, unless kept (compressed once)', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs', headers: { 'accept-encoding': 'br' } });
    expect(docs.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(docs.rawPayload).toString()).openapi).toMatch(/^3\.1/);
    const health = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json().data).toEqual({ status: 'ok' });
    // The quoted symbols, 1–4 KB: as they are.
    const quotes = await t.app.inject({ method: 'GET', url: '/api/currency/quotation_new', headers: { 'accept-encoding': 'br, gzip' } });
    expect(quotes.rawPayload.length).toBeGreaterThan(1024);
    expect(quotes.rawPayload.length).toBeLessThan(4096);
    expect(quotes.headers['content-encoding']).toBeUndefined();
    // A page of ten records, about 2 KB, is a kept reply (http/kept-reply.ts): compressed once, then sent as kept.
    const { token } = await t.signedInUser();
    const userId = await t.userIdOf(token);
    for (let i = 0; i < 10; i++) await t.fund(userId, 'USDT', 1_000_000n);
    const page = await t.app.inject({ method: 'GET', url: '/api/wallet/legal_log', headers: { 'accept-encoding': 'br, gzip', authorization: token } });
    expect(page.headers['content-encoding']).toBe('br');
    const json = brotliDecompressSync(page.rawPayload).toString();
    expect(json.length).toBeGreaterThan(1024);
    expect(json.length).toBeLessThan(4096);
    expect(JSON.parse(json).data.list).toHaveLength(10);
  });

  test('the security headers let the PWA run: own scripts, inline styles, data/blob images, websockets', async () => {
    const csp = String((await t.app.inject({ method: 'GET', url: '/h5/home' })).headers['content-security-policy']);
    // Own scripts, and of inline scripts exactly the page's boot hint, by its hash.
    const hash = crypto.createHash('sha256').update(BOOT_HINT).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}';`);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("connect-src 'self' ws: wss:");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  test('without a build, /h5/ says to run npm run build', async () => {
    const bare = await startTestApp();
    try {
      const response = await bare.app.inject({ method: 'GET', url: '/h5/home' });
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain('npm run build');
    } finally {
      await bare.close();
    }
  });
});

describe('the edge of the HTTP layer', () => {
  test('a reply to a request with a token is never cached; public reference data may be', async () => {
    const { token } = await t.signedInUser();
    for (const reply of [await t.get('/user/info', { token }), await t.post('/wallet/list', {}, { token }), await t.get('/user/info', { token: 'not-a-token' })]) {
      expect(reply.headers['cache-control']).toBe('no-store');
    }
    expect((await t.get('/kf')).headers['cache-control']).toBeUndefined();
  });

  test('an unknown API route is a 404 envelope in the request language', async () => {
    const reply = await t.get('/no/such/call', { headers: { 'accept-language': 'pt-BR' } });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ type: 'error', code: 0, message: errorText('pt', 'request.notFound'), data: null, key: 'request.notFound' });
  });

  test('a body over 64 KiB is refused with 413', async () => {
    const reply = await t.post('/user/login', { account: 'x'.repeat(70_000), password: '1' });
    expect(reply.status).toBe(413);
    expect(reply.body.key).toBe('request.tooLarge');
  });

  test('a body that is not JSON is refused', async () => {
    const text = await t.app.inject({ method: 'POST', url: '/api/user/login', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(text.statusCode).toBe(415);
    expect(text.json().key).toBe('request.invalid');
    const broken = await t.app.inject({ method: 'POST', url: '/api/user/login', headers: { 'content-type': 'application/json' }, payload: '{"account":' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().key).toBe('request.invalid');
  });

  test('an unexpected failure is a 500 envelope without details', async () => {
    const broken = await startTestApp();
    try {
      // The database goes away under a running app.
      await broken.database.close();
      const reply = await broken.get('/health', { headers: { 'accept-language': 'nl' } });
      expect(reply.status).toBe(500);
      expect(reply.body).toEqual({ type: 'error', code: 0, message: errorText('nl', 'server.error'), data: null, key: 'server.error' });
    } finally {
      broken.database.close = async () => undefined;
      await broken.close();
    }
  });

  test('unknown query fields are refused on GET calls too', async () => {
    const reply = await t.get('/kf', { query: { lang: 'en', debug: '1' } });
    expect(reply.status).toBe(400);
    expect(reply.body.key).toBe('request.unknownField');
  });
});

describe('while the database is still opening (npm start listens before it is ready)', () => {
  test('the PWA and the liveness probe answer at once; API calls wait for the database, then answer', async () => {
    let open!: () => void;
    const databaseReady = new Promise<void>((resolve) => (open = resolve));
    const early = await startTestApp({ publicDir, databaseReady });
    try {
      const page = await early.app.inject({ method: 'GET', url: '/h5/' });
      expect([page.statusCode, page.body]).toEqual([200, expect.stringContaining('<div id="root">')]);
      expect((await early.get('/health/live')).status).toBe(200);
      let answered = false;
      const health = early.get('/health').then((reply) => ((answered = true), reply));
      const login = early.post('/user/login', { account: 'demo', password: '583927' }).then((reply) => ((answered = true), reply));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(answered).toBe(false);
      open();
      expect((await health).status).toBe(200);
      expect((await login).body.type).toBe('ok');
    } finally {
      open();
      await early.close();
    }
  });
});

describe('secure by default: the demo accounts stay on this computer', () => {
  /** An address of this machine that is not loopback, or null when it has none. */
  const outward = Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry && !entry.internal && entry.family === 'IPv4')?.address ?? null;
  const answers = async (host: string, port: string) => {
    try {
      return (await fetch(`http://${host}:${port}/api/health/live`, { signal: AbortSignal.timeout(3000) })).status;
    } catch {
      return 'refused';
    }
  };

  test('with the demo accounts and no HOST, the server answers on loopback and not on the network; HOST=0.0.0.0 opens it and the banner says so', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-host-'));
    const base: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PUBLIC_DIR: publicDir, PORT: '0', LOG_LEVEL: 'warn', NODE_OPTIONS: '' };
    delete base.DATABASE_URL;
    delete base.HOST;
    delete base.SEED_DEMO;
    const loopback = await startServerProcess(base);
    try {
      const port = new URL(loopback.url).port;
      expect(loopback.url).toBe(`http://127.0.0.1:${port}`);
      expect(loopback.output).toContain('Listening on this computer only');
      expect(await answers('127.0.0.1', port)).toBe(200);
      if (outward) expect(await answers(outward, port)).toBe('refused');
    } finally {
      await loopback.stop();
    }
    const open = await startServerProcess({ ...base, HOST: '0.0.0.0' });
    try {
      const port = new URL(open.url).port;
      expect(open.output).not.toContain('Listening on this computer only');
      expect(await answers('127.0.0.1', port)).toBe(200);
      if (outward) expect(await answers(outward, port)).toBe(200);
    } finally {
      await open.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('the compiled server, as npm start runs it', () => {
  test('dist-server/main.mjs starts on an embedded database, finds its migrations and content, serves /api/health, a content page and /h5/', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-built-'));
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PUBLIC_DIR: publicDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_OPTIONS: '' };
    delete env.DATABASE_URL;
    const server = await startServerProcess(env);
    try {
      // Built JavaScript, no TypeScript loader; the SQL migrations copied beside it.
      expect(fs.existsSync(path.join(SERVER_BUILD_DIR, 'main.mjs'))).toBe(true);
      expect(fs.readdirSync(path.join(SERVER_BUILD_DIR, 'migrations'))).toEqual(fs.readdirSync(path.resolve('server/db/migrations')));
      // The content pages' texts copied beside it too, and seeded from there.
      expect(readContent(path.join(SERVER_BUILD_DIR, 'content'))).toEqual(readContent());
      expect(server.output).toContain('Demo accounts');
      for (const url of ['/api/health', '/api/health/live']) {
        const reply = await fetch(`${server.url}${url}`);
        expect([url, reply.status, ((await reply.json()) as { data: unknown }).data]).toEqual([url, 200, { status: 'ok' }]);
      }
      const help = readContent().find((piece) => piece.id === 33)!.texts.de!;
      const detail = await fetch(`${server.url}/api/news/detail`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'de' }, body: '{"id":33}' });
      expect(((await detail.json()) as { data: unknown }).data).toMatchObject({ id: 33, locale: 'de', title: help.title, body: help.body });
      const page = await fetch(`${server.url}/h5/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
