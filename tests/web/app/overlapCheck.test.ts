/**
 * The tour's overlap check (tests/e2e/overlap.ts), on pages laid out by hand: happy-dom has no
 * layout, so each element is given its box, and "the topmost element at a point" is the last one
 * in the document whose box holds it and that is not hidden — as a browser paints them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { findOverlaps } from '../../e2e/overlap';

const boxes = new Map<Element, DOMRect>();

/** Gives `element` (found by `selector`) the box left, top, width, height. */
function place(selector: string, left: number, top: number, width: number, height: number): void {
  const element = document.querySelector(selector)!;
  const box = new DOMRect(left, top, width, height);
  boxes.set(element, box);
  (element as HTMLElement).getBoundingClientRect = () => box;
}

function hidden(element: Element | null): boolean {
  for (let node = element; node; node = node.parentElement) if ((node as HTMLElement).style?.visibility === 'hidden') return true;
  return false;
}

document.elementFromPoint = (x: number, y: number) => {
  const painted = [...boxes].filter(([element, box]) => !hidden(element) && x >= box.left && x <= box.right && y >= box.top && y <= box.bottom);
  return painted.at(-1)?.[0] ?? null;
};

/** A phone screen 390 × 844: its content, the tab bar and what floats, in the order they are painted. */
function page(html: string): void {
  document.body.innerHTML = html;
  boxes.clear();
  (document.body as HTMLElement).getBoundingClientRect = () => new DOMRect(0, 0, 390, 844);
}

afterEach(() => {
  document.body.innerHTML = '';
  boxes.clear();
});

describe('the tour’s overlap check', () => {
  it('reports the support button over an amount, naming what it covers', () => {
    page(`<main><p>You receive <bdi data-amount="USDT">99.5000 USDT</bdi></p></main><button data-support aria-label="Customer service"></button>`);
    place('main', 0, 0, 390, 844);
    place('p', 16, 700, 358, 24);
    place('[data-amount]', 260, 700, 110, 24);
    place('[data-support]', 322, 690, 52, 52);
    expect(findOverlaps()).toEqual([{ floating: 'the support button', covered: '<bdi> "99.5000 USDT"' }]);
  });

  it('reports a toast over the form’s button and the end of an address', () => {
    page(
      `<main><p data-address>TQ4mWJ6m7r8rB2qzv9FzJZJ9dRk3x5YpXb</p><button type="submit">Create account</button></main>` +
        `<div aria-live="polite"><div data-toast role="status">Code sent by e-mail</div></div>`,
    );
    place('main', 0, 0, 390, 844);
    place('[data-address]', 16, 600, 358, 40);
    place('button', 16, 700, 358, 48);
    place('[data-toast]', 60, 620, 270, 100);
    expect(findOverlaps().map((overlap) => overlap.covered)).toEqual(['<p> "TQ4mWJ6m7r8rB2qzv9FzJZJ9dRk3x5YpXb"', '<button> "Create account"']);
    expect(findOverlaps()[0].floating).toBe('the toast "Code sent by e-mail"');
  });

  it('reports a figure that is no amount: the last column of the VIP table', () => {
    page(`<main><dl><dt>Daily orders</dt><dd>20</dd></dl></main><button data-support aria-label="Customer service"></button>`);
    place('main', 0, 0, 390, 844);
    place('dt', 270, 760, 100, 20);
    place('dd', 330, 782, 40, 24);
    place('[data-support]', 322, 768, 52, 52);
    // The label is words; the figure is what must show.
    expect(findOverlaps()).toEqual([{ floating: 'the support button', covered: '<dd> "20"' }]);
  });

  it('finds nothing when the button sits in a place of its own, touching its neighbours at most', () => {
    page(`<header><a href="/recharge/records">Deposit records</a><button data-support aria-label="Customer service"></button></header><main><bdi data-amount="USDT">12.0000 USDT</bdi></main>`);
    place('header', 0, 0, 390, 64);
    place('a', 282, 8, 48, 48);
    place('[data-support]', 330, 8, 48, 48);
    place('main', 0, 64, 390, 780);
    place('[data-amount]', 16, 80, 358, 24);
    expect(findOverlaps()).toEqual([]);
  });

  it('leaves out what another layer already hides: a row scrolled under the tab bar, where the button is docked', () => {
    page(`<main><a href="/mine/bind">Account binding</a></main><nav><a href="/home">Home</a><button data-support aria-label="Customer service"></button></nav>`);
    place('main', 0, 0, 390, 844);
    place('main a', 0, 770, 390, 56); // under the bar: hidden by it, not by the button
    place('nav', 0, 764, 390, 80);
    place('nav a', 0, 772, 80, 64);
    place('[data-support]', 326, 778, 48, 48);
    expect(findOverlaps()).toEqual([]);
  });

  it('counts only where the two meet: a field half scrolled under the tab bar is hidden there by the bar, not by the button', () => {
    page(`<main><input aria-label="Amount (USDT)"></main><nav><button data-support aria-label="Customer service"></button></nav>`);
    place('main', 0, 0, 390, 844);
    place('input', 16, 740, 358, 48); // 740–764 shows above the bar
    place('nav', 0, 764, 390, 80);
    place('[data-support]', 326, 770, 48, 48);
    expect(findOverlaps()).toEqual([]);
  });

  it('leaves out a button a sheet is drawn over: the sheet’s own link is not covered by it', () => {
    page(
      `<main><nav><button data-support aria-label="Customer service"></button></nav></main>` +
        `<div role="dialog"><a href="/setting/pay-password">Forgot it?</a></div>`,
    );
    place('main', 0, 0, 390, 844);
    place('nav', 0, 764, 390, 80);
    place('[data-support]', 326, 778, 48, 48);
    place('[role=dialog]', 0, 560, 390, 284);
    place('[role=dialog] a', 300, 770, 80, 44);
    expect(findOverlaps()).toEqual([]);
  });

  it('does not count what is out of sight', () => {
    page(`<main><button style="display:none">Log out</button></main><button data-support aria-label="Customer service" style="visibility:hidden"></button>`);
    place('main', 0, 0, 390, 844);
    place('main button', 16, 700, 358, 48);
    place('[data-support]', 322, 690, 52, 52);
    expect(findOverlaps()).toEqual([]);
  });
});
