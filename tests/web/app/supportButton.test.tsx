import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SupportButton, tuckedAfterScroll, useSupportButtonPlacement } from '../../../src/app/SupportButton';
import { renderUi } from './render';

afterEach(cleanup);

/** A screen 2,000 px tall in an 800 px window, with the button over it, as the shell has them. */
function Page({ screenKey, onOpen }: { screenKey: string; onOpen(): void }) {
  const { tucked, homeRef } = useSupportButtonPlacement(screenKey);
  return (
    <>
      <div data-testid="page" style={{ overflow: 'auto', height: 800 }}>
        <div style={{ height: 2000 }} />
        <form>
          <input aria-label="Amount (USDT)" />
          <button type="submit">Bind bank account</button>
        </form>
      </div>
      <SupportButton raised={false} tucked={tucked} homeRef={homeRef} onOpen={onOpen} />
    </>
  );
}

function Harness({ onOpen }: { onOpen(): void }) {
  const [screenKey, setScreenKey] = useState('/mine/bind');
  return (
    <>
      <button type="button" onClick={() => setScreenKey('/withdraw')}>
        next screen
      </button>
      <Page screenKey={screenKey} onOpen={onOpen} />
    </>
  );
}

/** Scrolls `page` to `top` and lets the frame in which positions are read go by. */
async function scrollTo(page: HTMLElement, top: number) {
  Object.defineProperty(page, 'scrollHeight', { configurable: true, value: 2000 });
  Object.defineProperty(page, 'clientHeight', { configurable: true, value: 800 });
  page.scrollTop = top;
  await act(async () => {
    fireEvent.scroll(page);
    await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
  });
}

describe('the floating support button', () => {
  it('slides away while the screen scrolls down, and is back on scrolling up, at the end and on a new screen', async () => {
    const onOpen = vi.fn();
    await renderUi(<Harness onOpen={onOpen} />);
    const button = screen.getByRole('button', { name: 'Customer service' });
    const page = screen.getByTestId('page');
    expect(button.getAttribute('data-tucked')).toBe('false');

    await scrollTo(page, 300);
    expect(button.getAttribute('data-tucked')).toBe('true');
    expect(button.className).toContain('pointer-events-none');
    // Still there for keyboard and screen-reader users.
    expect(screen.getByRole('button', { name: 'Customer service' })).toBe(button);

    await scrollTo(page, 200);
    expect(button.getAttribute('data-tucked')).toBe('false');

    await scrollTo(page, 700);
    expect(button.getAttribute('data-tucked')).toBe('true');
    await scrollTo(page, 1200); // the end: the screen's bottom padding keeps it off the content
    expect(button.getAttribute('data-tucked')).toBe('false');

    await scrollTo(page, 0);
    await scrollTo(page, 500);
    expect(button.getAttribute('data-tucked')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'next screen' }));
    expect(button.getAttribute('data-tucked')).toBe('false');

    fireEvent.click(button);
    expect(onOpen).toHaveBeenCalledOnce();
  });

  const box = (left: number, top: number, width: number, height: number) => () => new DOMRect(left, top, width, height);

  it.each([
    // The button's place at the end edge of a 390 × 844 window, the form's full-width button right under it.
    { what: "a form's submit button", control: () => screen.getByRole('button', { name: 'Bind bank account' }), place: box(322, 768, 52, 52), under: box(16, 760, 358, 48), above: box(16, 640, 358, 48) },
    // The hall's amount field, full width, where the raised button sits above the tab bar: a person must be able to type in it.
    { what: 'a field', control: () => screen.getByRole('textbox', { name: 'Amount (USDT)' }), place: box(322, 672, 52, 52), under: box(32, 660, 326, 48), above: box(32, 300, 326, 48) },
  ])('steps aside while $what lies under it', async ({ control, place, under, above }) => {
    await renderUi(<Harness onOpen={() => {}} />);
    const button = screen.getByRole('button', { name: 'Customer service' });
    (button.previousElementSibling as HTMLElement).getBoundingClientRect = place;
    const covered = control();
    covered.getBoundingClientRect = under;
    fireEvent.click(screen.getByRole('button', { name: 'next screen' }));
    // Checked once the new screen is painted (a task of its own, not inside the render).
    await waitFor(() => expect(button.getAttribute('data-tucked')).toBe('true'));
    // Scrolled up out from under it: the support button is back.
    covered.getBoundingClientRect = above;
    await scrollTo(screen.getByTestId('page'), 1200);
    expect(button.getAttribute('data-tucked')).toBe('false');
  });

  it('ignores scrolls of a few pixels', () => {
    expect(tuckedAfterScroll(false, 100, { top: 104, range: 1200 })).toBe(false);
    expect(tuckedAfterScroll(true, 100, { top: 96, range: 1200 })).toBe(true);
    expect(tuckedAfterScroll(true, 100, { top: 1198, range: 1200 })).toBe(false);
  });
});
