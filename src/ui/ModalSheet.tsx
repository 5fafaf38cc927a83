/**
 * A sheet from the bottom of the screen that asks for something before going on (the payment
 * password, a password change, a code): the rest of the page inert while it is open, its title
 * with Cancel beside it. A tap on the backdrop or Cancel closes it, except while `busy` (a request
 * under way, whose answer the sheet still has to show).
 */
import { useLingui } from '@lingui/react/macro';
import { Sheet } from 'konsta/react';
import type { ReactNode } from 'react';
import { useOverlay } from './overlays';

export interface ModalSheetProps {
  opened: boolean;
  title: string;
  busy: boolean;
  onClose(): void;
  children: ReactNode;
}

export function ModalSheet({ opened, title, busy, onClose, children }: ModalSheetProps) {
  const { t } = useLingui();
  const modal = useOverlay(opened);
  return (
    <Sheet
      ref={modal}
      opened={opened}
      role="dialog"
      aria-modal={opened || undefined}
      inert={!opened || undefined}
      onBackdropClick={() => !busy && onClose()}
      className="pb-safe w-full"
      aria-label={title}
    >
      <div className="mx-auto max-w-md px-5 pt-5 pb-8">
        <div className="mb-4 flex items-center justify-between gap-3">
          <h2 className="text-lg font-semibold text-ink">{title}</h2>
          <button type="button" onClick={onClose} disabled={busy} className="-my-2 -me-3 min-h-11 shrink-0 rounded-full px-3 text-sm font-medium text-sea-700">
            {t`Cancel`}
          </button>
        </div>
        {children}
      </div>
    </Sheet>
  );
}
