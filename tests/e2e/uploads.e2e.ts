/**
 * Uploads on a slow phone connection: with the upload throttled through the DevTools protocol
 * (128 KB/s, as a weak mobile signal gives), changing the profile photo shows how far the upload
 * is — the bar and the percentage climb while the bytes go out, not a spinner — and the new photo
 * is shown when it is done.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { png } from '../fixtures/png';
import { browserSuite, logInWithForm, type RunningApp, screenshot } from './harness';

const NEWCOMER = { username: 'demo', password: '583927' };

/** A PNG of `side` × `side` pixels of noise: it does not compress, so its size is what is sent (about 3 bytes a pixel). */
function noisePng(side: number): Buffer {
  const rows = Array.from({ length: side }, () => Buffer.concat([Buffer.from([0]), randomBytes(side * 3)]));
  return png(side, side, Buffer.concat(rows));
}

describe('uploads on a slow connection, in Chromium at 390×844', () => {
  let app: RunningApp;
  let page: Page;
  let dir: string;
  browserSuite({}, (suite) => ({ app, page, dir } = suite));

  it('a new profile photo shows its upload climbing, then the photo', async () => {
    const photo = join(dir, 'photo.png');
    const image = noisePng(600);
    writeFileSync(photo, image);
    assert.ok(image.length > 1_000_000 && image.length < 2 * 1024 * 1024, `a photo of about 1 MB (${image.length} bytes)`);

    await logInWithForm(page, app.baseUrl, NEWCOMER);
    await page.goto(`${app.baseUrl}/h5/mine/profile`);
    await page.getByRole('button', { name: 'Change photo' }).waitFor({ timeout: 15_000 });
    const before = await page.getByRole('button', { name: 'Change photo' }).locator('img').getAttribute('src').catch(() => null);

    // Every percentage the screen shows, as it shows it.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { seenProgress: number[] }).seenProgress = seen;
      new MutationObserver(() => {
        const shown = document.querySelector('[data-upload-progress]');
        const value = Number(shown?.getAttribute('data-upload-progress'));
        if (shown && seen.at(-1) !== value) seen.push(value);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-upload-progress'] });
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 400 * 1024, uploadThroughput: 128 * 1024 });

    await page.locator('input[type="file"]').setInputFiles(photo);
    const bar = page.getByRole('progressbar');
    await bar.waitFor({ timeout: 10_000 });
    // Part of the way: the screen says how far, in words and on the bar.
    await page.waitForFunction(() => Number(document.querySelector('[data-upload-progress]')?.getAttribute('data-upload-progress')) >= 30, undefined, { timeout: 30_000 });
    const midway = Number(await bar.getAttribute('aria-valuenow'));
    assert.ok(midway >= 30 && midway < 100, `the bar part of the way (${midway} %)`);
    assert.match(await page.locator('[data-upload-progress]').innerText(), /^\d+% · \d\.\d of 1\.\d MB$/);
    await screenshot(page, 'upload-avatar-progress');

    await page.getByText('Photo updated').waitFor({ timeout: 60_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    const seen = await page.evaluate(() => (window as unknown as { seenProgress: number[] }).seenProgress);
    const between = seen.filter((value) => value > 0 && value < 100);
    assert.ok(between.length >= 3, `several steps between 0 and 100 %: ${seen.join(', ')}`);
    assert.deepEqual(
      seen,
      [...seen].sort((a, b) => a - b),
      'it only climbs',
    );
    assert.equal(await page.getByRole('progressbar').count(), 0, 'the bar is gone once the photo is up');
    await page.waitForFunction(
      (old) => {
        const src = document.querySelector('button[aria-label="Change photo"] img')?.getAttribute('src');
        return Boolean(src) && src !== old;
      },
      before,
      { timeout: 15_000 },
    );
    await screenshot(page, 'upload-avatar-done');
  });
});
