/**
 * A language's UI texts as its catalogues have them (src/locales/<locale>/shell.po, the first
 * screen's, and messages.po, every other screen's): English text → translation, '' where a text is
 * not translated yet (the app then shows the English). Read by the build for the static shell's
 * words (vite.config.ts) and by the browser suite to find a text in another language (uiText).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import PO from 'pofile';

const locales = fileURLToPath(new URL('../src/locales/', import.meta.url));

export function catalogueTexts(locale) {
  const texts = new Map();
  for (const catalogue of ['shell', 'messages']) {
    const po = PO.parse(readFileSync(`${locales}${locale}/${catalogue}.po`, 'utf8'));
    for (const item of po.items) texts.set(item.msgid, item.msgstr.join(''));
  }
  return texts;
}
