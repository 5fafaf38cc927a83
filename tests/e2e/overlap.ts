/**
 * What floats must never hide money or an action: the support button (`[data-support]`, wherever
 * it sits) and every toast on screen (`[data-toast]`) are measured in the page against every
 * amount (the `Amount` component's `[data-amount]`), address or IBAN (`[data-address]`), link
 * (`a[href]`) and button or control, and every other figure (an element whose own text has a
 * digit: a count, a rate, a date in a table's last column). A box that overlaps another by more
 * than a sliver is a finding, named by the covered element's text.
 *
 * Only what a person can see counts as covered: with the floating things set aside for a moment,
 * an element must be the topmost thing at one of its points (content scrolled under the navbar or
 * the tab bar, or behind a sheet's backdrop, is hidden by them, not by what floats).
 *
 * `findOverlaps` runs in the page (page.evaluate): it refers to nothing outside itself.
 */

export interface Overlap {
  /** "the support button" or the toast's text. */
  floating: string;
  /** The covered element: its tag and its text. */
  covered: string;
}

export function findOverlaps(): Overlap[] {
  const FLOATING = '[data-support], [data-toast]';
  const KEPT =
    '[data-amount], [data-address], a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=link], [role=tab], [role=switch], [role=checkbox], [role=radio]';
  const SLIVER = 2;
  const shows = (element: Element) => {
    if (typeof (element as HTMLElement).checkVisibility === 'function' && !(element as HTMLElement).checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const text = (element: Element) => (element.getAttribute('aria-label') ?? (element as HTMLElement).innerText ?? element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
  const describe = (element: Element) => `<${element.tagName.toLowerCase()}> "${text(element)}"`;
  const overlap = (a: DOMRect, b: DOMRect) => a.left < b.right - SLIVER && b.left < a.right - SLIVER && a.top < b.bottom - SLIVER && b.top < a.bottom - SLIVER;

  const figure = (element: Element) => [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && /\d/.test(node.textContent ?? ''));
  const floating = [...document.querySelectorAll(FLOATING)].filter(shows);
  if (floating.length === 0) return [];
  // What a person sees of each kept element once the floating things are out of the way.
  const hidden = floating.map((element) => [element as HTMLElement, (element as HTMLElement).style.visibility] as const);
  for (const [element] of hidden) element.style.visibility = 'hidden';
  const candidates = new Set([...document.querySelectorAll(KEPT), ...[...document.body.querySelectorAll('*')].filter(figure)]);
  const kept = [...candidates].filter((element) => {
    if (!shows(element) || floating.some((over) => over.contains(element) || element.contains(over))) return false;
    const box = element.getBoundingClientRect();
    const points = [
      [box.left + box.width / 2, box.top + box.height / 2],
      [box.left + 3, box.top + 3],
      [box.right - 3, box.top + 3],
      [box.left + 3, box.bottom - 3],
      [box.right - 3, box.bottom - 3],
    ];
    return points.some(([x, y]) => {
      const top = document.elementFromPoint(x, y);
      return top !== null && (top === element || element.contains(top));
    });
  });
  for (const [element, visibility] of hidden) element.style.visibility = visibility;

  const found: Overlap[] = [];
  for (const over of floating) {
    const box = over.getBoundingClientRect();
    const name = over.hasAttribute('data-support') ? 'the support button' : `the toast "${text(over)}"`;
    for (const element of kept) {
      if (overlap(box, element.getBoundingClientRect())) found.push({ floating: name, covered: describe(element) });
    }
  }
  return found;
}
