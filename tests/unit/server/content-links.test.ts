/**
 * The content pages name the app's screens in a checkable form, `[title](/path)`, and this test
 * holds them to the app as it is: every link goes to a route of the router, its label is the name
 * that screen has in the page's language (its title, or the label of the tab, Home shortcut or Me
 * row that opens it, read from the catalogues), and the platform introduction presents every
 * tab and every Home shortcut. The screens are read from the code (routes.tsx, the tab bar, the
 * rows), so a renamed or removed screen fails here until the pages follow.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import PO from 'pofile';
import { describe, expect, test } from 'vitest';
import { readContent } from '../../../server/modules/news/content';
import { APP_LINK } from '../../../src/domain/constants';
import { LOCALES, type Locale } from '../../../src/domain/locales';

const src = fileURLToPath(new URL('../../../src', import.meta.url));

/** A text of the catalogue: its message and context. */
interface Name {
  message: string;
  context: string;
}

/** Every .tsx under src/app and src/features. */
function sources(): { file: string; text: string }[] {
  const files: string[] = [];
  for (const dir of ['app', 'features']) {
    for (const entry of readdirSync(join(src, dir), { recursive: true, encoding: 'utf8' })) {
      if (entry.endsWith('.tsx')) files.push(join(src, dir, entry));
    }
  }
  return files.map((file) => ({ file, text: readFileSync(file, 'utf8') }));
}

const TEXT = String.raw`(?:msg|t)(?:\`([^\`]+)\`|\(\{ message: '([^']+)', context: '([^']+)' \}\))`;
const nameOf = (match: RegExpMatchArray, at: number): Name => ({ message: match[at] ?? match[at + 1], context: match[at + 1] === undefined ? '' : (match[at + 2] ?? '') });

/** The app's routes (path → title) and what else names each path (tabs, Home's shortcuts, Me's rows). */
function appScreens() {
  const routes = new Map<string, Name[]>();
  const add = (path: string, name: Name) => routes.set(path, [...(routes.get(path) ?? []), name]);
  const entries = new Map<string, Name[]>();
  for (const { text } of sources()) {
    for (const match of text.matchAll(new RegExp(String.raw`memberScreen\(\s*'([^']+)',[^{]*\{\s*title: ${TEXT}`, 'g'))) add(match[1], nameOf(match, 2));
    for (const match of text.matchAll(new RegExp(String.raw`path: '([^']+)',\s*staticData: \{ title: ${TEXT}`, 'g'))) add(match[1], nameOf(match, 2));
    for (const match of text.matchAll(new RegExp(String.raw`\{ (?:to|path): '([^']+)'(?:, search: \{[^}]*\})?, label: ${TEXT}`, 'g'))) {
      entries.set(match[1], [...(entries.get(match[1]) ?? []), nameOf(match, 2)]);
    }
    // A row that opens a screen: <Row label={t`Settings`} … onClick={go('/setting')} /> or navigate({ to: '/setting' }).
    for (const match of text.matchAll(new RegExp(String.raw`label=\{${TEXT}\}[^\n]*?(?:go\(|to: )'(/[^']*)'`, 'g'))) {
      entries.set(match[4], [...(entries.get(match[4]) ?? []), nameOf(match, 1)]);
    }
  }
  return { routes, entries };
}

function catalogue(locale: Locale): Map<string, string> {
  const texts = new Map<string, string>();
  for (const name of ['shell', 'messages']) {
    const po = PO.parse(readFileSync(join(src, 'locales', locale, `${name}.po`), 'utf8'));
    for (const item of po.items) texts.set(`${item.msgctxt ?? ''}\u0004${item.msgid}`, item.msgstr.join('') || item.msgid);
  }
  return texts;
}

const { routes, entries } = appScreens();
const catalogues = Object.fromEntries(LOCALES.map((locale) => [locale, catalogue(locale)])) as Record<Locale, Map<string, string>>;
const plain = (text: string) => text.replaceAll('\u00AD', '').toLowerCase();

