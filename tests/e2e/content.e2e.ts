/**
 * The content pages in Chromium at 390×844: every page (about, help, company, the platform
 * introduction, the three tutorials) opens where the app shows it, with as many links as its text
 * names screens, and every one of those links, tapped, opens a screen of the app — its own title,
 * not "Page not found" nor "This page is not available." — in English, German, Chinese and Arabic
 * (right to left). The unit test (tests/unit/server/content-links.test.ts) holds the links' paths
 * and names to the router and the catalogues; this one proves they lead somewhere real.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { readContent } from '../../server/modules/news/content';
import { APP_LINK } from '../../src/domain/constants';
import { browserSuite, logInWithForm, type RunningApp, screenshot, uiText } from './harness';

const DEMO = { username: 'demo', password: '583927' };

/** Where the app shows each piece. */
const PLACES: Record<string, string> = {
  about: '/setting/about',
  help: '/setting/help',
  company: '/setting/company',
  intro: '/mine/platform-intro',
};
const placeOf = (piece: { piece: string; id: number }) => PLACES[piece.piece] ?? `/home/tutorial-detail?id=${piece.id}`;

const pieces = readContent();

/** The texts of a screen that is no screen. */
const nowhere = (locale: string) => [uiText(locale, 'Page not found'), uiText(locale, 'This page does not exist'), uiText(locale, 'This page is not available.')];

/**
 * Chooses the language on its screen and waits until the app has switched to it: <html>'s lang and
 * dir are set in the same step that remembers the choice, so the next page load opens in it. (Waiting
 * for the direction alone returned at once from English to German — both left to right — and the
 * next page could load before the choice was remembered.)
 */
async function chooseLanguage(page: Page, baseUrl: string, name: string, locale: string, dir: 'ltr' | 'rtl') {
  await page.goto(`${baseUrl}/h5/setting/language`);
  await page.getByRole('radio', { name }).click();
  await page.waitForFunction(([lang, want]) => document.documentElement.lang === lang && document.documentElement.dir === want, [locale, dir] as const);
}

/** What a reader reads: the text without the invisible marks that only steer line breaks (Chinese word joiners, soft hyphens). */
const read = (text: string) => text.replace(/[\u00ad\u2060]/g, '');

/**
 * Opens the piece where the app shows it and waits for it, named by its title: the article's heading,
 * or, where the screen's own title already names the piece (about us, help…), the article's label.
 */
async function openPiece(page: Page, baseUrl: string, place: string, title: string) {
  await page.goto(`${baseUrl}/h5${place}`);
  await page.waitForFunction(
    (want) => {
      const article = document.querySelector('article');
      const labelledBy = article?.getAttribute('aria-labelledby');
      const name = labelledBy ? document.getElementById(labelledBy)?.textContent : article?.getAttribute('aria-label');
      return name?.replace(/[\u00ad\u2060]/g, '') === want;
    },
    title,
    { timeout: 20_000 },
  );
}

describe('the content pages in Chromium at 390×844: every link opens a screen of the app', () => {
  let app: RunningApp;
  let page: Page;
  browserSuite({}, (suite) => ({ app, page } = suite));

  it('signs in', async () => {
    // The login's own wait is 15 s; on a busy machine the first start of the build may take longer.
    await logInWithForm(page, app.baseUrl, DEMO).catch(() => logInWithForm(page, app.baseUrl, DEMO));
  });

  // Every link is followed in English and Arabic (both directions); German and Chinese show the
  // same links (the same paths, held to the router by tests/unit/server/content-links.test.ts), each
  // read on its page by its label in the language.
  for (const [locale, name, dir, follow] of [
    ['en', 'English', 'ltr', true],
    ['de', 'Deutsch', 'ltr', false],
    ['zh', '中文', 'ltr', false],
    ['ar', 'العربية', 'rtl', true],
  ] as const) {
    it(`in ${name}, every page opens with its links${follow ? ', and every link opens a real screen' : ' in the language'}`, async () => {
      await chooseLanguage(page, app.baseUrl, name, locale, dir);
      let opened = 0;
      for (const piece of pieces) {
        const text = piece.texts[locale]!;
        const links = [...text.body.matchAll(new RegExp(APP_LINK, 'g'))].map(([, label, href]) => ({ label, href }));
        const place = placeOf(piece);
        await openPiece(page, app.baseUrl, place, text.title);
        const shown = page.locator('article a');
        assert.equal(await shown.count(), links.length, `${piece.piece}/${locale}.md: its links on screen`);
        if (piece.piece === 'intro' || piece.piece === 'help') await screenshot(page, `content-${piece.piece}-${locale}`);
        if (!follow) {
          for (const [index, link] of links.entries()) assert.equal(read(await shown.nth(index).innerText()), link.label, `${piece.piece}/${locale}.md: link ${index + 1}`);
          opened += links.length;
          continue;
        }
        for (const [index, link] of links.entries()) {
          if (index > 0) await openPiece(page, app.baseUrl, place, text.title);
          const anchor = shown.nth(index);
          assert.equal(read(await anchor.innerText()), link.label, `${piece.piece}/${locale}.md: link ${index + 1}`);
          await anchor.click();
          const [path, query] = link.href.split('?');
          await page.waitForURL((url) => url.pathname === `/h5${path}` && (!query || url.search === `?${query}`), { timeout: 15_000 });
          // The screen's own title, in the navbar and the document, and none of the texts of no screen.
          await page.waitForFunction((texts) => document.title.trim() !== '' && !texts.some((t) => document.body.innerText.replace(/[\u00ad\u2060]/g, '').includes(t)), nowhere(locale), { timeout: 15_000 });
          for (const missing of nowhere(locale)) assert.equal(await page.getByText(missing).count(), 0, `${piece.piece}/${locale}.md: [${link.label}](${link.href}) shows "${missing}"`);
          opened += 1;
        }
      }
      assert.ok(opened >= 20, `${opened} links ${follow ? 'opened' : 'read'} in ${name}`);
    });
  }
});
