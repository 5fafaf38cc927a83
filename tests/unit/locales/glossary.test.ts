/**
 * The glossary (src/domain/glossary.ts) holds: no catalogue text and no content page of any
 * language uses a word the glossary rules out for one of the product's things, and every screen
 * name of a thing is written with the glossary's word. A failure names the file, the language,
 * the word and the text.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import PO from 'pofile';
import { describe, expect, it } from 'vitest';
import { readContent } from '../../../server/modules/news/content';
import { GLOSSARY, type GlossaryTerm } from '../../../src/domain/glossary';
import { LOCALES, type Locale } from '../../../src/domain/locales';
import { ERROR_CATALOGUES } from '../../../src/locales/errors';

const localesDir = fileURLToPath(new URL('../../../src/locales', import.meta.url));
const TERMS = Object.entries(GLOSSARY) as [string, GlossaryTerm][];

/** A text as the glossary's words are matched: lower case, soft hyphens and the markup of links dropped. */
function plain(text: string, locale: Locale): string {
  return text.replaceAll('\u00AD', '').toLocaleLowerCase(locale === 'tzm' ? 'en' : locale);
}

interface Text {
  file: string;
  locale: Locale;
  /** The English source, for a catalogue text. */
  id?: string;
  text: string;
}

function catalogueTexts(locale: Locale): Text[] {
  const texts: Text[] = [];
  for (const name of ['shell', 'messages']) {
    const file = `src/locales/${locale}/${name}.po`;
    const po = PO.parse(readFileSync(join(localesDir, locale, `${name}.po`), 'utf8'));
    for (const item of po.items) {
      if (item.obsolete) continue;
      texts.push({ file, locale, id: item.msgid, text: item.msgstr.join('\n') || item.msgid });
    }
  }
  for (const [key, text] of Object.entries(ERROR_CATALOGUES[locale])) texts.push({ file: `src/locales/${locale}/errors.ts`, locale, id: key, text });
  return texts;
}

function contentTexts(locale: Locale): Text[] {
  return readContent().flatMap((piece) => {
    const text = piece.texts[locale];
    return text ? [{ file: `server/modules/news/content/${piece.piece}/${locale}.md`, locale, text: `${text.title}\n${text.body}` }] : [];
  });
}

/** "file (de): «Staking» for pledge in "…"" for every word the glossary rules out. */
function ruledOut(texts: readonly Text[]): string[] {
  return texts.flatMap(({ file, locale, text }) =>
    TERMS.flatMap(([key, term]) =>
      (term.avoid[locale] ?? []).filter((word) => plain(text, locale).includes(word)).map((word) => `${file} (${locale}): «${word}» for ${key} in "${text.slice(0, 80)}"`),
    ),
  );
}

describe('the glossary', () => {
  it('decides every term in all ten languages, its words in lower case, none both used and ruled out', () => {
    for (const [key, term] of TERMS) {
      for (const locale of LOCALES) {
        expect(term.use[locale].length, `${key} ${locale}`).toBeGreaterThan(0);
        for (const word of [...term.use[locale], ...(term.avoid[locale] ?? [])]) expect(word, `${key} ${locale}`).toBe(plain(word, locale));
        for (const word of term.avoid[locale] ?? []) expect(term.use[locale].some((use) => use.includes(word) || word.includes(use)), `${key} ${locale}: ${word}`).toBe(false);
      }
    }
  });

  it('finds a ruled-out word, naming file, language and word (the German pledge called "Staking")', () => {
    const found = ruledOut([{ file: 'src/locales/de/messages.po', locale: 'de', text: 'Neues Staking' }]);
    expect(found).toEqual(['src/locales/de/messages.po (de): «staking» for pledge in "Neues Staking"']);
  });
});

describe.each(LOCALES)('%s follows the glossary', (locale) => {
  it('its catalogues use no word the glossary rules out', () => {
    expect(ruledOut(catalogueTexts(locale))).toEqual([]);
  });

  it('its content pages use no word the glossary rules out', () => {
    expect(ruledOut(contentTexts(locale))).toEqual([]);
  });

  it('each screen name of a term is written with the glossary’s word', () => {
    const catalogue = catalogueTexts(locale);
    const wrong = TERMS.flatMap(([key, term]) =>
      term.names.flatMap((name) =>
        catalogue
          .filter((text) => text.id === name)
          .filter((text) => !term.use[locale].some((word) => plain(text.text, locale).includes(word)))
          .map((text) => `${text.file} (${locale}): "${name}" is "${text.text}", not ${term.use[locale].join(' / ')} (${key})`),
      ),
    );
    const named = TERMS.flatMap(([, term]) => term.names).filter((name) => !catalogue.some((text) => text.id === name));
    expect(named, 'names the catalogue does not have').toEqual([]);
    expect(wrong).toEqual([]);
  });
});
