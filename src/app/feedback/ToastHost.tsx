/**
 * Draws the toasts of toastsAtom at the top of the screen, just under the navbar (below the
 * phone's status bar: the safe area), newest lowest. At the bottom they sat on the form's own
 * button ("Create account", "I agree", a sheet's "Confirm"), which is where the thumb and the
 * eye are when a form is sent; a screen's actions are at its end, its top is its title. What a
 * toast confirms about a field is said under the field instead (the code sent, the address
 * copied), so few remain. A polite live region, so screen readers announce them without
 * stealing focus.
 */
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { CheckIcon, InfoIcon } from '../../ui/icons';
import { dismissToast, toastsAtom, type ToastKind } from '../../ui/feedback/toast';

const STYLE: Record<ToastKind, string> = {
  success: 'bg-emerald-700 text-white',
  error: 'bg-rose-700 text-white',
  warning: 'bg-amber-500 text-amber-950',
  info: 'bg-sea-800 text-white',
  message: 'bg-ink/90 text-white',
};

const ICON: Partial<Record<ToastKind, ReactNode>> = {
  success: <CheckIcon size={18} />,
  error: <InfoIcon size={18} />,
  warning: <InfoIcon size={18} />,
  info: <InfoIcon size={18} />,
};

export function ToastHost() {
  const toasts = useAtomValue(toastsAtom);
  return (
    <div
      data-keep-live
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-[calc(var(--k-safe-area-top)+4.5rem)] z-[70] flex flex-col items-center gap-2 px-4"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          data-kind={toast.kind}
          data-toast
          onClick={() => dismissToast(toast.id)}
          className={`toast-in pointer-events-auto flex max-w-sm items-start gap-2 rounded-2xl px-4 py-3 text-sm leading-snug shadow-lg ${STYLE[toast.kind]}`}
        >
          {ICON[toast.kind] ? <span className="mt-px shrink-0">{ICON[toast.kind]}</span> : null}
          <span>{toast.text}</span>
        </div>
      ))}
    </div>
  );
}
