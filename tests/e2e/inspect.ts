/**
 * What a careful person would find wrong on a phone screen, measured in the page itself:
 * - accessibility: axe-core's rules (WCAG 2.x A and AA), serious and critical findings;
 * - touch targets: every visible control at least 44 × 44 CSS pixels, measured as a finger meets
 *   it: a checkbox, radio or file input by the label that toggles it, whether the input itself
 *   shows or is hidden behind a drawn one; anything else by its own box (links inside running
 *   text are exempt, as WCAG 2.5.5 exempts them);
 * - clipped text: a text box whose content is wider or taller than the box that clips it (unless
 *   it is cut on purpose and marked with an ellipsis), text past the screen's edge (unless in a
 *   row that scrolls sideways), an option of a segmented row cut at an edge that shows no fade,
 *   or a screen wider than the phone;
 * - untranslated text: on a non-English screen, a visible text that is an English text of the
 *   catalogues whose translation is different;
 * - overlap: the support button or a toast over an amount, an address, a link or a control
 *   (./overlap.ts);
 * - broken words: in German a line that ends inside a word without a hyphen drawn there, in
 *   Chinese a line that ends inside a word (words as Intl.Segmenter finds them).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { catalogueTexts } from '../../scripts/catalogues.mjs';
import { findOverlaps } from './overlap';

export interface Finding {
  check: 'axe' | 'target' | 'clipped' | 'untranslated' | 'overlap' | 'broken word';
  what: string;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeResult {
  violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> }>;
}

export async function axeFindings(page: Page): Promise<Finding[]> {
  // Evaluated through the DevTools protocol: the app's CSP rightly refuses an inline script.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const result = await page.evaluate(
    () =>
      (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResult> } }).axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
        resultTypes: ['violations'],
      }) as Promise<AxeResult>,
  );
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      check: 'axe' as const,
      what: `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
        .slice(0, 4)
        .map((node) => node.target.join(' '))
        .join(', ')}`,
    }));
}

/** Controls smaller than 44 × 44 and text that does not fit its box, found in the page. */
async function layoutFindings(page: Page): Promise<Finding[]> {
  return page.evaluate(() => {
    const found: Array<{ check: 'target' | 'clipped'; what: string }> = [];
    // A tap's ripple still spreading inside the button is meant to be cut by it: gone before measuring.
    for (const wave of document.querySelectorAll('.k-touch-ripple-wave')) wave.remove();
    const describe = (element: Element) => {
      const text = (element.getAttribute('aria-label') ?? (element as HTMLElement).innerText ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      return `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}> "${text}"`;
    };
    const visible = (element: Element) => (element as HTMLElement).checkVisibility?.({ checkOpacity: true, checkVisibilityCSS: true }) ?? true;
    const controls = document.querySelectorAll(
      'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab], [role=radio], [role=checkbox], [role=switch], [role=link], [tabindex]:not([tabindex="-1"])',
    );
    for (const control of controls) {
      const input = control as HTMLInputElement;
      const toggled = control.tagName === 'INPUT' && (input.type === 'checkbox' || input.type === 'radio' || input.type === 'file');
      // A checkbox, radio or file input is tapped through its label (often the input itself is hidden and the label drawn):
      // the label is the target, measured whether the input shows or not. One with no label is what it is.
      const target = toggled ? (input.closest('label') ?? (input.id ? document.querySelector(`label[for="${CSS.escape(input.id)}"]`) : null) ?? control) : control;
      if (!visible(target)) continue;
      const box = target.getBoundingClientRect();
      if (box.width === 0 && box.height === 0 && target === control) continue;
      // A link inside a sentence is exempt.
      if (control.tagName === 'A' && control.parentElement && getComputedStyle(control).display === 'inline' && /\S/.test(control.parentElement.textContent?.replace(control.textContent ?? '', '') ?? '')) continue;
      if (box.width < 43.5 || box.height < 43.5) {
        const what = target === control ? describe(control) : `${describe(control)} (by its label ${describe(target)})`;
        found.push({ check: 'target', what: `${what} is ${Math.round(box.width)}×${Math.round(box.height)}` });
      }
    }
    const viewport = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > viewport + 1) found.push({ check: 'clipped', what: `the screen is ${document.documentElement.scrollWidth} px wide on a ${viewport} px phone` });
    for (const element of document.body.querySelectorAll('*')) {
      if (!visible(element) || !(element instanceof HTMLElement)) continue;
      // Text for screen readers only sits in a 1 px box on purpose.
      if (element.closest('.sr-only') || (element.clientWidth <= 1 && element.clientHeight <= 1)) continue;
      const hasOwnText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && /\S/.test(node.textContent ?? ''));
      if (!hasOwnText) continue;
      const style = getComputedStyle(element);
      const clipsX = style.overflowX !== 'visible' && style.overflowX !== 'auto' && style.overflowX !== 'scroll';
      const clipsY = style.overflowY !== 'visible' && style.overflowY !== 'auto' && style.overflowY !== 'scroll';
      if (element.closest('[data-marquee], [aria-hidden=true]')) continue;
      // Cut on purpose and marked so ("…"): a one-line preview whose whole text is a tap away.
      const marked = style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none';
      // A word longer than its box spills out of it, clipped or not (an inline box has no width of its own to pass).
      const spills = style.display !== 'inline' && element.clientWidth > 0 && element.scrollWidth > element.clientWidth + 1;
      if (!marked && (spills || (clipsX && element.scrollWidth > element.clientWidth + 1) || (clipsY && element.scrollHeight > element.clientHeight + 1))) {
        found.push({ check: 'clipped', what: `${describe(element)}: ${element.scrollWidth}×${element.scrollHeight} in ${element.clientWidth}×${element.clientHeight}` });
        continue;
      }
      const box = element.getBoundingClientRect();
      // Text that runs out of a card or a button that hides what passes its edge.
      const clipper = (() => {
        for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
          const overflow = getComputedStyle(node);
          if (['auto', 'scroll'].includes(overflow.overflowX) || ['auto', 'scroll'].includes(overflow.overflowY)) return null;
          if (overflow.overflowX !== 'visible' || overflow.overflowY !== 'visible') return node;
        }
        return null;
      })();
      const edge = clipper?.getBoundingClientRect();
      if (!marked && edge && (box.right > edge.right + 1 || box.left < edge.left - 1 || box.bottom > edge.bottom + 1 || box.top < edge.top - 1)) {
        found.push({ check: 'clipped', what: `${describe(element)} runs out of the box that holds it (${Math.round(box.left)}–${Math.round(box.right)} in ${Math.round(edge.left)}–${Math.round(edge.right)})` });
        continue;
      }
      const scrolledSideways = (node: Element | null): boolean =>
        node !== null && node !== document.body && (['auto', 'scroll'].includes(getComputedStyle(node).overflowX) || scrolledSideways(node.parentElement));
      if ((box.right > viewport + 1 || box.left < -1) && !scrolledSideways(element.parentElement)) found.push({ check: 'clipped', what: `${describe(element)} runs past the screen's edge (${Math.round(box.left)}–${Math.round(box.right)})` });
      // An option of the segmented control (ui/Choices.tsx) cut by its scrolling row must be cut under the fade that says more lies there.
      const row = element.closest('[role=tablist], [role=radiogroup]');
      if (row && row !== element && ['auto', 'scroll'].includes(getComputedStyle(row).overflowX)) {
        const rowBox = row.getBoundingClientRect();
        const fades = (row.getAttribute('data-fade') ?? '').split(' ');
        const cut = [box.left < rowBox.left - 1 ? 'left' : '', box.right > rowBox.right + 1 ? 'right' : ''].filter((side) => side && !fades.includes(side));
        if (cut.length > 0) found.push({ check: 'clipped', what: `${describe(element)} is cut at the ${cut.join(' and ')} edge of its row with no fade there` });
      }
    }
    return found;
  });
}

