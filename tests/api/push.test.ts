/**
 * Web Push against a push service of our own on loopback, which does what a browser's push
 * service and the browser do: checks the VAPID signature (RFC 8292) and decrypts the payload with
 * the device's private key (RFC 8291, aes128gcm). Publishing news reaches every device on the
 * system channel once, in its owner's language; a device the push service no longer knows (410)
 * is forgotten; endpoints outside the allowed push services are refused.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../server/db/rows';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OpsNews, OpsNewsPiece, OpsNewsPublished } from '../../src/domain/wire';
import { decryptPush as decrypt, pushDevice as device, type PushDevice as Device } from '../fixtures/push-device';
import { startTestApp, type TestApp } from './harness';

/** RFC 8292: the claims of a valid VAPID header signed by `publicKey`; fails the test otherwise. */
function vapidClaims(header: string, publicKey: string): { aud: string; exp: number; sub: string } {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header);
  expect(match, header).not.toBeNull();
  const [, token, key] = match!;
  expect(key).toBe(publicKey);
  const raw = Buffer.from(key, 'base64url');
  const verifier = crypto.createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') }, format: 'jwk' });
  const [head, claims, signature] = token.split('.');
  expect(crypto.verify('sha256', Buffer.from(`${head}.${claims}`), { key: verifier, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))).toBe(true);
  return JSON.parse(Buffer.from(claims, 'base64url').toString());
}

