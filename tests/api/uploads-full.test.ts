/**
 * The failure drill of a full disk for uploads (docs/operations.md, "Failure drills"): the uploads
 * folder is a small tmpfs filled to the last byte. An avatar and a deposit's proof are refused with
 * 507 upload.storageFull in the user's language, no part of a file is kept, no deposit is made and
 * no money moves; the calls that need no disk go on (balances, a conversion); once there is room
 * again the same uploads are taken. Mounting needs root (as in CI); the shared database is not on
 * that disk, so the drill runs on the embedded database and on PostgreSQL alike.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CoinEntry } from '../../src/domain/wire';
import { errorText } from '../../src/locales/errors';
import { rowsOf } from '../../server/db/rows';
import { PNG, startTestApp, type TestApp } from './harness';

const run = promisify(execFile);
const asRoot = process.getuid?.() === 0;
if (!asRoot) console.warn('the full-disk drill mounts a tmpfs and needs root: skipped');

describe.skipIf(!asRoot)('the disk for uploads full', () => {
  let t: TestApp;
  let usdt: CoinEntry;
  let mounted = false;

  beforeAll(async () => {
    t = await startTestApp();
    usdt = (await t.coins()).find((coin) => coin.name === 'USDT')!;
    fs.mkdirSync(t.config.uploadsDir, { recursive: true });
    await run('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', t.config.uploadsDir]);
    mounted = true;
  });
  afterAll(async () => {
    if (mounted) await run('umount', [t.config.uploadsDir]);
    await t?.close();
  });

  const files = (folder: string) => {
    const dir = path.join(t.config.uploadsDir, folder);
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };

  async function uploadAvatar(token: string, lang: string) {
    const form = new FormData();
    form.append('lang', lang);
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'avatar.png');
    const encoded = new Response(form);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/uploadHeadPortrait',
      headers: { authorization: token, 'content-type': encoded.headers.get('content-type')! },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    return { status: response.statusCode, body: response.json() as { key?: string; message?: string } };
  }

  test('uploads refused with 507 in the user’s language, nothing kept, no deposit, money moves on; taken again once there is room', async () => {
    const user = await t.payingUser();
    await t.fund(user.userId, 'EUR', 10_000n);
    // The folders exist, as on a running installation; then the disk is filled to the last byte.
    await uploadAvatar(user.token, 'en');
    await t.requestDeposit(user.token, { coinId: String(usdt.id), amount: '10' });
    const filler = path.join(t.config.uploadsDir, 'filler');
    await expect(run('dd', ['if=/dev/zero', `of=${filler}`, 'bs=4k'])).rejects.toMatchObject({ stderr: expect.stringMatching(/No space left on device/) });
    const avatarsBefore = files('avatars');
    const proofsBefore = files('proofs');
    const [{ deposits: depositsBefore }] = await rowsOf<{ deposits: number }>(t.database.db, sql`SELECT count(*)::int AS deposits FROM deposits WHERE user_id = ${user.userId}`);

    const avatar = await uploadAvatar(user.token, 'de');
    expect(avatar).toEqual({ status: 507, body: expect.objectContaining({ key: 'upload.storageFull', message: errorText('de', 'upload.storageFull') }) });
    const deposit = await t.charge(user.token, { lang: 'ar', coinId: String(usdt.id), amount: '10' });
    expect(deposit.status).toBe(507);
    expect(deposit.body).toMatchObject({ key: 'upload.storageFull', message: errorText('ar', 'upload.storageFull') });
    // Nothing kept: no file, no part of one, no deposit.
    expect(files('avatars')).toEqual(avatarsBefore);
    expect(files('proofs')).toEqual(proofsBefore);
    const [{ deposits }] = await rowsOf<{ deposits: number }>(t.database.db, sql`SELECT count(*)::int AS deposits FROM deposits WHERE user_id = ${user.userId}`);
    expect(deposits).toBe(depositsBefore);

    // What needs no disk goes on: the balances, a conversion.
    expect((await t.post('/wallet/list', {}, { token: user.token })).status).toBe(200);
    const quote = await t.post<{ quoteId: string }>('/transfer/quote', { from: 'EUR', to: 'USDT', amount: '10' }, { token: user.token });
    expect(quote.status).toBe(200);
    const converted = await t.post('/transfer', { quoteId: quote.body.data!.quoteId, payPassword: user.payPassword }, { token: user.token, headers: { 'idempotency-key': crypto.randomUUID() } });
    expect(converted.status).toBe(200);

    // Room again: the same uploads are taken.
    fs.rmSync(filler);
    expect((await uploadAvatar(user.token, 'de')).status).toBe(200);
    expect((await t.charge(user.token, { coinId: String(usdt.id), amount: '10' })).status).toBe(200);
    expect(files('proofs')).toHaveLength(proofsBefore.length + 1);
    await t.assertLedgerClean();
  });
});
