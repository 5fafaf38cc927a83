/**
 * The tour's own checks can fail: pages made to break a German and a Chinese word the way the app
 * once did are caught, naming the word, and the same pages as the app now writes them (a soft
 * hyphen in the German word, word joiners inside the Chinese words: src/i18n/words.ts) pass.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { keepWordsTogether } from '../../src/i18n/words';
import { launchBrowser, PHONE } from './harness';
import { brokenWordFindings } from './inspect';

let browser: Browser;

/** A phone-sized page holding `body` in `lang`, its text in a box `width` px wide. */
async function pageWith(lang: string, width: number, text: string): Promise<Page> {
  const page = await browser.newPage({ viewport: PHONE });
  await page.setContent(
    `<html lang="${lang}"><body style="margin:0;font:20px sans-serif;overflow-wrap:break-word;hyphens:auto"><p style="width:${width}px"></p></body></html>`,
  );
  await page.locator('p').evaluate((box, content) => (box.textContent = content), text);
  await page.evaluate('window.__name = window.__name || ((fn) => fn)');
  return page;
}

const whats = async (page: Page, locale: string) => (await brokenWordFindings(page, locale)).map((finding) => finding.what);

describe('the tour’s check of broken words', () => {
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it('finds a German word broken without a hyphen, and passes it broken at a soft hyphen', async () => {
    // "Banküberweisung (IBAN)" in a box narrower than the word: overflow-wrap cuts it where the line ends.
    const cut = await pageWith('de', 110, 'Banküberweisung (IBAN)');
    const found = await whats(cut, 'de');
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(found[0], /^"Banküberweisung" broken as "Bank\S+\|\S+ung" without a hyphen in <p>/);
    await cut.close();

    const hyphenated = await pageWith('de', 110, 'Bank\u00adüber\u00adweisung (IBAN)');
    assert.deepEqual(await whats(hyphenated, 'de'), []);
    await hyphenated.close();
  });

  it('leaves codes and figures alone: an address breaks where it must', async () => {
    const address = await pageWith('de', 110, 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE');
    assert.deepEqual(await whats(address, 'de'), []);
    await address.close();
  });

  it('finds a Chinese word split across two lines, and passes the words kept together', async () => {
    // Three ideographs a line: 再次兑 | 换 — the word 兑换 (convert) split.
    const text = '再次兑换资金记录';
    const split = await pageWith('zh', 62, text);
    const found = await whats(split, 'zh');
    assert.ok(found.some((what) => what.startsWith('"兑换" broken as "兑|换"')), found.join('\n'));
    await split.close();

    const joined = await pageWith('zh', 62, keepWordsTogether(text, 'zh'));
    assert.deepEqual(await whats(joined, 'zh'), []);
    // Still wrapped (between words), not run out of its box.
    assert.ok(await joined.locator('p').evaluate((box) => box.scrollWidth <= box.clientWidth + 1 && box.getClientRects()[0].height > 30));
    await joined.close();
  });

  it('looks only at German and Chinese', async () => {
    const english = await pageWith('en', 110, 'Banktransferinformation');
    assert.deepEqual(await whats(english, 'en'), []);
    await english.close();
  });
});