interface Received {
  device: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

let t: TestApp;
let service: Server;
let origin: string;
const received: Received[] = [];
/** Devices the push service says are gone. */
const gone = new Set<string>();

beforeAll(async () => {
  service = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const name = request.url!.split('/').pop()!;
      received.push({ device: name, headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = gone.has(name) ? 410 : 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
  t = await startTestApp({ env: { PUSH_SERVICE_HOSTS: '127.0.0.1', PUSH_CONTACT: 'mailto:ops@tessera.example' } });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => service.close(resolve));
});

const endpointOf = (d: Device) => `${origin}/push/${d.name}`;
const subscribe = (token: string, d: Device, channels: string[]) => t.post('/push/subscribe', { endpoint: endpointOf(d), keys: d.keys, channels }, { token });

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within 5 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('web push', () => {
  test('publishing news reaches each device on the system channel once, encrypted for it, signed, in its owner language', async () => {
    const anna = await t.signedInUser();
    const bruno = await t.signedInUser();
    await t.post('/set/lang', { locale: 'de' }, { token: bruno.token });
    const phone = device('anna-phone');
    const laptop = device('anna-laptop');
    const tablet = device('bruno-tablet');
    const quiet = device('bruno-quiet');
    expect((await subscribe(anna.token, phone, ['system', 'trade'])).body.data).toEqual({ channels: ['system', 'trade'] });
    await subscribe(anna.token, laptop, ['system']);
    await subscribe(bruno.token, tablet, ['system']);
    // Only trade: no news.
    await subscribe(bruno.token, quiet, ['trade']);
    expect((await t.post('/push/device', { endpoint: endpointOf(quiet) }, { token: bruno.token })).body.data).toEqual({ channels: ['trade'] });

    const ops = await t.operatorToken(await t.financeOperator());
    const written = await t.post<OpsNews>('/ops/news', { locale: 'en', title: 'Deposits pause on Sunday', body: 'Bank deposits pause on Sunday night.' }, { token: ops });
    const id = written.body.data!.id;
    await t.post('/ops/news/translate', { id, locale: 'de', title: 'Einzahlungen pausieren am Sonntag', body: 'Banküberweisungen pausieren in der Nacht zum Sonntag.' }, { token: ops });
    received.length = 0;
    // The operator reads how many devices it reached: three on the system channel, not the trade-only one.
    const published = await t.post<OpsNewsPublished>('/ops/news/publish', { id }, { token: ops });
    expect(published.status).toBe(200);
    expect(published.body.data).toMatchObject({ id, status: 'published', pushed: 3 });
    // The editor reads each language's whole text.
    const piece = await t.get<OpsNewsPiece>(`/ops/news/piece?id=${id}`, { token: ops });
    expect(piece.body.data!.texts).toEqual([
      { locale: 'de', title: 'Einzahlungen pausieren am Sonntag', body: 'Banküberweisungen pausieren in der Nacht zum Sonntag.' },
      { locale: 'en', title: 'Deposits pause on Sunday', body: 'Bank deposits pause on Sunday night.' },
    ]);
    await until(() => received.length >= 3, 'three devices notified');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received.map((r) => r.device).sort()).toEqual(['anna-laptop', 'anna-phone', 'bruno-tablet']);

    const { publicKey } = (await t.get<{ publicKey: string }>('/push/key')).body.data!;
    const devices = { 'anna-phone': phone, 'anna-laptop': laptop, 'bruno-tablet': tablet } as Record<string, Device>;
    for (const message of received) {
      expect(message.headers['content-encoding']).toBe('aes128gcm');
      const claims = vapidClaims(String(message.headers.authorization), publicKey);
      expect(claims.aud).toBe(origin);
      expect(claims.sub).toBe('mailto:ops@tessera.example');
      expect(claims.exp * 1000).toBeGreaterThan(Date.now());
      expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
      const payload = JSON.parse(decrypt(message.body, devices[message.device]));
      expect(payload).toMatchObject({ kind: 'news', url: `/h5/news/detail?id=${id}`, tag: `news-${id}` });
      expect(payload.title).toBe(message.device.startsWith('bruno') ? 'Einzahlungen pausieren am Sonntag' : 'Deposits pause on Sunday');
    }

    // Withdrawn and published again, or sent again by another process: no device hears it twice.
    await t.post('/ops/news/withdraw', { id }, { token: ops });
    expect((await t.post<OpsNewsPublished>('/ops/news/publish', { id }, { token: ops })).body.data!.pushed).toBe(0);
    const again = await t.app.services.push.broadcast('system', `news:${id}`, () => ({ title: 'x', body: 'x', url: '/h5/news', kind: 'news', tag: 'x' }));
    expect(again).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received).toHaveLength(3);
  });

  test("a trade order's change reaches its parties' devices on the trade channel, each told what it means for them", async () => {
    const taker = await t.signedInUser();
    const maker = await t.signedInUser();
    await t.post('/set/lang', { locale: 'de' }, { token: maker.token });
    const takerPhone = device('taker-phone');
    const makerPhone = device('maker-phone');
    const newsOnly = device('taker-news-only');
    await subscribe(taker.token, takerPhone, ['trade', 'system']);
    await subscribe(maker.token, makerPhone, ['trade']);
    await subscribe(taker.token, newsOnly, ['system']);
    received.length = 0;
    t.app.services.tradeFeed.emitChanged({ orderId: 77, status: 'matched', takerId: await t.userIdOf(taker.token), makerId: await t.userIdOf(maker.token) });
    await until(() => received.length >= 2, 'both parties notified');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const payloads = Object.fromEntries(received.map((r) => [r.device, JSON.parse(decrypt(r.body, r.device === 'taker-phone' ? takerPhone : makerPhone))]));
    expect(Object.keys(payloads).sort()).toEqual(['maker-phone', 'taker-phone']);
    expect(payloads['taker-phone']).toMatchObject({ kind: 'trade', title: 'Order 77 is matched', body: 'Confirm it within 15 minutes to settle the trade.', url: '/h5/order' });
    expect(payloads['maker-phone']).toMatchObject({ kind: 'trade', title: 'Auftrag 77 trifft Ihr Angebot' });
    // The same change told again (a retried transaction): nobody hears it twice.
    t.app.services.tradeFeed.emitChanged({ orderId: 77, status: 'matched', takerId: await t.userIdOf(taker.token), makerId: await t.userIdOf(maker.token) });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received).toHaveLength(2);
  });

  test('a device its push service says is gone (410) is forgotten', async () => {
    const user = await t.signedInUser();
    const old = device('old-phone');
    await subscribe(user.token, old, ['system']);
    gone.add('old-phone');
    const sent = await t.app.services.push.broadcast('system', 'probe:1', () => ({ title: 'Probe', body: 'Probe', url: '/h5/home', kind: 'news', tag: 'probe' }), await t.userIdOf(user.token));
    expect(sent).toBe(0);
    expect((await t.post('/push/device', { endpoint: endpointOf(old) }, { token: user.token })).body.data).toEqual({ channels: [] });
  });

  test('unsubscribing stops the device; another user cannot unsubscribe or read it', async () => {
    const owner = await t.signedInUser();
    const other = await t.signedInUser();
    const phone = device('owner-phone');
    await subscribe(owner.token, phone, ['system']);
    await t.post('/push/unsubscribe', { endpoint: endpointOf(phone) }, { token: other.token });
    expect((await t.post('/push/device', { endpoint: endpointOf(phone) }, { token: other.token })).body.data).toEqual({ channels: [] });
    expect((await t.post('/push/device', { endpoint: endpointOf(phone) }, { token: owner.token })).body.data).toEqual({ channels: ['system'] });
    await t.post('/push/unsubscribe', { endpoint: endpointOf(phone) }, { token: owner.token });
    expect((await t.post('/push/device', { endpoint: endpointOf(phone) }, { token: owner.token })).body.data).toEqual({ channels: [] });
  });

