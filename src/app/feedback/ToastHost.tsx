/**
 * Draws the toasts of toastsAtom near the bottom, above the tab bar and under the thumb, newest
 * lowest: at the top they covered what a screen shows first (the name on Me, the e-mail field a
 * code was just sent to). A polite live region, so screen readers announce them without stealing
 * focus.
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
      className="pointer-events-none fixed inset-x-0 bottom-[calc(var(--k-safe-area-bottom)+6rem)] z-[70] flex flex-col items-center gap-2 px-4"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          data-kind={toast.kind}
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
