/**
 * Proof of liabilities in Chromium at 390×844 (issue 38, docs/liabilities.md): the demo user
 * deposits 250 USDT, an operator approves it and takes a snapshot with `npm run ops`, and declares
 * reserves; the public page shows the signed totals with the signature checked on the phone and
 * the reserves labelled as declared; "My proof" says "Included" with the balances at that time,
 * in English and in Arabic. With a proof whose one sibling hash, or one sum, is changed (served by
 * a test double of GET /api/liabilities/mine) the app names the check that failed. Offline, the
 * last proof still opens and verifies. The downloaded file passes `npm run liabilities:verify`.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { bodyText, browserSuite, depositWithProof, idOfRow, logInWithForm, OFFLINE, OPERATOR, type Ops, phonePage, type RunningApp, screenshot, uiText, waitForKeptCopy } from './harness';

const DEMO = { username: 'demo', password: '583927' };

/** The verdict the proof screen comes to (`included`, or `failed` with the check), once it has checked. */
async function verdictOf(page: Page): Promise<{ verdict: string; failed: string | null }> {
  const verdict = page.locator('[data-verdict="included"], [data-verdict="failed"]').first();
  await verdict.waitFor({ timeout: 20_000 });
  return { verdict: (await verdict.getAttribute('data-verdict'))!, failed: await verdict.getAttribute('data-failed-check') };
}

/** Serves the user's proof changed by `change` (a test double of the endpoint): the server's answer, altered. */
async function tamperedProof(page: Page, change: (proof: { path: Array<{ hash: string; sums: { EUR: string; USDT: string } }> }) => void): Promise<void> {
  await page.route('**/api/liabilities/mine**', async (route) => {
    const response = await route.fetch();
    const json = (await response.json()) as { data: { proof: { path: Array<{ hash: string; sums: { EUR: string; USDT: string } }> } } };
    change(json.data.proof);
    await route.fulfill({ response, json });
  });
}

