/**
 * The installable app in Chromium at 390×844: its manifest is valid and Chromium reports it
 * installable; its service worker shows a push message delivered to it
 * through the DevTools protocol (as a push service would) is shown as a notification, and the
 * open app's news ticker takes the new announcement without a reload.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { failOnPageErrors, launchBrowser, operatorConsole, phonePage, profilePage, screenshot, startApp, type RunningApp } from './harness';

const OPERATOR = { username: 'ops', password: 'tessera-ops-demo' };

describe('the service worker and push messages', () => {
  let app: RunningApp;
  let browser: Browser;
  let sessionDir: string;
  failOnPageErrors();

  before(async () => {
    sessionDir = mkdtempSync(join(tmpdir(), 'tessera-ops-'));
    app = await startApp();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
    if (sessionDir) rmSync(sessionDir, { recursive: true, force: true });
  });

  it('the manifest is valid and Chromium reports the app installable', async () => {
    // A profile on disk: Chromium installs nothing from an incognito context.
    const page = await profilePage(join(sessionDir, 'profile'));
    await page.goto(`${app.baseUrl}/h5/home`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const cdp = await page.context().newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: Array<{ message: string }>; data?: string };
    assert.deepEqual(manifest.errors, [], manifest.errors.map((error) => error.message).join('; '));
    const parsed = JSON.parse(manifest.data ?? '{}') as { start_url?: string; display?: string; icons?: Array<{ sizes: string }> };
    assert.equal(parsed.display, 'standalone');
    assert.ok(parsed.icons?.some((icon) => icon.sizes === '512x512'), 'a 512×512 icon');
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> };
    assert.deepEqual(installabilityErrors.map((error) => error.errorId), []);
    await page.context().close();
  });

  it('a push message shows a notification and the open app ticker shows the news at once', async () => {
    const page = await phonePage(browser, 'en-US', { serviceWorkers: 'allow' });
    await page.context().grantPermissions(['notifications'], { origin: app.baseUrl });
    const cdp = await page.context().newCDPSession(page);
    const registrations = new Map<string, string>();
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
      for (const registration of updated) registrations.set(registration.scopeURL, registration.registrationId);
    });
    await cdp.send('ServiceWorker.enable');

    await page.goto(`${app.baseUrl}/h5/home`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // The worker controls the page from its next load on.
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.getByText('No announcements right now.').waitFor({ timeout: 20_000 });
    const registrationId = registrations.get(`${app.baseUrl}/h5/`);
    assert.ok(registrationId, `no registration among ${[...registrations.keys()].join(', ')}`);

    // An operator publishes; the push service would then deliver this to the device.
    const ops = operatorConsole(app, sessionDir);
    await ops('login', '--user', OPERATOR.username, '--password', OPERATOR.password);
    const written = await ops('news', 'write', '--title', 'Card payments arrive tomorrow', '--body', 'Deposits by card open tomorrow at 09:00 UTC.');
    const id = /news (\d+):/.exec(written)?.[1];
    assert.ok(id, written);
    await ops('news', 'publish', id);
    const message = { title: 'Card payments arrive tomorrow', body: 'Deposits by card open tomorrow at 09:00 UTC.', url: `/h5/news/detail?id=${id}`, kind: 'news', tag: `news-${id}` };
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: app.baseUrl, registrationId, data: JSON.stringify(message) });

    // Shown by the worker…
    const deadline = Date.now() + 10_000;
    let titles: string[] = [];
    while (Date.now() < deadline && !titles.includes(message.title)) {
      titles = await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => n.title));
      if (!titles.includes(message.title)) await page.waitForTimeout(100);
    }
    assert.ok(titles.includes(message.title), `notifications shown: ${titles.join(', ')}`);
    const [shown] = await page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ body: n.body, tag: n.tag, data: n.data as unknown })),
    );
    assert.deepEqual(shown, { body: message.body, tag: message.tag, data: { url: message.url } });
    // …and the open app's ticker has it without a reload.
    await page.getByTestId('news-ticker').filter({ hasText: message.title }).waitFor({ timeout: 10_000 });
    await screenshot(page, 'push-ticker-updated');
    await page.context().close();
  });
});
