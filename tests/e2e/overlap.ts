/**
 * What floats must never hide money or an action: the support button (`[data-support]`, wherever
 * it sits) and every toast on screen (`[data-toast]`) are measured in the page against every
 * amount (the `Amount` component's `[data-amount]`), address or IBAN (`[data-address]`), link
 * (`a[href]`) and button or control, and every other figure (an element whose own text has a
 * digit: a count, a rate, a date in a table's last column). A box that overlaps another by more
 * than a sliver is a finding, named by the covered element's text.
 *
 * Only what a person would see counts: at a point where the two meet, the floating thing must be
 * on top (a sheet drawn over the tab bar hides the button docked in it), and, with the floating
 * things set aside for a moment, the element must be the topmost thing there (content scrolled
 * under the navbar or the tab bar, or behind a sheet's backdrop, is hidden by them, not by what
 * floats).
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
  const places = floating.map((element) => element.getBoundingClientRect());
  const names = floating.map((element) => (element.hasAttribute('data-support') ? 'the support button' : `the toast "${text(element)}"`));
  const candidates = new Set([...document.querySelectorAll(KEPT), ...[...document.body.querySelectorAll('*')].filter(figure)]);
  const kept = [...candidates].filter((element) => shows(element) && !floating.some((over) => over.contains(element) || element.contains(over)));
  // Where each floating thing meets a kept element and is itself on top (not under a sheet or a dialog)…
  const meetings: Array<{ index: number; element: Element; points: number[][] }> = [];
  floating.forEach((over, index) => {
    const place = places[index];
    for (const element of kept) {
      const box = element.getBoundingClientRect();
      if (!overlap(place, box)) continue;
      const left = Math.max(place.left, box.left) + 1;
      const right = Math.min(place.right, box.right) - 1;
      const top = Math.max(place.top, box.top) + 1;
      const bottom = Math.min(place.bottom, box.bottom) - 1;
      const points = [
        [(left + right) / 2, (top + bottom) / 2],
        [left, top],
        [right, top],
        [left, bottom],
        [right, bottom],
      ].filter(([x, y]) => {
        const topmost = document.elementFromPoint(x, y);
        return topmost !== null && over.contains(topmost);
      });
      if (points.length > 0) meetings.push({ index, element, points });
    }
  });
  // …and what a person would see there of the kept element, were the floating things not there.
  const hidden = floating.map((element) => [element as HTMLElement, (element as HTMLElement).style.visibility] as const);
  for (const [element] of hidden) element.style.visibility = 'hidden';
  const found: Overlap[] = [];
  for (const { index, element, points } of meetings) {
    const seen = points.some(([x, y]) => {
      const topmost = document.elementFromPoint(x, y);
      return topmost !== null && (topmost === element || element.contains(topmost));
    });
    if (seen) found.push({ floating: names[index], covered: describe(element) });
  }
  for (const [element, visibility] of hidden) element.style.visibility = visibility;
  return found;
}
