/**
 * The one segmented control shows every option whole: a row wider than the screen scrolls, fades
 * out at each edge beyond which options lie, and brings the chosen one into view ("Rückzahlung
 * ausstehen", "Abgesc", "قيد السد" were cut at the screen's edge with no hint).
 */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Choices, hiddenEdges, scrollToShow } from '../../../src/ui/Choices';
import { renderUi } from '../app/render';

afterEach(cleanup);

describe('the edges a scrolled row hides options beyond', () => {
  it('none when the row fits', () => {
    expect(hiddenEdges({ scrollLeft: 0, scrollWidth: 358, clientWidth: 358 }, false)).toEqual({ left: false, right: false });
  });

  it('left to right: the end (right) at first, both in the middle, the start (left) at the end', () => {
    expect(hiddenEdges({ scrollLeft: 0, scrollWidth: 600, clientWidth: 350 }, false)).toEqual({ left: false, right: true });
    expect(hiddenEdges({ scrollLeft: 120, scrollWidth: 600, clientWidth: 350 }, false)).toEqual({ left: true, right: true });
    expect(hiddenEdges({ scrollLeft: 250, scrollWidth: 600, clientWidth: 350 }, false)).toEqual({ left: true, right: false });
  });

  it('right to left (Arabic, Hebrew), where scrollLeft runs from 0 down: the end is the left', () => {
    expect(hiddenEdges({ scrollLeft: 0, scrollWidth: 600, clientWidth: 350 }, true)).toEqual({ left: true, right: false });
    expect(hiddenEdges({ scrollLeft: -120, scrollWidth: 600, clientWidth: 350 }, true)).toEqual({ left: true, right: true });
    expect(hiddenEdges({ scrollLeft: -250, scrollWidth: 600, clientWidth: 350 }, true)).toEqual({ left: false, right: true });
  });
});

describe('scrolling the chosen option into view', () => {
  const row = { left: 16, right: 374 };
  it('leaves an option in view where it is', () => {
    expect(scrollToShow(row, { left: 100, right: 200 })).toBe(0);
  });

  it('brings one cut at either edge in, clear of the fade', () => {
    expect(scrollToShow(row, { left: 300, right: 480 })).toBe(480 - 374 + 28);
    expect(scrollToShow(row, { left: -90, right: 40 })).toBe(-90 - 16 - 28);
  });

  it('does nothing in a row not laid out yet', () => {
    expect(scrollToShow({ left: 0, right: 0 }, { left: 0, right: 0 })).toBe(0);
  });
});

describe('the control on a screen too narrow for its options', () => {
  const statuses = ['all', 'pending', 'approved', 'repaying', 'repaid', 'rejected'] as const;
  type Status = (typeof statuses)[number];
  let scrollBy: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    // A 358 px row holding six options of 120 px each (720 px), laid out left to right from x = 16.
    scrollBy = vi.fn(function (this: HTMLElement, options: ScrollToOptions) {
      // As a browser does, within 0 and the width hidden (720 − 358).
      this.scrollLeft = Math.min(362, Math.max(0, this.scrollLeft + (options.left ?? 0)));
    });
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.getAttribute('role') === 'tablist' ? 720 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.getAttribute('role') === 'tablist' ? 358 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const tablist = this.closest<HTMLElement>('[role=tablist]');
      const scrolled = tablist?.scrollLeft ?? 0;
      const index = this.getAttribute('role') === 'tab' ? [...tablist!.children].indexOf(this) : -1;
      const left = index < 0 ? 16 : 16 + index * 120 - scrolled;
      const width = index < 0 ? 358 : 120;
      return { left, right: left + width, top: 0, bottom: 44, width, height: 44, x: left, y: 0, toJSON: () => ({}) } as DOMRect;
    });
    Object.defineProperty(HTMLElement.prototype, 'scrollBy', { configurable: true, value: scrollBy });
  });

  afterEach(() => {
    vi.restoreAllMocks();
    delete (HTMLElement.prototype as { scrollBy?: unknown }).scrollBy;
  });

  function Statuses({ start }: { start: Status }) {
    const [value, setValue] = useState<Status>(start);
    return <Choices<Status> kind="tab" label="Loan status" options={statuses.map((status) => ({ value: status, label: status }))} value={value} onChange={setValue} />;
  }

  it('fades out at the edge beyond which more options lie, and at both once scrolled into the middle', async () => {
    await renderUi(<Statuses start="all" />);
    const row = screen.getByRole('tablist');
    expect(row.getAttribute('data-fade')).toBe('right');
    expect(row.style.maskImage).toContain('linear-gradient');
    await act(async () => {
      row.scrollLeft = 150;
      fireEvent.scroll(row);
    });
    expect(row.getAttribute('data-fade')).toBe('left right');
    await act(async () => {
      row.scrollLeft = 362;
      fireEvent.scroll(row);
    });
    expect(row.getAttribute('data-fade')).toBe('left');
  });

  it('shows a status chosen off screen (opened by a link) from the start, and the one tapped half-shown', async () => {
    await renderUi(<Statuses start="repaid" />);
    // "repaid" is the fifth: 16 + 4 × 120 = 496 to 616, past the row's right edge at 374.
    expect(scrollBy).toHaveBeenCalledWith({ left: 616 - 374 + 28, behavior: 'instant' });
    scrollBy.mockClear();
    const row = screen.getByRole('tablist');
    await act(async () => {
      row.scrollLeft = 0;
      fireEvent.scroll(row);
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: 'approved' }));
    });
    // The third, 256 to 376: two pixels past the edge and under the fade.
    expect(scrollBy).toHaveBeenCalledWith({ left: 376 - 374 + 28, behavior: 'smooth' });
  });
});
