/**
 * A small form in a dialog (a nickname, a passkey's name): the title, the fields, Cancel and the
 * confirming button, which reads `busyText` while the form is sent. Neither button, nor a tap on
 * the backdrop, does anything while it is; the rest of the page is inert while it is open.
 */
import { useLingui } from '@lingui/react/macro';
import { Dialog, DialogButton } from 'konsta/react';
import type { BaseSyntheticEvent, ReactNode } from 'react';
import { useOverlay } from '../overlays';
import { TITLE } from '../title';

export interface FormDialogProps {
  opened: boolean;
  title: string;
  busy: boolean;
  confirmText: string;
  busyText: string;
  /** The form's submit: pressing Enter in a field and the confirming button send it. */
  onSubmit(event?: BaseSyntheticEvent): void;
  onCancel(): void;
  children: ReactNode;
}

export function FormDialog({ opened, title, busy, confirmText, busyText, onSubmit, onCancel, children }: FormDialogProps) {
  const modal = useOverlay(opened);
  const { t } = useLingui();
  return (
    <Dialog
      ref={modal}
      opened={opened}
      role="dialog"
      aria-modal={opened || undefined}
      aria-label={title}
      onBackdropClick={() => !busy && onCancel()}
      title={<span className={TITLE}>{title}</span>}
      content={
        <form className="pt-2 text-start" onSubmit={onSubmit}>
          {children}
        </form>
      }
      buttons={
        <>
          <DialogButton onClick={onCancel} disabled={busy}>
            {t`Cancel`}
          </DialogButton>
          <DialogButton strong onClick={() => onSubmit()} disabled={busy}>
            {busy ? busyText : confirmText}
          </DialogButton>
        </>
      }
    />
  );
}
