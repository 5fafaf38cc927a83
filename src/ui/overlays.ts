/**
 * Open sheets, popups and dialogs: while one is open, everything else on the page is `inert` — a
 * screen reader, the keyboard and a tap cannot reach the screen under the backdrop, as with a
 * native modal. Konsta renders a sheet inside its screen (no portal), so the sheet's ancestors
 * stay live and their other children are made inert — except the sheet's own backdrop (a tap
 * there closes it) and the toasts (`data-keep-live`, still announced).
 */
import { useEffect, useRef, type RefObject } from 'react';

/** Makes everything on the page but `modal`, its backdrop and live regions inert; returns the undo. */
export function isolate(modal: Element): () => void {
  const made: Element[] = [];
  const backdrop = modal.previousElementSibling;
  for (let node: Element = modal; node.parentElement && node !== document.body; node = node.parentElement) {
    for (const sibling of node.parentElement.children) {
      if (sibling === node || sibling === backdrop || sibling.hasAttribute('inert') || sibling.hasAttribute('data-keep-live')) continue;
      if (sibling instanceof HTMLScriptElement || sibling instanceof HTMLStyleElement || sibling instanceof HTMLLinkElement) continue;
      sibling.setAttribute('inert', '');
      made.push(sibling);
    }
  }
  return () => {
    for (const element of made) element.removeAttribute('inert');
  };
}

/**
 * Keeps the rest of the page inert while `opened` is true; the overlay's element is the returned ref (given to the Sheet, Popup or Dialog).
 */
export function useOverlay(opened: boolean): RefObject<HTMLDivElement | null> {
  const modal = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!opened) return;
    const undo = modal.current ? isolate(modal.current) : null;
    return () => {
      undo?.();
    };
  }, [opened]);
  return modal;
}
