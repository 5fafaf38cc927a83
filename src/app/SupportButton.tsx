/**
 * The floating customer-service button, at the end edge (right in English, left in
 * Arabic and Hebrew), above the tab bar where there is one.
 *
 * It steps aside (slides down out of sight) while the user scrolls down a screen, and whenever a
 * form's submit button or a field lies under it — it must never hide the field a person types in
 * or the button that completes what they are doing. It comes back on scrolling up, and at the end
 * of a screen, where the screen's bottom padding keeps it clear of the content.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { HeadsetIcon } from '../ui/icons';

export interface SupportButtonProps {
  /** Sits higher to clear the tab bar. */
  raised: boolean;
  /** Slid out of sight (still reachable by keyboard: focus brings it back). */
  tucked?: boolean;
  /** An invisible box where the button sits when shown, to tell what it would cover. */
  homeRef?: RefObject<HTMLSpanElement | null>;
  onOpen(): void;
}

export function SupportButton({ raised, tucked = false, homeRef, onOpen }: SupportButtonProps) {
  const { t } = useLingui();
  const place = raised ? 'bottom-[calc(var(--k-safe-area-bottom)+6rem)]' : 'bottom-[calc(var(--k-safe-area-bottom)+1.5rem)]';
  return (
    <>
      <span ref={homeRef} aria-hidden="true" className={`pointer-events-none invisible absolute end-4 size-13 ${place}`} />
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
          place,
          tucked ? 'pointer-events-none translate-y-[calc(100%+2rem)] opacity-0' : '',
        ].join(' ')}
      >
        <HeadsetIcon size={24} />
      </button>
    </>
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

/** Whether two boxes overlap by more than a sliver. */
function overlaps(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right - 2 && b.left < a.right - 2 && a.top < b.bottom - 2 && b.top < a.bottom - 2;
}

/** What the button must never cover: what completes a form, and the fields a person types in. */
const KEPT_CLEAR = 'button[type="submit"], input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]), textarea, select';

/** Whether a form's submit button or a field on screen lies under the button's place. */
export function coversFormControl(home: Element | null): boolean {
  if (!home) return false;
  const place = home.getBoundingClientRect();
  if (place.width === 0) return false;
  return Array.from(document.querySelectorAll(KEPT_CLEAR)).some((button) => {
    const box = button.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && overlaps(place, box);
  });
}

/** How long a new screen takes to slide in before what lies under the button is known. */
const SETTLE_MS = 400;

/**
 * Follows the scrolling of whatever scrolls inside the app (each screen scrolls its own page) and
 * what lies under the button; `screenKey` changing (a new screen) starts afresh.
 */
export function useSupportButtonPlacement(screenKey: string): { tucked: boolean; homeRef: RefObject<HTMLSpanElement | null> } {
  const homeRef = useRef<HTMLSpanElement>(null);
  // Scrolled away on which screen: a new screen starts with the button shown.
  const [scrolled, setScrolled] = useState({ screenKey, away: false });
  const scrolledAway = scrolled.screenKey === screenKey && scrolled.away;
  const [covering, setCovering] = useState(false);
  useEffect(() => {
    const check = () => setCovering(coversFormControl(homeRef.current));
    // In a task of its own, once the new screen is painted: reading positions right after the
    // render would force the browser to lay the page out inside it.
    const first = setTimeout(check, 0);
    const settled = setTimeout(check, SETTLE_MS);
    // Scroll events come many times a frame: the positions are read once a frame at most.
    const lastTop = new WeakMap<Element, number>();
    let frame = 0;
    const onScroll = (event: Event) => {
      const element = event.target;
      if (!(element instanceof Element) || frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        const previous = lastTop.get(element) ?? 0;
        const now = { top: element.scrollTop, range: element.scrollHeight - element.clientHeight };
        lastTop.set(element, now.top);
        setScrolled((current) => ({ screenKey, away: tuckedAfterScroll(current.screenKey === screenKey && current.away, previous, now) }));
        check();
      });
    };
    // Scroll events do not bubble; listening while they travel down catches every scroller.
    document.addEventListener('scroll', onScroll, { capture: true, passive: true });
    // A keyboard opening or a field growing moves things too.
    window.addEventListener('resize', check);
    document.addEventListener('focusin', check);
    return () => {
      clearTimeout(first);
      clearTimeout(settled);
      cancelAnimationFrame(frame);
      document.removeEventListener('scroll', onScroll, { capture: true });
      window.removeEventListener('resize', check);
      document.removeEventListener('focusin', check);
    };
  }, [screenKey]);
  return { tucked: scrolledAway || covering, homeRef };
}
