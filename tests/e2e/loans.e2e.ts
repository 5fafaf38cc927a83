/**
 * A principal loan across assets in Chromium at 390×844, as a person and an operator do it: the
 * demo trader (who holds USDT) reads the offer and applies for 1,000 EUR against USDT, seeing the
 * collateral, the LTV and the margin-call and liquidation prices first; an operator approves with
 * `npm run ops` (the USDT locked, the EUR paid out); the trader spends EUR on a conversion; the
 * operator moves the reference rate past the margin call, and the loan shows the margin call;
 * the trader adds collateral, which ends it; repays with the payment password; the operator
 * confirms and the collateral comes back. Every step shows in the fund record. English and
 * Arabic; the ledger is clean after.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { browserSuite, idOfRow, logInWithForm, pinSheet, type RunningApp, screenshot, uiText, verifyLedgerOfRun, waitForText, OPERATOR } from './harness';

const root = fileURLToPath(new URL('../..', import.meta.url));
const TRADER = { username: 'trader', password: '830264', payPassword: '260418' };
const ID_IMAGE = join(root, 'public', 'icons', 'icon-192.png');

describe('a principal loan across assets in Chromium at 390×844, with the operator console', () => {
  let app: RunningApp;
  let page: Page;
  let ops: (...args: string[]) => Promise<string>;
  let loanNo: string;
  browserSuite({}, (suite) => ({ app, page, ops } = suite));

  const fact = async (label: string) => (await page.getByText(label, { exact: true }).first().locator('xpath=..').innerText()).replace(/\s+/g, ' ');

  it('reads the offer and applies for 1,000 EUR against USDT, seeing the collateral, the LTV and both prices first', async () => {
    await logInWithForm(page, app.baseUrl, TRADER);
    await page.goto(`${app.baseUrl}/h5/loan`);
    const principal = page.getByRole('region', { name: 'Principal loan' });
    await principal.waitFor({ timeout: 15_000 });
    await screenshot(page, 'loan-offer');
    // The product lending EUR: its amounts are in EUR, the collateral available in USDT.
    await principal.getByRole('listitem').filter({ hasText: /EUR\s*Collateral available/ }).first().getByRole('link', { name: 'Apply' }).click();
    await page.waitForURL((url) => url.pathname === '/h5/loan/apply-loan');

    // docs/loans.md's example: 1,000.00 EUR for 30 days at 0.03 % a day, at 0.92 EUR a USDT.
    await page.getByLabel('Amount to borrow (EUR)').fill('1000');
    await page.getByRole('radio', { name: '80%' }).click();
    await waitForText(page, /Collateral locked 1,358\.695653 ?USDT/, 'the collateral');
    assert.match(await fact('LTV at the start'), /80%/);
    assert.match(await fact('Margin call at an LTV of 85%'), /1 USDT ≤ 0\.865882 ?EUR/);
    assert.match(await fact('Liquidation at an LTV of 90%'), /1 USDT ≤ 0\.817777 ?EUR/);
    await waitForText(page, /Interest over 30 days 9\.00 ?EUR Repayment amount 1,009\.00 ?EUR/, 'the cost');
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
    await page.getByText('Collateral locked').scrollIntoViewIfNeeded();
    await screenshot(page, 'loan-apply-figures');
    await page.getByRole('button', { name: 'Apply for the loan' }).click();
    await page.waitForURL((url) => url.pathname === '/h5/loan/loan-detail', { timeout: 15_000 });
    const detail = await waitForText(page, /(?=.*Pending review)(?=.*L\d{10})(?=.*ID number ••••••1293)/, 'the application');
    loanNo = /L\d{10}/.exec(detail)![0];
  });

  it('is approved by an operator: the USDT locked, the EUR paid out, spendable at once', async () => {
    assert.match(await ops('login', '--user', OPERATOR.username, '--password', OPERATOR.password), /signed in as ops/);
    const id = idOfRow(await ops('loans'), loanNo);
    assert.match(await ops('loan', 'approve', id), /status approved/);
    await page.reload();
    await waitForText(page, /(?=.*Pending repayment)(?=.*Collateral held 1,358\.695653 ?USDT)(?=.*LTV now 80\.\d\d%)/, 'the approved loan');
    await screenshot(page, 'loan-approved');

    // The EUR is the borrower's: 500 of it converted to USDT.
    await page.goto(`${app.baseUrl}/h5/transfer`);
    // Convert starts from USDT, which the trader holds too: swapped to EUR → USDT.
    await page.getByRole('region', { name: 'Direction' }).waitFor({ timeout: 15_000 });
    if (!(await page.getByLabel('Amount (EUR)').isVisible())) await page.getByRole('button', { name: 'Swap currencies' }).click();
    await page.getByLabel('Amount (EUR)').fill('500');
    await page.getByRole('region', { name: 'Quote' }).getByText('You receive (estimated)').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Convert', exact: true }).click();
    await pinSheet(page, TRADER.payPassword);
    await page.getByRole('region', { name: 'Conversion done' }).waitFor({ timeout: 15_000 });
  });

  it('shows a margin call once the rate falls past it, and more collateral ends it', async () => {
    // 0.86 EUR a USDT: 1,000.30 EUR owed against 1,168.48 EUR of collateral, an LTV of 85.6 %.
    await ops('set', 'usdt_eur_rate', '0.860000', '--reason', 'browser suite: the rate falls');
    const id = idOfRow(await ops('loans', '--status', 'approved'), loanNo);
    await page.goto(`${app.baseUrl}/h5/loan/loan-detail?id=${id}`);
    await page.getByRole('alert', { name: 'Margin call' }).waitFor({ timeout: 90_000 });
    await screenshot(page, 'loan-margin-call');

    await page.getByLabel('Collateral to add (USDT)').fill('300');
    await page.getByRole('button', { name: 'Add collateral' }).click();
    await waitForText(page, /Lock 300\.00 ?USDT more as collateral of loan L\d{10}/, 'the sheet summary');
    await pinSheet(page, TRADER.payPassword);
    await waitForText(page, /Collateral held 1,658\.695653 ?USDT/, 'the collateral added');
    // The watch values the loan again at once: the margin call ends without a reload.
    await page.getByRole('alert', { name: 'Margin call' }).waitFor({ state: 'detached', timeout: 90_000 });
    await waitForText(page, /LTV now 70\.\d\d%/, 'the LTV with the collateral added');
  });

  it('repays early with the payment password; the operator confirms; the collateral comes back', async () => {
    await page.getByRole('button', { name: 'Repay now' }).click();
    await waitForText(page, /Repay 1,000\.30 ?EUR \(principal and interest so far\) of loan L\d{10}/, 'one day of interest');
    await pinSheet(page, TRADER.payPassword);
    await waitForText(page, /Repaying/, 'the repayment under review');
    const id = idOfRow(await ops('loans', '--status', 'repaying'), loanNo);
    assert.match(await ops('loan', 'repaid', id), /status repaid/);
    await page.reload();
    // Repaid early: one day's interest, not thirty; the collateral back in the balance.
    await waitForText(page, /(?=.*Repaid)(?=.*Interest for the days used 0\.30 ?EUR Repayment amount 1,000\.30 ?EUR Collateral 1,658\.695653 ?USDT)/, 'the repaid loan');
    await screenshot(page, 'loan-repaid');

    await page.goto(`${app.baseUrl}/h5/assets/assets-log`);
    for (const step of ['Collateral locked for a loan', 'Loan paid out', 'Loan repayment sent for review', 'Loan repaid']) {
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
    await page.getByRole('link', { name: new RegExp(loanNo) }).click();
    await page.getByText(uiText('ar', 'Interest for the days used'), { exact: true }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'loan-detail-ar');
    await page.goto(`${app.baseUrl}/h5/loan/apply-loan`);
    await page.getByRole('radiogroup', { name: uiText('ar', 'Loan type') }).waitFor({ timeout: 15_000 });
    await page.getByRole('radio', { name: uiText('ar', 'Principal loan') }).click();
    await page.getByRole('radio', { name: 'EUR', exact: true }).click();
    await page.getByLabel(uiText('ar', 'Amount to borrow ({asset})').replace('{asset}', 'EUR')).fill('1000');
    await screenshot(page, 'loan-apply-ar');
  });

  it('leaves a clean ledger', async () => {
    await page.context().close();
    const stdout = await verifyLedgerOfRun(app);
    assert.match(stdout, /collateral 0\.000000/);
  });
});
