/**
 * Draws the first dialog of confirmQueueAtom with Konsta's Dialog: title (default "Tip"),
 * content, cancel and confirm; a tap on the overlay cancels; the confirm button waits while
 * the dialog's work runs.
 */
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { Dialog, DialogButton, Preloader } from 'konsta/react';
import { useState } from 'react';
import { acceptConfirm, cancelConfirm, confirmQueueAtom } from './confirm';

export function ConfirmHost() {
  const { t } = useLingui();
  const queue = useAtomValue(confirmQueueAtom);
  const dialog = queue[0];
  // Konsta's Dialog merges its classes with tailwind-merge, whose first call builds its whole
  // class table (tens of milliseconds on a phone, in one task): it is mounted with the first
  // confirmation, not with the first screen, and then stays for its closing transitions.
  const [used, setUsed] = useState(false);
  if (dialog && !used) setUsed(true);
  return (
    <>
      {/* Our own overlay rather than Konsta's, so "a tap outside cancels" has one clear owner. */}
      <div
        data-confirm-overlay
        aria-hidden="true"
        onClick={() => dialog && cancelConfirm(dialog)}
        className={`fixed inset-0 z-40 bg-black/50 transition-opacity duration-300 ${dialog ? 'opacity-100' : 'pointer-events-none invisible opacity-0'}`}
      />
      {used || dialog ? (
        <Dialog
          opened={Boolean(dialog)}
          backdrop={false}
          title={dialog ? (dialog.title ?? t`Tip`) : null}
          content={dialog?.content}
          role="alertdialog"
          aria-modal="true"
          buttons={
            dialog ? (
              <>
                <DialogButton onClick={() => cancelConfirm(dialog)} disabled={dialog.waiting}>
                  {dialog.cancelText ?? t`Cancel`}
                </DialogButton>
                <DialogButton strong onClick={() => void acceptConfirm(dialog)} disabled={dialog.waiting} aria-busy={dialog.waiting}>
                  {dialog.waiting ? (
                    <span className="inline-flex items-center gap-2">
                      <Preloader className="size-4" />
                      {t`Please wait`}
                    </span>
                  ) : (
                    (dialog.confirmText ?? t`Confirm`)
                  )}
                </DialogButton>
              </>
            ) : null
          }
        />
      ) : null}
    </>
  );
}
