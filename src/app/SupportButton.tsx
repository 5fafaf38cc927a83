/**
 * The floating customer-service button (SPEC §2), at the end edge (right in English, left in
 * Arabic and Hebrew), above the tab bar where there is one.
 *
 * While the user scrolls down a screen it slides away, so it never sits on the form or the button
 * being scrolled to; it comes back on scrolling up, at the end of the screen (where the screen's
 * bottom padding keeps it clear of the content) and on every new screen.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { HeadsetIcon } from './icons';

export interface SupportButtonProps {
  /** Sits higher to clear the tab bar. */
  raised: boolean;
  /** Slid out of sight (still reachable by keyboard: focus brings it back). */
  tucked?: boolean;
  onOpen(): void;
}

export function SupportButton({ raised, tucked = false, onOpen }: SupportButtonProps) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={t`Customer service`}
      title={t`Customer service`}
      data-tucked={tucked ? 'true' : 'false'}
      className={[
        'absolute end-4 z-30 flex size-13 items-center justify-center rounded-full',
        'bg-sea-700 text-white shadow-lg shadow-sea-900/25 transition duration-200 active:scale-95',
        'motion-reduce:transition-opacity',
        'focus-visible:translate-y-0 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-700',
        raised ? 'bottom-[calc(var(--k-safe-area-bottom)+6rem)]' : 'bottom-[calc(var(--k-safe-area-bottom)+1.5rem)]',
        tucked ? 'pointer-events-none translate-y-[calc(100%+2rem)] opacity-0' : '',
      ].join(' ')}
    >
      <HeadsetIcon size={24} />
    </button>
  );
}

/** Scrolls of less than this many pixels (a finger resting, momentum's tail) change nothing. */
const SCROLL_SLACK = 6;

export interface ScrollPosition {
  top: number;
  /** scrollHeight − clientHeight: how far the element can scroll. */
  range: number;
}

/** Whether the button should be away after a scroll from `previous` to `now`. */
export function tuckedAfterScroll(tucked: boolean, previous: number, now: ScrollPosition): boolean {
  if (now.range - now.top <= SCROLL_SLACK) return false; // at the end: clear of the content
  if (now.top > previous + SCROLL_SLACK) return true;
  if (now.top < previous - SCROLL_SLACK) return false;
  return tucked;
}

/**
 * Follows the scrolling of whatever scrolls inside the app (each screen scrolls its own page);
 * `screenKey` changing (a new screen) brings the button back.
 */
export function useTuckedOnScroll(screenKey: string): boolean {
  const [tucked, setTucked] = useState(false);
  useEffect(() => {
    setTucked(false);
    const lastTop = new WeakMap<Element, number>();
    const onScroll = (event: Event) => {
      const element = event.target;
      if (!(element instanceof Element)) return;
      const previous = lastTop.get(element) ?? 0;
      const now = { top: element.scrollTop, range: element.scrollHeight - element.clientHeight };
      lastTop.set(element, now.top);
      setTucked((current) => tuckedAfterScroll(current, previous, now));
    };
    // Scroll events do not bubble; listening while they travel down catches every scroller.
    document.addEventListener('scroll', onScroll, { capture: true, passive: true });
    return () => document.removeEventListener('scroll', onScroll, { capture: true });
  }, [screenKey]);
  return tucked;
}