const englishTexts = catalogueTexts('en');

/** Visible texts that are English texts of the catalogues, on a screen in another language. */
async function untranslatedFindings(page: Page, locale: string): Promise<Finding[]> {
  if (locale === 'en') return [];
  const translations = catalogueTexts(locale);
  const shown: string[] = await page.evaluate(() => {
    const texts = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      if (!parent || !text || !parent.checkVisibility()) continue;
      texts.add(text);
      const whole = parent.innerText?.replace(/\s+/g, ' ').trim();
      if (whole) texts.add(whole);
    }
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.add(value);
      }
    }
    return [...texts];
  });
  return shown
    .filter((text) => {
      if (!englishTexts.has(text)) return false;
      const translated = translations.get(text);
      return translated !== undefined && translated !== '' && translated !== text;
    })
    .map((text) => ({ check: 'untranslated' as const, what: `"${text}"` }));
}

/** The support button or a toast over something a person must see or reach; `where` says in which state of the screen. */
export async function overlapFindings(page: Page, where = ''): Promise<Finding[]> {
  await page.evaluate('window.__name = window.__name || ((fn) => fn)');
  const found = await page.evaluate(findOverlaps);
  return found.map((overlap) => ({ check: 'overlap' as const, what: `${overlap.floating} covers ${overlap.covered}${where}` }));
}

/**
 * Words broken across two lines where the language breaks none, measured in the page: each
 * character's box read through a Range, a character whose box starts below the previous one's
 * middle starting a new line. German may end a line inside a word only where a hyphen is drawn:
 * at a soft hyphen, or where the browser hyphenates (`hyphens: auto`, with a dictionary: the break
 * stays when the element's emergency breaks, `overflow-wrap` and `word-break`, are switched off).
 * Chinese may end a line only between words, as `Intl.Segmenter('zh', { granularity: 'word' })`
 * finds them. A word with a digit is a figure or a code (an address, an IBAN, an order number),
 * not a word of the language: it breaks where it must.
 */
