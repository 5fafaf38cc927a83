/**
 * Every one of the ten languages must be complete: a missing or empty text would show a user
 * an English fallback or a raw key. Two kinds of catalogue: the UI texts (Lingui .po files: the
 * first screen's `shell` and the other screens' `messages`) and the error/validation texts shared with the server (src/locales/<locale>/errors.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import PO from 'pofile';
import { describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '../../../src/domain/errors';
import { LOCALES } from '../../../src/domain/locales';
import { ERROR_CATALOGUES } from '../../../src/locales/errors';

const localesDir = fileURLToPath(new URL('../../../src/locales', import.meta.url));

const UI_CATALOGUES = ['shell', 'messages'] as const;

function uiCatalogue(locale: string, name: (typeof UI_CATALOGUES)[number] | 'ops'): Map<string, string> {
  const file = join(localesDir, locale, `${name}.po`);
  const po = PO.parse(readFileSync(file, 'utf8'));
  return new Map(po.items.filter((item) => !item.obsolete).map((item) => [item.msgid, item.msgstr.join('')]));
}

/** The names a text uses, each once: a plural repeats them per form, and languages have different forms (Chinese one, Arabic six). */
function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)[,}]/g)].map((m) => m[1]))].sort();
}

describe.each(UI_CATALOGUES)('UI catalogue %s (Lingui)', (name) => {
  const source = uiCatalogue('en', name);

  it('the English catalogue has the texts of the app', () => {
    expect(source.size).toBeGreaterThan(50);
  });

  it.each(LOCALES)('%s has every text, with the same placeholders', (locale) => {
    expect(existsSync(join(localesDir, locale, `${name}.po`))).toBe(true);
    const catalogue = uiCatalogue(locale, name);
    const missing = [...source.keys()].filter((id) => !catalogue.get(id)?.trim());
    expect(missing, `${locale} lacks ${missing.length} texts`).toEqual([]);
    const wrongPlaceholders = [...source.keys()].filter(
      (id) => placeholders(catalogue.get(id) ?? '').join() !== placeholders(source.get(id) || id).join(),
    );
    expect(wrongPlaceholders, `${locale} changes placeholders`).toEqual([]);
  });
});

describe("the operator console's catalogue (ops)", () => {
  const source = uiCatalogue('en', 'ops');

  it('English and Chinese have every text of the console, with the same placeholders; the other languages fall back to English', () => {
    expect(source.size).toBeGreaterThan(50);
    const chinese = uiCatalogue('zh', 'ops');
    expect([...source.keys()].filter((id) => !chinese.get(id)?.trim())).toEqual([]);
    expect([...source.keys()].filter((id) => placeholders(chinese.get(id) ?? '').join() !== placeholders(source.get(id) || id).join())).toEqual([]);
    for (const locale of LOCALES) expect(existsSync(join(localesDir, locale, 'ops.po'))).toBe(true);
  });
});

describe('error catalogues (shared with the server)', () => {
  it.each(LOCALES)('%s has every key, non-empty, with the same placeholders', (locale) => {
    const catalogue = ERROR_CATALOGUES[locale] as Record<string, string>;
    const missing = ERROR_KEYS.filter((key) => !catalogue[key]?.trim());
    expect(missing).toEqual([]);
    const extra = Object.keys(catalogue).filter((key) => !(ERROR_KEYS as readonly string[]).includes(key));
    expect(extra).toEqual([]);
    const wrong = ERROR_KEYS.filter((key) => placeholders(catalogue[key]).join() !== placeholders(ERROR_CATALOGUES.en[key]).join());
    expect(wrong).toEqual([]);
  });
});