describe('proof of liabilities in Chromium at 390×844', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let ops: Ops;
  let dir: string;
  browserSuite({}, (suite) => {
    ({ app, browser, page, ops, dir } = suite);
  });

  it('the demo user deposits 250 USDT; an operator approves it, takes a snapshot and declares reserves', async () => {
    await logInWithForm(page, app.baseUrl, DEMO);
    await page.goto(`${app.baseUrl}/h5/recharge`);
    const order = await depositWithProof(page, '250');
    assert.match(await ops('login', '--user', OPERATOR.username, '--password', OPERATOR.password), /signed in as ops/);
    assert.match(await ops('deposit', 'approve', idOfRow(await ops('deposits'), order)), /status success/);
    const taken = await ops('liabilities', 'snapshot');
    assert.match(taken, /— published/, taken);
    // Reserves above what is owed in USDT, below it in EUR: the page shows each as it is.
    assert.match(await ops('liabilities', 'reserves', 'USDT', '9000', '--evidence', 'Cold wallet TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'), /shown as declared/);
    assert.match(await ops('liabilities', 'reserves', 'EUR', '7600', '--evidence', 'Bank statement 2026-11, ref. 4471'), /shown as declared/);
    // The snapshot's whole list of leaves, checked with no server and no database.
    const id = /snapshot (\d+) of/.exec(taken)![1];
    const leaves = join(dir, 'leaves.json');
    assert.match(await ops('liabilities', 'leaves', id, '--out', leaves), /npm run liabilities:verify/);
    const { stdout } = await promisify(execFile)('npx', ['tsx', 'scripts/liabilities-verify.ts', leaves]);
    assert.match(stdout, /verified — every leaf, the root and the totals/);
  });

  it('the public page shows the signed totals, checked on the phone, and the reserves as declared, not proven', async () => {
    await page.goto(`${app.baseUrl}/h5/liabilities`);
    await page.locator('[data-signature="valid"]').waitFor({ timeout: 20_000 });
    const text = await bodyText(page);
    assert.match(text, /What Tessera owes its users/);
    assert.match(text, /Declared, not proven/);
    assert.match(text, /Cold wallet TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7/);
    // The declared reserves over the signed totals, cut to two decimals: 7,600 of 8,000 EUR, 9,000 of 8,250 USDT.
    assert.match(await page.locator('[data-reserve="EUR"]').innerText(), /95(\.0+)?%/);
    assert.match(await page.locator('[data-reserve="USDT"]').innerText(), /109\.09%/);
    assert.match(text, /Not proven: that Tessera holds the money/);
    await screenshot(page, 'liabilities-public');
    await page.locator('[data-reserve="USDT"]').scrollIntoViewIfNeeded();
    await screenshot(page, 'liabilities-public-reserves');
  });

  it('My proof says "Included", with the 250 USDT available at the snapshot', async () => {
    await page.goto(`${app.baseUrl}/h5/liabilities`);
    await page.getByRole('link', { name: 'Check that my balances are counted' }).click();
    assert.deepEqual(await verdictOf(page), { verdict: 'included', failed: null });
    const text = await bodyText(page);
    assert.match(text, /Included/);
    assert.match(await page.locator('[data-leaf-asset="USDT"]').innerText(), /Available\s*250\.00\s*USDT/);
    assert.equal(await page.locator('[data-check-state="passed"]').count(), 7, 'every check passed, the key too');
    await screenshot(page, 'liabilities-mine-included');
    await page.getByRole('heading', { name: 'Checked on this phone' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'liabilities-mine-checks');

    // The download is the documented file, which the command verifies.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the proof' }).click();
    const file = join(dir, (await download).suggestedFilename());
    await (await download).saveAs(file);
    assert.equal(JSON.parse(readFileSync(file, 'utf8')).format, 'tessera-liabilities-proof');
    const { stdout } = await promisify(execFile)('npx', ['tsx', 'scripts/liabilities-verify.ts', file]);
    assert.match(stdout, /verified — included/);
    // One hash of the downloaded file changed: the command says the path does not reach the root.
    const changed = JSON.parse(readFileSync(file, 'utf8')) as { path: Array<{ hash: string }> };
    assert.ok(changed.path.length > 0, 'the demo data has more than one balance: the proof has a path');
    changed.path[0].hash = `${changed.path[0].hash[0] === '0' ? '1' : '0'}${changed.path[0].hash.slice(1)}`;
    writeFileSync(file, JSON.stringify(changed));
    const failed = await promisify(execFile)('npx', ['tsx', 'scripts/liabilities-verify.ts', file]).then(
      () => null,
      (error: { stdout: string; code: number }) => error,
    );
    assert.equal(failed?.code, 1);
    assert.match(failed!.stdout, /FAILED — the path does not end at the signed root/);
  });

  it('names the failed check when a sibling’s hash or sum was changed (a test double of the endpoint)', async () => {
    const hash = await phonePage(browser);
    await logInWithForm(hash, app.baseUrl, DEMO);
    await tamperedProof(hash, (proof) => {
      const step = proof.path[0];
      step.hash = `${step.hash[0] === 'f' ? 'e' : 'f'}${step.hash.slice(1)}`;
    });
    await hash.goto(`${app.baseUrl}/h5/liabilities/mine`);
    assert.deepEqual(await verdictOf(hash), { verdict: 'failed', failed: 'root' });
    assert.match(await bodyText(hash), /Not verified.*The way from your balances does not lead to the signed root/);
    assert.equal(await hash.locator('[data-check-state="failed"]').count(), 1);
    await screenshot(hash, 'liabilities-mine-sibling-hash-changed');
    await hash.context().close();

    // A sum made negative: the sums' own check names it, at its step.
    const sum = await phonePage(browser);
    await logInWithForm(sum, app.baseUrl, DEMO);
    await tamperedProof(sum, (proof) => {
      proof.path[0].sums.USDT = '-1';
    });
    await sum.goto(`${app.baseUrl}/h5/liabilities/mine`);
    assert.deepEqual(await verdictOf(sum), { verdict: 'failed', failed: 'siblingSums' });
    assert.match(await bodyText(sum), /A sum on the way to the root \(step 1\) is negative/);
    await screenshot(sum, 'liabilities-mine-sibling-sum-changed');
    await sum.context().close();
  });

  it('in Arabic: the public page and "Included", right to left, the hashes and amounts left to right', async () => {
    await page.goto(`${app.baseUrl}/h5/setting/language`);
    await page.getByRole('radio', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.lang.startsWith('ar'));
    await page.goto(`${app.baseUrl}/h5/liabilities`);
    await page.locator('[data-signature="valid"]').waitFor({ timeout: 20_000 });
    assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
    assert.match(await bodyText(page), new RegExp(uiText('ar', 'What Tessera owes its users')));
    await screenshot(page, 'liabilities-public-ar');
    await page.goto(`${app.baseUrl}/h5/liabilities/mine`);
    assert.deepEqual(await verdictOf(page), { verdict: 'included', failed: null });
    assert.match(await bodyText(page), new RegExp(uiText('ar', 'Included')));
    assert.equal(await page.locator('[data-hex]').first().evaluate((node) => getComputedStyle(node).direction), 'ltr');
    await screenshot(page, 'liabilities-mine-included-ar');
    await page.goto(`${app.baseUrl}/h5/setting/language`);
    await page.getByRole('radio', { name: 'English' }).click();
    await page.waitForFunction(() => document.documentElement.lang.startsWith('en'));
  });

  it('offline, the last proof still opens and verifies', async () => {
    const phone = await phonePage(browser, 'en-US', { serviceWorkers: 'allow', expectedErrors: OFFLINE });
    await logInWithForm(phone, app.baseUrl, DEMO);
    await phone.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await phone.goto(`${app.baseUrl}/h5/liabilities/mine`);
    assert.equal((await verdictOf(phone)).verdict, 'included');
    await waitForKeptCopy(phone); // the device writes its copy within half a second
    assert.equal(await phone.evaluate(() => navigator.serviceWorker.controller !== null), true, 'the service worker serves the app');
    await phone.context().setOffline(true);
    try {
      await phone.goto(`${app.baseUrl}/h5/liabilities/mine`);
      await phone.getByText(/Offline · as of/).filter({ visible: true }).first().waitFor({ timeout: 15_000 });
      assert.deepEqual(await verdictOf(phone), { verdict: 'included', failed: null });
      assert.match(await phone.locator('[data-leaf-asset="USDT"]').innerText(), /250\.00/);
      await screenshot(phone, 'liabilities-mine-offline');
    } finally {
      await phone.context().setOffline(false);
      await phone.context().close();
    }
  });
});
