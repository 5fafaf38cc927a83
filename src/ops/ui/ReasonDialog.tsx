/**
 * A decision that needs only a reason (end a user's sessions, lift a lockout, refuse a proposed
 * correction): a dialog saying what it does — and what the ledger posts, or that nothing is — with
 * the reason's field, the button that makes it, and the server's refusal when it comes.
 */
import { useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import { z } from 'zod';
import { reasonSchema } from '../../domain/operators';
import { Dialog } from './Dialog';
import { showRefusal, submitOnce, textField, useOpsForm } from './form';
import { Button, Notice, TextArea } from './kit';

const reasonOnly = z.strictObject({ reason: reasonSchema });

export function ReasonDialog({
  title,
  children,
  confirm,
  tone = 'primary',
  reasonLabel,
  busy,
  onConfirm,
  onClose,
}: {
  title: ReactNode;
  children: ReactNode;
  confirm: ReactNode;
  tone?: 'primary' | 'danger';
  reasonLabel?: string;
  busy: boolean;
  /** Makes the decision; a refusal it throws is shown in the dialog. */
  onConfirm: (reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const formId = useId();
  const form = useOpsForm(reasonOnly, { defaultValues: { reason: '' } });
  const submit = submitOnce(form, async ({ reason }) => {
    try {
      await onConfirm(reason);
      onClose();
    } catch (error) {
      showRefusal(form, error, ['reason']);
    }
  });
  const refusal = form.formState.errors.root?.message;
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button onClick={onClose}>{t`Cancel`}</Button>
          <Button type="submit" form={formId} tone={tone} busy={busy || form.formState.isSubmitting}>
            {confirm}
          </Button>
        </>
      }
    >
      {children}
      <form id={formId} onSubmit={submit} noValidate>
        <TextArea label={reasonLabel ?? t`Reason (kept in the audit log)`} {...textField(form, 'reason')} />
      </form>
      {refusal ? <Notice>{refusal}</Notice> : null}
    </Dialog>
  );
}