export async function brokenWordFindings(page: Page, locale: string): Promise<Finding[]> {
  if (locale !== 'de' && locale !== 'zh') return [];
  const found = await page.evaluate((locale) => {
    const findings: string[] = [];
    // Characters that draw nothing: the soft hyphen (drawn as "-" only where the line breaks), and the zero-width space and word joiner.
    const invisible = /[\u00ad\u200b\u2060]/;
    const segmenter = new Intl.Segmenter(locale, { granularity: 'word' });
    const range = document.createRange();
    const boxOf = (node: Text, start: number, end: number) => {
      range.setStart(node, start);
      range.setEnd(node, end);
      const boxes = range.getClientRects();
      return boxes.length > 0 ? boxes[boxes.length - 1] : null;
    };
    /** Where inside [from, to) of the text a character starts a new line: its index, and the index of the visible character before it. */
    const breaksIn = (node: Text, from: number, to: number) => {
      const breaks: Array<{ at: number; after: number }> = [];
      let previous: { index: number; box: DOMRect } | null = null;
      for (let index = from; index < to; ) {
        const size = (node.data.codePointAt(index) ?? 0) > 0xffff ? 2 : 1;
        if (!invisible.test(node.data[index])) {
          const box = boxOf(node, index, index + size);
          if (box && box.width > 0) {
            if (previous && box.top >= previous.box.top + previous.box.height / 2) breaks.push({ at: index, after: previous.index });
            previous = { index, box };
          }
        }
        index += size;
      }
      return breaks;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      const parent = node.parentElement;
      if (!parent || !/\S/.test(node.data) || !parent.checkVisibility() || parent.closest('.sr-only, [aria-hidden=true], [data-marquee]')) continue;
      // Text on one line has nothing to look at.
      range.selectNodeContents(node);
      const tops = new Set([...range.getClientRects()].filter((box) => box.width > 0).map((box) => Math.round(box.top)));
      if (tops.size < 2) continue;
      // The words of the text as a reader sees it (without the invisible characters), each mapped back to the text's indexes.
      const shown: number[] = [];
      for (let index = 0; index < node.data.length; index++) if (!invisible.test(node.data[index])) shown.push(index);
      const text = shown.map((index) => node.data[index]).join('');
      for (const { segment, index, isWordLike } of segmenter.segment(text)) {
        if (!isWordLike || [...segment].length < 2 || /\d/.test(segment)) continue;
        const start = shown[index];
        const end = shown[index + segment.length - 1] + 1;
        const inside = breaksIn(node, start, end).filter((line) => line.at > start);
        if (inside.length === 0) continue;
        let unhyphenated = inside;
        if (locale === 'de') {
          // A soft hyphen before the break draws a hyphen there.
          unhyphenated = inside.filter((line) => !node.data.slice(line.after + 1, line.at).includes('\u00ad'));
          if (unhyphenated.length > 0 && getComputedStyle(parent).hyphens === 'auto') {
            // Hyphenated by the browser or broken as a last resort: without the last resort, a hyphenated word stays broken.
            const { overflowWrap, wordBreak } = parent.style;
            parent.style.overflowWrap = 'normal';
            parent.style.wordBreak = 'normal';
            if (breaksIn(node, start, end).some((line) => line.at > start)) unhyphenated = [];
            parent.style.overflowWrap = overflowWrap;
            parent.style.wordBreak = wordBreak;
          }
        }
        for (const line of unhyphenated) {
          const word = node.data.slice(start, end).replace(/[\u00ad\u200b\u2060]/g, '');
          const split = `${node.data.slice(start, line.at)}|${node.data.slice(line.at, end)}`.replace(/[\u00ad\u200b\u2060]/g, '');
          const where = (parent.innerText ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
          findings.push(`"${word}" broken as "${split}"${locale === 'de' ? ' without a hyphen' : ''} in <${parent.tagName.toLowerCase()}> "${where}"`);
        }
      }
    }
    return findings;
  }, locale);
  return found.map((what) => ({ check: 'broken word' as const, what }));
}

export async function inspectScreen(page: Page, locale: string): Promise<Finding[]> {
  // tsx names the functions it compiles with a helper the page does not have.
  await page.evaluate('window.__name = window.__name || ((fn) => fn)');
  return [
    ...(await axeFindings(page)),
    ...(await layoutFindings(page)),
    ...(await untranslatedFindings(page, locale)),
    ...(await overlapFindings(page)),
    ...(await brokenWordFindings(page, locale)),
  ];
}
