/**
 * A principal loan in Chromium at 390×844, as a person and an operator do it: the demo merchant
 * (who holds demo USDT) reads the offer, applies with an ID card's front and back (each image
 * sent as it is chosen) after seeing the figures; an operator approves with `npm run ops`; the
 * user repays with the payment password; the operator confirms; every step shows in the loan and
 * in the fund record. English and Arabic; the ledger is clean after.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { browserSuite, idOfRow, logInWithForm, pinSheet, type RunningApp, screenshot, uiText, verifyLedgerOfRun, waitForText } from './harness';

const root = fileURLToPath(new URL('../..', import.meta.url));
const TRADER = { username: 'trader', password: '830264', payPassword: '260418' };
const OPERATOR = { username: 'ops', password: 'tessera-ops-demo' };
const ID_IMAGE = join(root, 'public', 'icons', 'icon-192.png');

describe('a principal loan in Chromium at 390×844, with the operator console', () => {
  let app: RunningApp;
  let page: Page;
  let ops: (...args: string[]) => Promise<string>;
  let loanNo: string;
  browserSuite({}, (suite) => ({ app, page, ops } = suite));

  it('reads the offer and applies with an ID card, seeing the figures first', async () => {
    await logInWithForm(page, app.baseUrl, TRADER);
    await page.goto(`${app.baseUrl}/h5/loan`);
    const principal = page.getByRole('region', { name: 'Principal loan' });
    await principal.waitFor({ timeout: 15_000 });
    await screenshot(page, 'loan-offer');
    await principal.getByRole('link', { name: 'Apply' }).first().click();
    await page.waitForURL((url) => url.pathname === '/h5/loan/apply-loan');

    // 30 days at 0.03 % a day: 1,000 USDT costs 9 in interest.
    await page.getByLabel('Amount (USDT)').fill('1000');
    await waitForText(page, /Interest over 30 days 9\.00 ?USDT Repayment amount 1,009\.00 ?USDT Collateral held 1,000\.00 ?USDT/, 'the figures');
    await page.getByLabel('Full name').fill('Mira Haddad');
    await page.getByLabel('ID number').fill('T220001293');
    await page.getByLabel('Front of the ID image').setInputFiles(ID_IMAGE);
    await page.getByText('Uploaded. Tap to choose another image.').first().waitFor({ timeout: 15_000 });
    // Without the back of an ID card, or the terms, it is not sent.
    await page.getByRole('button', { name: 'Apply for the loan' }).click();
    await page.getByText('Add the back of your ID card.').waitFor();
    await page.getByText('Accept the loan terms to apply.').waitFor();
    await page.getByLabel('Back of the ID image').setInputFiles(ID_IMAGE);
    await page.waitForFunction(() => document.body.innerText.split('Uploaded. Tap to choose another image.').length === 3, undefined, { timeout: 15_000 });
    await page.getByRole('checkbox').check();
    await screenshot(page, 'loan-apply-filled');
    await page.getByRole('button', { name: 'Apply for the loan' }).click();
    await page.waitForURL((url) => url.pathname === '/h5/loan/loan-detail', { timeout: 15_000 });
    // The whole detail, read at once: the status, the loan's number and the masked ID number.
    const detail = await waitForText(page, /(?=.*Pending review)(?=.*L\d{10})(?=.*ID number ••••••1293)/, 'the application');
    loanNo = /L\d{10}/.exec(detail)![0];
    await screenshot(page, 'loan-pending');
  });

  it('is approved by an operator: paid out, the collateral held', async () => {
    assert.match(await ops('login', '--user', OPERATOR.username, '--password', OPERATOR.password), /signed in as ops/);
    const listing = await ops('loans');
    const id = idOfRow(listing, loanNo);
    assert.match(await ops('loan', 'approve', id), /status approved/);
    await page.reload();
    await waitForText(page, /Pending repayment/, 'the approved loan');
    await page.getByRole('button', { name: 'Repay now' }).waitFor();
    await screenshot(page, 'loan-approved');
  });

  it('repays with the payment password; the operator confirms; every step is in the records', async () => {
    await page.getByRole('button', { name: 'Repay now' }).click();
    await waitForText(page, /Repay 1,009\.00 ?USDT \(principal and interest\) of loan L\d{10}/, 'the sheet summary');
    await pinSheet(page, TRADER.payPassword);
    await waitForText(page, /Repaying/, 'the repayment under review');
    await screenshot(page, 'loan-repaying');

    const id = idOfRow(await ops('loans', '--status', 'repaying'), loanNo);
    assert.match(await ops('loan', 'repaid', id), /status repaid/);
    await page.reload();
    await waitForText(page, /Repaid/, 'the repaid loan');
    await screenshot(page, 'loan-repaid');

    await page.goto(`${app.baseUrl}/h5/loan/my-loan?status=repaid`);
    await page.getByRole('link', { name: new RegExp(loanNo) }).waitFor({ timeout: 15_000 });
    await page.goto(`${app.baseUrl}/h5/loan/my-loan?status=pending`);
    await page.getByText('No loans here').waitFor({ timeout: 15_000 });

    await page.goto(`${app.baseUrl}/h5/assets/assets-log`);
    // One row per movement: paid out, repayment sent, repaid; a tap on the last shows its postings.
    for (const step of ['Loan paid out', 'Loan repayment sent for review', 'Loan repaid']) {
      await page.getByText(step, { exact: true }).first().waitFor({ timeout: 15_000 });
    }
    await page.getByRole('button', { name: /^Loan repaid/ }).first().click();
    for (const posting of ['Loan repaid', 'Loan interest', 'Loan collateral released']) {
      await page.getByRole('list', { name: 'Postings' }).getByText(posting, { exact: true }).first().waitFor({ timeout: 15_000 });
    }
    await screenshot(page, 'loan-fund-record');
  });

  it('reads the same in Arabic, right to left', async () => {
    await page.goto(`${app.baseUrl}/h5/setting/language`);
    await page.getByRole('radio', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.goto(`${app.baseUrl}/h5/loan`);
    await page.getByRole('region', { name: uiText('ar', 'Principal loan') }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'loan-offer-ar');
    await page.goto(`${app.baseUrl}/h5/loan/my-loan`);
    await page.getByText(uiText('ar', 'Repaid'), { exact: true }).first().waitFor({ timeout: 15_000 });
    await screenshot(page, 'loan-list-ar');
    await page.goto(`${app.baseUrl}/h5/loan/apply-loan`);
    await page.getByRole('radiogroup', { name: uiText('ar', 'Loan type') }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'loan-apply-ar');
  });

  it('leaves a clean ledger', async () => {
    await page.context().close();
    const stdout = await verifyLedgerOfRun(app);
    assert.match(stdout, /collateral 0\.000000/);
  });
});
