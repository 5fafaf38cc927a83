/**
 * The app's one segmented control: a row of options of which one is chosen — the options of a
 * form (role radio: a network, a currency, a loan's period) or the tabs of a list (role tab:
 * Phone or E-mail, an order's status). A pale track holding the options; the chosen one filled
 * with the brand's deep teal, as the primary button is (ui/Button.tsx). The options share the
 * row equally, each at least 44 px high, and each is shown whole.
 *
 * A row wider than the screen (a list's statuses in German or Arabic) scrolls sideways rather
 * than wrapping: the control sits sticky over its list and holds up to eight statuses, which
 * wrapped would take three or four lines of a phone's screen above every list, and a segmented
 * row keeps one height in every language. So that nothing is cut without a hint, the options
 * fade out at each edge beyond which more of them lie (the track itself stays whole), and the
 * chosen one is scrolled into view, clear of the fade, when the control appears and whenever the
 * choice changes (a status opened by a link, a tap on a half-shown option). Both work in either
 * direction: the side is read from the layout, not assumed to be the right.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';

export interface Choice<T extends string> {
  value: T;
  label: ReactNode;
}

export interface ChoicesProps<T extends string> {
  /** radio: one value of a form; tab: which list is shown. */
  kind?: 'radio' | 'tab';
  /** The group's accessible name, when no visible label names it (`labelledBy`). */
  label?: string;
  /** The id of the visible label that names the group. */
  labelledBy?: string;
  options: ReadonlyArray<Choice<T>>;
  value: T;
  onChange(value: T): void;
  /** Classes of the box around the track (its place on the screen). */
  className?: string;
}

/** The width of the fade at an edge with more options beyond it, in px. */
const FADE_PX = 28;

/** Which physical edges of a scrolling row have more of it beyond them. */
export interface HiddenEdges {
  left: boolean;
  right: boolean;
}

/**
 * The edges of `row` beyond which some of it is scrolled out of sight. Right to left, scrollLeft
 * runs from 0 (the start, at the right) down to −(scrollWidth − clientWidth).
 */
export function hiddenEdges(row: Pick<HTMLElement, 'scrollLeft' | 'scrollWidth' | 'clientWidth'>, rtl: boolean): HiddenEdges {
  const hidden = row.scrollWidth - row.clientWidth;
  if (hidden <= 1) return { left: false, right: false };
  const fromStart = Math.abs(row.scrollLeft);
  const start = fromStart > 1;
  const end = fromStart < hidden - 1;
  return rtl ? { left: end, right: start } : { left: start, right: end };
}

/** The mask that fades the options out at the hidden edges; none when the row fits. */
function fadeMask({ left, right }: HiddenEdges): CSSProperties {
  if (!left && !right) return {};
  const mask = `linear-gradient(to right, transparent 0, #000 ${left ? FADE_PX : 0}px, #000 calc(100% - ${right ? FADE_PX : 0}px), transparent 100%)`;
  return { maskImage: mask, WebkitMaskImage: mask };
}

/** How far to scroll `row` so that `option` is in view, clear of the fades (0 when it already is). */
export function scrollToShow(row: Pick<DOMRect, 'left' | 'right'>, option: Pick<DOMRect, 'left' | 'right'>): number {
  if (row.right - row.left <= 2 * FADE_PX) return 0;
  if (option.left < row.left + FADE_PX) return option.left - row.left - FADE_PX;
  if (option.right > row.right - FADE_PX) return option.right - row.right + FADE_PX;
  return 0;
}

export function Choices<T extends string>({ kind = 'radio', label, labelledBy, options, value, onChange, className = '' }: ChoicesProps<T>) {
  const row = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState<HiddenEdges>({ left: false, right: false });

  const measure = useCallback(() => {
    const element = row.current;
    if (!element) return;
    const next = hiddenEdges(element, getComputedStyle(element).direction === 'rtl');
    setEdges((now) => (now.left === next.left && now.right === next.right ? now : next));
  }, []);

  // The chosen option in view: on the first paint (no animation) and after each change of choice.
  const shown = useRef(false);
  useLayoutEffect(() => {
    const element = row.current;
    const chosen = element?.querySelector<HTMLElement>('[data-chosen]');
    if (!element || !chosen) return;
    const by = scrollToShow(element.getBoundingClientRect(), chosen.getBoundingClientRect());
    if (by !== 0) element.scrollBy({ left: by, behavior: shown.current ? 'smooth' : 'instant' });
    shown.current = true;
    measure();
  }, [value, measure]);

  // The fades follow the scroll, the row's width (a turned phone) and its options' (another language).
  const values = options.map((option) => option.value).join('\n');
  useEffect(() => {
    const element = row.current;
    if (!element) return;
    measure();
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    for (const observed of [element, ...element.children]) resized?.observe(observed);
    element.addEventListener('scroll', measure, { passive: true });
    return () => {
      resized?.disconnect();
      element.removeEventListener('scroll', measure);
    };
  }, [measure, values]);

  return (
    <div className={className}>
      <div className="rounded-full bg-line p-1">
        <div
          ref={row}
          role={kind === 'radio' ? 'radiogroup' : 'tablist'}
          aria-label={labelledBy ? undefined : label}
          aria-labelledby={labelledBy}
          className="flex gap-1 overflow-x-auto [scrollbar-width:none]"
          style={fadeMask(edges)}
          data-fade={edges.left || edges.right ? [edges.left ? 'left' : '', edges.right ? 'right' : ''].join(' ').trim() : undefined}
        >
          {options.map((option) => {
            const chosen = option.value === value;
            return (
              <button
                key={option.value}
                type="button"
                role={kind}
                {...(kind === 'radio' ? { 'aria-checked': chosen } : { 'aria-selected': chosen })}
                data-chosen={chosen ? '' : undefined}
                onClick={() => onChange(option.value)}
                className={`min-h-11 flex-1 shrink-0 rounded-full px-4 text-sm font-semibold whitespace-nowrap transition-colors ${chosen ? 'bg-sea-700 text-white' : 'text-ink active:bg-black/5'}`}
              >
                {option.label}
              </button>
            );
          })}
        </div>
      </div>
    </div>
  );
}
