/**
 * Decisions made with a reason. `ReasonDialog`: one that needs only a reason (end a user's
 * sessions, lift a lockout, refuse a proposed correction, disable an operator): a dialog saying
 * what it does — and what the ledger posts, or that nothing is — with the reason's field, the
 * button that makes it, and the server's refusal when it comes. `ReasonCard`: a decision beside a
 * record whose reason the user reads (reject a deposit, return a withdrawal, refuse a repayment):
 * the reason written in a card first, then its confirmation.
 */
import { useLingui } from '@lingui/react/macro';
import { useId, useState, type ReactNode } from 'react';
import { z } from 'zod';
import { reasonSchema } from '../../domain/operators';
import { ConfirmDialog } from './Dialog';
import { showRefusal, submitOnce, submitTo, textField, useOpsForm } from './form';
import { Button, Card, TextArea } from './kit';

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
  /** The decision is under way (while `onConfirm` runs it is already). */
  busy?: boolean;
  /** Makes the decision; a refusal it throws is shown in the dialog. */
  onConfirm: (reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const formId = useId();
  const form = useOpsForm(reasonOnly, { defaultValues: { reason: '' } });
  const submit = submitTo(form, ({ reason }) => onConfirm(reason), ['reason'], onClose);
  return (
    <ConfirmDialog
      title={title}
      confirm={confirm}
      tone={tone}
      busy={busy === true || form.formState.isSubmitting}
      form={formId}
      refusal={form.formState.errors.root?.message}
      onClose={onClose}
    >
      {children}
      <form id={formId} onSubmit={submit} noValidate>
        <TextArea label={reasonLabel ?? t`Reason (kept in the audit log)`} {...textField(form, 'reason')} />
      </form>
    </ConfirmDialog>
  );
}

const reasonMaybe = z.strictObject({ reason: reasonSchema.optional() });

/** What a `ReasonCard` hands its confirmation: the reason given, closing it, and a refusal to show under the reason. */
interface Reasoned {
  reason: string;
  close: () => void;
  refused: (error: unknown) => void;
}

export function ReasonCard({
  title,
  action,
  label,
  optional = false,
  children,
}: {
  title: ReactNode;
  action: ReactNode;
  /** The reason's label; by default the reason the user reads. */
  label?: string;
  /** Whether the decision may go without a reason (an empty field is none). */
  optional?: boolean;
  /** The confirmation, drawn once the reason is written and checked. */
  children: (reasoned: Reasoned) => ReactNode;
}) {
  const { t } = useLingui();
  const [reason, setReason] = useState<string | null>(null);
  const form = useOpsForm<typeof reasonMaybe, { reason: string }>(reasonMaybe, {
    defaultValues: { reason: '' },
    input: (values) => ({ reason: optional && !values.reason.trim() ? undefined : values.reason }),
  });
  const submit = submitOnce(form, (input) => setReason(input.reason ?? ''));
  return (
    <Card title={title}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <TextArea label={label ?? t`Reason the user reads`} {...textField(form, 'reason')} />
        <Button type="submit" tone="danger">
          {action}
        </Button>
      </form>
      {reason !== null
        ? children({ reason, close: () => setReason(null), refused: (error) => showRefusal(form, error, ['reason']) })
        : null}
    </Card>
  );
}
