/**
 * The confirm dialog itself, with Konsta's Dialog: title (default "Please confirm"), content, cancel and
 * confirm; the confirm button waits while the dialog's work runs. Loaded with the first
 * confirmation (ConfirmHost.tsx), not with the first screen.
 */
import { useLingui } from '@lingui/react/macro';
import { Dialog, DialogButton } from 'konsta/react';
import { useOverlay } from '../../ui/overlays';
import { Spinner } from '../../ui/Spinner';
import { acceptConfirm, cancelConfirm, type OpenConfirm } from '../../ui/feedback/confirm';
import { TITLE } from '../../ui/title';

export default function ConfirmDialog({ dialog }: { dialog: OpenConfirm | undefined }) {
  const { t } = useLingui();
  const modal = useOverlay(Boolean(dialog));
  return (
    <Dialog
      ref={modal}
      opened={Boolean(dialog)}
      backdrop={false}
      // In the weight and size of the app's other titles.
      title={dialog ? <span className={TITLE}>{dialog.title ?? t`Please confirm`}</span> : null}
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
                  <Spinner size="size-4" />
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
  );
}