  test('only the push services allowed: any other endpoint is refused in the caller language and saves nothing', async () => {
    const user = await t.signedInUser();
    const d = device('x');
    for (const endpoint of ['https://evil.example/push/x', 'http://127.0.0.2/push/x', 'https://127.0.0.1.evil.example/x', 'ftp://127.0.0.1/x', 'not a url', 'http://user:pw@127.0.0.1/x']) {
      const reply = await t.post('/push/subscribe', { endpoint, keys: d.keys, channels: ['system'] }, { token: user.token, headers: { 'accept-language': 'de' } });
      expect(reply.status, endpoint).toBe(400);
      expect(reply.body.message).toBe('Der Benachrichtigungsdienst dieses Geräts wird nicht unterstützt.');
    }
    expect((await t.post('/push/subscribe', { endpoint: endpointOf(d), keys: { p256dh: 'short', auth: d.keys.auth }, channels: ['system'] }, { token: user.token })).status).toBe(400);
    expect((await t.post('/push/subscribe', { endpoint: endpointOf(d), keys: d.keys, channels: ['news'] }, { token: user.token })).status).toBe(400);
    expect((await t.post('/push/subscribe', { endpoint: endpointOf(d), keys: d.keys, channels: ['system'] })).status).toBe(401);
  });

  test('a key that is not a point on P-256 is refused at subscription, and one planted in the table costs only its own device', async () => {
    const user = await t.signedInUser();
    const offCurve = { p256dh: 'B' + 'A'.repeat(86), auth: device('x').keys.auth };
    const bent = device('bent');
    const flipped = Buffer.from(bent.keys.p256dh, 'base64url');
    flipped[64] ^= 1;
    for (const keys of [offCurve, { p256dh: flipped.toString('base64url'), auth: bent.keys.auth }]) {
      const refused = await t.post('/push/subscribe', { endpoint: endpointOf(bent), keys, channels: ['system'] }, { token: user.token, headers: { 'accept-language': 'de' } });
      expect([refused.status, refused.body.key]).toEqual([400, 'request.invalid']);
    }
    expect(await rowsOf(t.database.db, sql`SELECT 1 FROM push_subscriptions WHERE endpoint = ${endpointOf(bent)}`)).toHaveLength(0);

    // Planted straight into the table between two good devices: the publication still reaches both.
    const before = device('good-before');
    const after = device('good-after');
    await subscribe(user.token, before, ['system']);
    await subscribe(user.token, bent, ['system']);
    await subscribe(user.token, after, ['system']);
    await t.database.db.execute(sql`UPDATE push_subscriptions SET p256dh = ${offCurve.p256dh} WHERE endpoint = ${endpointOf(bent)}`);
    const ops = await t.operatorToken(await t.financeOperator());
    const written = await t.post<OpsNews>('/ops/news', { locale: 'en', title: 'Maintenance tonight', body: 'The app pauses for ten minutes at 02:00 UTC.' }, { token: ops });
    const id = written.body.data!.id;
    received.length = 0;
    const published = await t.post<OpsNewsPublished>('/ops/news/publish', { id }, { token: ops });
    expect(published.body.data!.pushed).toBeGreaterThanOrEqual(2);
    await until(() => ['good-before', 'good-after'].every((name) => received.some((message) => message.device === name)), 'both good devices notified');
    expect(received.map((message) => message.device)).not.toContain('bent');
    expect(JSON.parse(decrypt(received.find((message) => message.device === 'good-after')!.body, after)).title).toBe('Maintenance tonight');
    // Not recorded as sent to the device it never reached.
    const sent = await rowsOf<{ endpoint: string }>(
      t.database.db,
      sql`SELECT s.endpoint FROM push_deliveries d JOIN push_subscriptions s ON s.id = d.subscription_id WHERE d.message = ${`news:${id}`} AND s.user_id = (SELECT user_id FROM push_subscriptions WHERE endpoint = ${endpointOf(after)})`,
    );
    expect(sent.map((row) => row.endpoint).sort()).toEqual([endpointOf(after), endpointOf(before)].sort());
  });
});
