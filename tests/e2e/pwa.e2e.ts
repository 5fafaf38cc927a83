/**
 * The installable app in Chromium at 390×844: its manifest is valid and Chromium reports it
 * installable; a push message delivered to its service worker through the DevTools protocol (as
 * a push service would) is shown as a notification, the open app's news ticker takes the new
 * announcement without a reload, and tapping the notification opens the news; a new release of
 * the files makes the open app offer to reload into it. The server serves a copy of the build,
 * so a test can release a new version of it.
 */
import assert from 'node:assert/strict';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { browserSuite, type Ops, phonePage, profilePage, type RunningApp, screenshot, OPERATOR } from './harness';

const root = fileURLToPath(new URL('../..', import.meta.url));


describe('the service worker and push messages', () => {
  let app: RunningApp;
  let browser: Browser;
  let sessionDir: string;
  let publicDir: string;
  let ops: Ops;
  browserSuite(
    {
      // A copy of the build to serve, so that a test can release a new version of it.
      env: (dir) => {
        publicDir = join(dir, 'h5');
        cpSync(join(root, 'dist'), publicDir, { recursive: true });
        return { PUBLIC_DIR: publicDir };
      },
    },
    (suite) => ({ app, browser, dir: sessionDir, ops } = suite),
  );

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

  it("the app's service worker neither precaches nor serves anything of the operator console", async () => {
    const page = await phonePage(browser, 'en-US', { serviceWorkers: 'allow' });
    await page.goto(`${app.baseUrl}/h5/home`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const cached = await page.evaluate(async () => {
      const entries: Array<{ cache: string; path: string }> = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) entries.push({ cache: name, path: new URL(request.url).pathname });
      return entries;
    });
    // The precache holds the app's files; the 'news' cache (sw/sw.ts) the last news the home
    // screen read, once its ticker's call has come back — whether it has by now is a race.
    const files = cached.filter((entry) => entry.cache !== 'news').map((entry) => entry.path);
    assert.ok(files.length > 10, `the app's files are precached (${files.length})`);
    assert.deepEqual(files.filter((path) => !path.startsWith('/h5/')), [], "only the app's own files");
    assert.deepEqual(
      cached.filter((entry) => entry.cache === 'news' && !/^\/api\/news\/(list|detail)$/.test(entry.path)),
      [],
      'the news cache keeps news calls only',
    );
    // The console, opened in the same browser, is outside the worker's scope: no controller, the console's own policy.
    const console = await page.goto(`${app.baseUrl}/ops/`);
    assert.equal(await page.evaluate(() => navigator.serviceWorker.controller), null);
    assert.equal(console?.headers()['cache-control'], 'no-store');
    assert.match(console?.headers()['content-security-policy'] ?? '', /style-src 'self';/);
    assert.equal(console?.fromServiceWorker(), false);
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

    // Tapped, it opens the news in the open app (here still on home). The DevTools protocol cannot tap a notification,
    // so the click is dispatched inside the worker on the notification it shows: the worker's own
    // handler runs (only its waitUntil is refused, as for every event not sent by the browser).
    const [worker] = page.context().serviceWorkers();
    assert.ok(worker, 'the service worker is running');
    await worker.evaluate(async (title) => {
      const scope = self as unknown as ServiceWorkerGlobalScope;
      const notification = (await scope.registration.getNotifications()).find((shownNow) => shownNow.title === title);
      if (!notification) throw new Error(`no notification "${title}"`);
      scope.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
    }, message.title);
    await page.waitForURL((url) => url.pathname === '/h5/news/detail' && url.searchParams.get('id') === id, { timeout: 10_000 });
    await page.getByRole('heading', { name: message.title }).waitFor({ timeout: 10_000 });
    assert.match(await page.locator('body').innerText(), /Deposits by card open tomorrow at 09:00 UTC\./);
    // The tapped notification is put away.
    assert.deepEqual(await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => n.title)), []);
    await screenshot(page, 'push-tapped-news');
    await page.context().close();
  });

  /** A new release of the app's files: the page changes and the worker lists its new revision. */
  function releaseNewVersion(): void {
    const html = readFileSync(join(publicDir, 'index.html'), 'utf8');
    const released = html.replace('</head>', '<meta name="tessera-release" content="2"></head>');
    assert.notEqual(released, html);
    writeFileSync(join(publicDir, 'index.html'), released);
    const worker = readFileSync(join(publicDir, 'sw.js'), 'utf8');
    const updated = worker.replace(/"revision":"[0-9a-f]+","url":"index\.html"/, '"revision":"00000000000000000000000000000002","url":"index.html"');
    assert.notEqual(updated, worker, 'the precache list names index.html');
    writeFileSync(join(publicDir, 'sw.js'), updated);
    // The build's compressed copies of the old files go: the server sends the new ones as they are.
    for (const file of ['index.html', 'sw.js']) for (const suffix of ['.br', '.gz']) rmSync(join(publicDir, file + suffix), { force: true });
  }

  async function releaseOf(page: Page): Promise<string | null> {
    return page.evaluate(() => document.querySelector('meta[name="tessera-release"]')?.getAttribute('content') ?? null);
  }

  it('a new release makes the open app offer to reload, and reloading runs it', async () => {
    const page = await phonePage(browser, 'en-US', { serviceWorkers: 'allow' });
    await page.goto(`${app.baseUrl}/h5/home`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    assert.equal(await releaseOf(page), null);

    releaseNewVersion();
    // The next screen the person opens checks for a new worker, as every navigation does.
    await page.goto(`${app.baseUrl}/h5/news`);
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Update available').waitFor({ timeout: 20_000 });
    assert.match(await dialog.innerText(), /A new version of Tessera is ready\. Reload to use it\?/);
    await screenshot(page, 'pwa-update-offered');
    await dialog.getByRole('button', { name: 'Reload' }).click();
    await page.waitForFunction(() => document.querySelector('meta[name="tessera-release"]') !== null, undefined, { timeout: 20_000 });
    assert.equal(await releaseOf(page), '2');
    assert.equal(new URL(page.url()).pathname, '/h5/news', 'the same screen, now in the new version');
    await page.getByRole('alertdialog').waitFor({ state: 'detached', timeout: 5_000 });
    await page.context().close();
  });
});
