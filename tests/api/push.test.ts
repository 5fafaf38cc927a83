/**
 * Web Push against a push service of our own on loopback, which does what a browser's push
 * service and the browser do: checks the VAPID signature (RFC 8292) and decrypts the payload with
 * the device's private key (RFC 8291, aes128gcm). Publishing news reaches every device on the
 * system channel once, in its owner's language; a device the push service no longer knows (410)
 * is forgotten; endpoints outside the allowed push services, and keys no message can be encrypted
 * to, are refused; one device that cannot be sent to costs only that device; a user keeps at most
 * PUSH_DEVICES_MAX devices.
 */
import crypto from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { PUSH_DEVICES_MAX } from '../../src/domain/push';
import type { OpsNews, OpsNewsPiece, OpsNewsPublished } from '../../src/domain/wire';
import { errorText } from '../../src/locales/errors';
import { rowsOf } from '../../server/db/rows';
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
/** Devices the push service fails for (500). */
const failing = new Set<string>();

beforeAll(async () => {
  service = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const name = request.url!.split('/').pop()!;
      received.push({ device: name, headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = gone.has(name) ? 410 : failing.has(name) ? 500 : 201;
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

/** Is this base64url key a point of P-256? Node's own import of the point decides, as a browser's would. */
function onCurve(p256dh: string): boolean {
  const raw = Buffer.from(p256dh, 'base64url');
  try {
    crypto.createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') }, format: 'jwk' });
    return true;
  } catch {
    return false;
  }
}

/** 65 bytes, 0x04 first, but no point of the curve: the outside probe's key. */
const OFF_CURVE = 'B' + 'A'.repeat(86);

const count = async (where: ReturnType<typeof sql>) => (await rowsOf<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM push_subscriptions WHERE ${where}`))[0].n;

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
    await t.throughOutbox([{ topic: 'trade.push', payload: { orderId: 77, status: 'matched', takerId: await t.userIdOf(taker.token), makerId: await t.userIdOf(maker.token) } }]);
    await until(() => received.length >= 2, 'both parties notified');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const payloads = Object.fromEntries(received.map((r) => [r.device, JSON.parse(decrypt(r.body, r.device === 'taker-phone' ? takerPhone : makerPhone))]));
    expect(Object.keys(payloads).sort()).toEqual(['maker-phone', 'taker-phone']);
    expect(payloads['taker-phone']).toMatchObject({ kind: 'trade', title: 'Order 77 is matched', body: 'Confirm it within 15 minutes to settle the trade.', url: '/h5/order' });
    expect(payloads['maker-phone']).toMatchObject({ kind: 'trade', title: 'Auftrag 77 trifft Ihr Angebot' });
    // The same change told again (a retried transaction): nobody hears it twice.
    await t.throughOutbox([{ topic: 'trade.push', payload: { orderId: 77, status: 'matched', takerId: await t.userIdOf(taker.token), makerId: await t.userIdOf(maker.token) } }]);
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

  test('a key that is no point of P-256, or an auth secret that is not 16 bytes, is refused in the caller language and nothing is kept', async () => {
    const user = await t.signedInUser();
    const d = device('keys-probe');
    // The probe's key has the length and the form of a real one (a length check lets it through) but is off the curve.
    const raw = Buffer.from(OFF_CURVE, 'base64url');
    expect([raw.length, raw[0]]).toEqual([65, 0x04]);
    expect(onCurve(OFF_CURVE)).toBe(false);
    // A real key with one bit of y changed: off the curve too.
    const bent = Buffer.from(d.keys.p256dh, 'base64url');
    bent[64] ^= 1;
    expect(onCurve(d.keys.p256dh)).toBe(true);
    expect(onCurve(bent.toString('base64url'))).toBe(false);
    for (const keys of [
      { p256dh: OFF_CURVE, auth: d.keys.auth },
      { p256dh: bent.toString('base64url'), auth: d.keys.auth },
      { p256dh: d.keys.p256dh, auth: crypto.randomBytes(17).toString('base64url') },
    ]) {
      const reply = await t.post('/push/subscribe', { endpoint: endpointOf(d), keys, channels: ['system'] }, { token: user.token, headers: { 'accept-language': 'de' } });
      expect(reply.status, JSON.stringify(keys)).toBe(400);
      expect(reply.body).toMatchObject({ key: 'push.keyInvalid', message: errorText('de', 'push.keyInvalid') });
    }
    expect(await count(sql`endpoint = ${endpointOf(d)}`)).toBe(0);
    // The device's own keys are taken.
    expect((await subscribe(user.token, d, ['system'])).body.data).toEqual({ channels: ['system'] });
  });

  test('a device that cannot be sent to — a bad key planted in the database, a push service error — costs only itself: every other device gets the piece once; it is logged and not recorded as sent', async () => {
    const anna = await t.signedInUser();
    const bruno = await t.signedInUser();
    const first = device('solo-first');
    const flaky = device('solo-flaky');
    const last = device('solo-last');
    await subscribe(anna.token, first, ['system']);
    // Written past the check (as the probe's was before it), between the good devices.
    const [{ id: badId }] = await rowsOf<{ id: string }>(
      t.database.db,
      sql`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, channels, created_at, updated_at)
          VALUES (${await t.userIdOf(anna.token)}, ${`${origin}/push/solo-bad-key`}, ${OFF_CURVE}, ${first.keys.auth}, '{system}', now(), now()) RETURNING id::text`,
    );
    await subscribe(bruno.token, flaky, ['system']);
    await subscribe(bruno.token, last, ['system']);
    failing.add('solo-flaky');
    const onSystem = await count(sql`'system' = ANY (channels)`);
    const errors = vi.spyOn(t.app.log, 'error');
    const warnings = vi.spyOn(t.app.log, 'warn');

    const ops = await t.operatorToken(await t.financeOperator());
    const id = (await t.post<OpsNews>('/ops/news', { locale: 'en', title: 'Maintenance on Monday', body: 'The app pauses for ten minutes.' }, { token: ops })).body.data!.id;
    received.length = 0;
    const published = await t.post<OpsNewsPublished>('/ops/news/publish', { id }, { token: ops });
    // Every device on the system channel but the two.
    expect(published.body.data).toMatchObject({ status: 'published', pushed: onSystem - 2 });
    await until(() => received.length >= onSystem - 1, 'every device with a usable key asked');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const devices = received.map((r) => r.device);
    // Each once; the bad key's device is never asked (nothing can be encrypted to it), the flaky one was asked and failed.
    expect(new Set(devices).size).toBe(devices.length);
    expect(devices).toHaveLength(onSystem - 1);
    expect(devices).not.toContain('solo-bad-key');
    expect(devices).toEqual(expect.arrayContaining(['solo-first', 'solo-flaky', 'solo-last']));
    for (const [name, d] of [['solo-first', first], ['solo-last', last]] as const) {
      expect(JSON.parse(decrypt(received.find((r) => r.device === name)!.body, d))).toMatchObject({ kind: 'news', title: 'Maintenance on Monday', tag: `news-${id}` });
    }
    const sent = async () =>
      (await rowsOf<{ endpoint: string }>(t.database.db, sql`SELECT s.endpoint FROM push_deliveries d JOIN push_subscriptions s ON s.id = d.subscription_id WHERE d.message = ${`news:${id}`}`)).map(
        (row) => row.endpoint.split('/').pop(),
      );
    const recorded = await sent();
    expect(recorded).toHaveLength(onSystem - 2);
    expect(recorded).not.toContain('solo-bad-key');
    expect(recorded).not.toContain('solo-flaky');
    expect(recorded).toEqual(expect.arrayContaining(['solo-first', 'solo-last']));
    expect(errors).toHaveBeenCalledWith(expect.objectContaining({ subscription: badId }), 'push: a message could not be made for a device');
    const flakyId = (await rowsOf<{ id: string }>(t.database.db, sql`SELECT id::text FROM push_subscriptions WHERE endpoint = ${endpointOf(flaky)}`))[0].id;
    expect(warnings).toHaveBeenCalledWith(expect.objectContaining({ status: 500, subscription: flakyId }), 'push: the push service refused a message');

    // Its push service back, the piece withdrawn and published again: the flaky device gets it now, and nobody twice.
    failing.delete('solo-flaky');
    received.length = 0;
    await t.post('/ops/news/withdraw', { id }, { token: ops });
    expect((await t.post<OpsNewsPublished>('/ops/news/publish', { id }, { token: ops })).body.data!.pushed).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received.map((r) => r.device)).toEqual(['solo-flaky']);
    expect(JSON.parse(decrypt(received[0].body, flaky))).toMatchObject({ tag: `news-${id}` });
    expect(await sent()).toHaveLength(onSystem - 1);
    errors.mockRestore();
    warnings.mockRestore();
  });

  test('a message to more devices than one batch reaches every one of them once, whatever the number of digits of their ids', async () => {
    const d = device('many');
    const owners = [await t.signedInUser(), await t.signedInUser()];
    // 250 devices, more than a batch of 200, written directly (two users: past the cap of one), ids of two and three digits.
    for (const [index, owner] of owners.entries()) {
      await t.database.db.execute(
        sql`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, channels, created_at, updated_at)
            SELECT ${await t.userIdOf(owner.token)}, ${`${origin}/push/many-${index}-`} || n, ${d.keys.p256dh}, ${d.keys.auth}, '{trade}', now(), now()
            FROM generate_series(1, 125) AS n`,
      );
    }
    const onTrade = await count(sql`'trade' = ANY (channels)`);
    expect(onTrade).toBeGreaterThan(250);
    received.length = 0;
    const sent = await t.app.services.push.broadcast('trade', 'many:1', () => ({ title: 'Many', body: 'Many', url: '/h5/home', kind: 'news', tag: 'many' }));
    // The earlier tests' devices on the trade channel (ids of one digit) too.
    const names = received.map((r) => r.device);
    expect(names).toEqual(expect.arrayContaining(['taker-phone', 'maker-phone']));
    expect(new Set(names).size).toBe(onTrade);
    expect(names).toHaveLength(onTrade);
    expect(sent).toBe(onTrade);
    await t.database.db.execute(sql`DELETE FROM push_subscriptions WHERE endpoint LIKE ${`${origin}/push/many-%`}`);
  });

  test(`a user keeps ${PUSH_DEVICES_MAX} devices: another forgets the one subscribed least recently; parallel subscriptions keep no more`, async () => {
    const user = await t.signedInUser();
    const other = await t.signedInUser();
    const userId = await t.userIdOf(user.token);
    const devices = Array.from({ length: PUSH_DEVICES_MAX }, (_, i) => device(`cap-${i}`));
    for (const d of devices) {
      await subscribe(user.token, d, ['system']);
      t.clock.advance(1);
    }
    // The first one changes its channels: now the one subscribed most recently.
    await subscribe(user.token, devices[0], ['system', 'trade']);
    t.clock.advance(1);
    const added = device('cap-new');
    expect((await subscribe(user.token, added, ['system'])).body.data).toEqual({ channels: ['system'] });
    const channelsOf = async (d: Device) => (await t.post('/push/device', { endpoint: endpointOf(d) }, { token: user.token })).body.data;
    expect(await channelsOf(devices[1])).toEqual({ channels: [] });
    expect(await channelsOf(devices[0])).toEqual({ channels: ['system', 'trade'] });
    expect(await channelsOf(devices[2])).toEqual({ channels: ['system'] });
    expect(await channelsOf(added)).toEqual({ channels: ['system'] });
    expect(await count(sql`user_id = ${userId}`)).toBe(PUSH_DEVICES_MAX);

    // The probe's thirty at once: each answered, ten kept.
    const burst = Array.from({ length: 30 }, (_, i) => device(`burst-${i}`));
    const replies = await Promise.all(burst.map((d) => subscribe(other.token, d, ['trade'])));
    expect(replies.map((reply) => reply.status)).toEqual(burst.map(() => 200));
    expect(await count(sql`user_id = ${await t.userIdOf(other.token)}`)).toBe(PUSH_DEVICES_MAX);
    expect(await count(sql`user_id = ${userId}`)).toBe(PUSH_DEVICES_MAX);

    // A message to the user goes to its ten devices.
    received.length = 0;
    const sent = await t.app.services.push.broadcast('system', 'cap:1', () => ({ title: 'Cap', body: 'Cap', url: '/h5/home', kind: 'news', tag: 'cap' }), userId);
    expect(sent).toBe(PUSH_DEVICES_MAX);
    expect(received.map((r) => r.device).sort()).toEqual([...devices.slice(0, 1), ...devices.slice(2), added].map((d) => d.name).sort());
  });
});