/** The names a screen has in a language: its title, and the labels of what opens it. */
function namesOf(path: string, locale: Locale): string[] {
  return [...(routes.get(path) ?? []), ...(entries.get(path) ?? [])].map((name) => catalogues[locale].get(`${name.context}\u0004${name.message}`) ?? name.message);
}

/** What is wrong with the links of one page's text, each naming the page, language, label and path. */
function linkProblems(page: string, locale: Locale, text: string): string[] {
  return [...text.matchAll(new RegExp(APP_LINK, 'g'))].flatMap(([, label, href]) => {
    const path = href.split('?')[0];
    if (!routes.has(path)) return [`${page} (${locale}): [${label}](${href}) goes to no screen of the app`];
    const names = namesOf(path, locale);
    return names.some((name) => plain(name) === plain(label)) ? [] : [`${page} (${locale}): [${label}](${href}) is called ${[...new Set(names)].map((name) => `"${name}"`).join(' or ')} in the app`];
  });
}

/** The tabs and Home's shortcuts the introduction does not link. */
function missingFromIntro(text: string): string[] {
  const linked = new Set([...text.matchAll(new RegExp(APP_LINK, 'g'))].map(([, , href]) => href.split('?')[0]));
  const shown = [...readFileSync(join(src, 'app/TabBar.tsx'), 'utf8').matchAll(/path: '([^']+)', label/g), ...readFileSync(join(src, 'features/home/QuickActions.tsx'), 'utf8').matchAll(/to: '([^']+)', label/g)];
  return shown.map((match) => match[1]).filter((path) => !linked.has(path));
}

describe('the screens the pages are checked against', () => {
  test('are read from the code: the routes with their titles, the tabs, the shortcuts', () => {
    expect(routes.get('/transfer')).toEqual([{ message: 'Convert', context: 'screen title' }]);
    expect(routes.get('/setting/pay-password')).toEqual([{ message: 'Payment password', context: '' }]);
    expect(routes.get('/market')).toEqual([{ message: 'Trading hall', context: '' }]);
    expect(namesOf('/market', 'de')).toEqual(expect.arrayContaining(['Handelsplatz', 'Handeln']));
    // Settings' rows name the content pages they open.
    expect(entries.get('/setting/help')).toContainEqual({ message: 'Help centre', context: '' });
    expect(routes.size).toBeGreaterThan(40);
  });
});

describe('the old introduction fails', () => {
  // Its words, in the checkable form: Convert "under Transfer", pledge and loans "being prepared", prices "on Home".
  const old = 'Convert: under [Transfer](/transfer), change EUR into USDT. Quotes and charts: follow the prices on [Home](/home). Pledge and loans are being prepared.';

  test('a screen named by a word the app does not use for it, or a path it does not have', () => {
    expect(linkProblems('intro', 'en', old)).toEqual(['intro (en): [Transfer](/transfer) is called "Convert" in the app']);
    expect(linkProblems('intro', 'en', 'Open [Transfer](/transfer-menu).')).toEqual(['intro (en): [Transfer](/transfer-menu) goes to no screen of the app']);
  });

  test('features that exist, not presented', () => {
    expect(missingFromIntro(old)).toEqual(expect.arrayContaining(['/pledge', '/loan', '/market', '/recharge']));
  });
});

describe.each(LOCALES)('the content pages in %s', (locale) => {
  const pieces = readContent();

  test('link only screens that exist, each by its name in the app', () => {
    const problems = pieces.flatMap((piece) => linkProblems(`${piece.piece}/${locale}.md`, locale, piece.texts[locale]!.body));
    expect(problems).toEqual([]);
  });

  test('the platform introduction presents every tab and every shortcut of Home', () => {
    const intro = pieces.find((piece) => piece.piece === 'intro')!.texts[locale]!.body;
    expect(missingFromIntro(intro)).toEqual([]);
  });
});

