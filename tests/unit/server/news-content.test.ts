/**
 * The content pages' texts are data (server/modules/news/content/): every piece is there in all ten
 * languages, right to left where the language is, and a broken folder stops the start loudly
 * instead of seeding less.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { CONTENT_DIR, readContent } from '../../../server/modules/news/content';
import { LOCALES, RTL_LOCALES } from '../../../src/domain/locales';

describe('the shipped content', () => {
  const pieces = readContent();

  test("the app's fixed ids, each piece in every language", () => {
    expect(pieces.map((piece) => [piece.id, piece.categoryId])).toEqual([[19, 1], [33, 1], [21, 1], [22, 1], [41, 2], [42, 2], [43, 2]]);
    for (const piece of pieces) expect(Object.keys(piece.texts).sort(), piece.piece).toEqual([...LOCALES].sort());
  });

  test('a file reads as its title and its body, without the front matter', () => {
    const help = pieces.find((piece) => piece.id === 33)!.texts.en!;
    expect(help.title).toBe('Help centre');
    expect(help.body.startsWith('Answers to the questions')).toBe(true);
    expect(help.body).toContain('\n\nHow do I deposit?\nOpen [Deposit](/recharge)');
    expect(help.body.endsWith('\n')).toBe(false);
  });

  test('in Arabic and Hebrew every paragraph starts with a letter of that script, so it reads right to left', () => {
    for (const piece of pieces) {
      for (const locale of RTL_LOCALES) {
        for (const paragraph of piece.texts[locale]!.body.split('\n\n')) {
          expect(paragraph.match(/\p{L}/u)?.[0], `${piece.piece} ${locale}: ${paragraph.slice(0, 40)}`).toMatch(/[\p{Script=Arabic}\p{Script=Hebrew}]/u);
        }
      }
    }
  });
});

describe('a broken content folder', () => {
  let dir = '';
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  /** A copy of the shipped content to break. */
  function copy(): string {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-content-'));
    fs.cpSync(CONTENT_DIR, dir, { recursive: true });
    return dir;
  }

  test('the copy reads like the original', () => {
    expect(readContent(copy())).toEqual(readContent());
  });

  test('a piece without its English text stops the start', () => {
    fs.rmSync(path.join(copy(), 'help', 'en.md'));
    expect(() => readContent(dir)).toThrow(/help\/en\.md is missing/);
  });

  test('another language may be missing: its readers get English', () => {
    fs.rmSync(path.join(copy(), 'help', 'nl.md'));
    expect(readContent(dir).find((piece) => piece.id === 33)!.texts.nl).toBeUndefined();
  });

  test.each([
    ['a file that is no language of the app', 'help/fr.md', '---\ntitle: Aide\n---\n\nTexte.\n', /fr\.md: not a language's text/],
    ['a folder not listed in pieces.json', 'faq/en.md', '---\ntitle: FAQ\n---\n\nText.\n', /faq: not listed in pieces\.json/],
    ['a text without its front matter', 'help/de.md', 'Hilfe\n\nText.\n', /de\.md: expected/],
    ['a text with an empty body', 'help/de.md', '---\ntitle: Hilfe\n---\n\n\n', /de\.md: expected/],
    ['a title over the limit', 'help/de.md', `---\ntitle: ${'x'.repeat(201)}\n---\n\nText.\n`, /de\.md: the title is limited/],
  ])('%s stops the start', (_, file, text, error) => {
    fs.mkdirSync(path.dirname(path.join(copy(), file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
    expect(() => readContent(dir)).toThrow(error);
  });

  test('a file written with Windows line ends reads the same', () => {
    const file = path.join(copy(), 'help', 'en.md');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replaceAll('\n', '\r\n'));
    expect(readContent(dir)).toEqual(readContent());
  });
});
