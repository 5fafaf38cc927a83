/** Uploads sent through XMLHttpRequest so their bytes can be counted: the same request, the same answers. */
import 'fake-indexeddb/auto';
import { getDefaultStore } from 'jotai';
import { beforeEach, describe, expect, it } from 'vitest';
import { request, upload } from '../../../src/api/client';
import { fetchReportingUpload } from '../../../src/api/uploadProgress';
import { tokenAtom } from '../../../src/storage/session';
import { clearSession } from '../../../src/storage/store';
import { ok, useTestApi } from '../support/api-server';

const api = useTestApi();

beforeEach(async () => {
  await clearSession();
  api.received.length = 0;
  getDefaultStore().set(tokenAtom, 'tok_upload');
});

describe('an upload that reports its progress', () => {
  it('sends the same form with the same headers, and resolves with the envelope’s data', async () => {
    api.respond(() => ok({ id: 7 }));
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(64 * 1024).fill(7)], { type: 'image/png' }), 'id.png');
    const reported: Array<[number, number]> = [];
    const reply = await upload<{ id: number }>('/loan/document', form, { idempotencyKey: 'k-1', onUploadProgress: (sent, total) => reported.push([sent, total]) });
    expect(reply).toEqual({ id: 7 });
    const [sent] = api.received;
    expect(sent.method).toBe('POST');
    expect(sent.headers.authorization).toBe('tok_upload');
    expect(sent.headers['idempotency-key']).toBe('k-1');
    expect(sent.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    // lang first, then the file whole.
    expect(sent.body.indexOf('name="lang"')).toBeLessThan(sent.body.indexOf('name="file"'));
    expect(sent.body).toContain('\u0007'.repeat(1024));
    // Whatever the environment reports, never more than was sent nor a total other than the body's.
    for (const [done, total] of reported) expect(done).toBeLessThanOrEqual(total);
  });

  it('a refusal keeps its status and message; a cancelled upload rejects as cancelled', async () => {
    api.respond(() => ({ status: 400, body: { type: 'error', code: 0, message: 'The file is too large.', data: null } }));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.png');
    await expect(upload('/wallet/charge_req', form, { quiet: true, onUploadProgress: () => undefined })).rejects.toMatchObject({ message: 'The file is too large.', status: 400 });

    api.respond(() => ({ ...ok(null), delayMs: 2_000 }));
    const controller = new AbortController();
    const pending = request('POST', '/user/uploadHeadPortrait', form, { quiet: true, signal: controller.signal, onUploadProgress: () => undefined });
    setTimeout(() => controller.abort(), 100);
    await expect(pending).rejects.toMatchObject({ kind: 'cancelled' });
  });

  it('answers a request like fetch does: status, headers and body', async () => {
    api.respond(() => ({ status: 201, body: { hello: 'world' } }));
    const reply = await fetchReportingUpload(() => undefined)(new Request(`${api.baseUrl}/anything`, { method: 'POST', body: 'x' }));
    expect(reply.status).toBe(201);
    expect(reply.headers.get('content-type')).toBe('application/json');
    expect(await reply.json()).toEqual({ hello: 'world' });
  });
});
