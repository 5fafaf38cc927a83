/**
 * Approving or rejecting a waiting deposit (finance). The amount starts as the one requested; a
 * different amount needs a reason. Each decision is confirmed in a dialog that shows what the
 * ledger will post — read from the server's own plan for it — and a refusal (someone else decided
 * first: who and when) is said in the dialog.
 */
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { depositApproveSchema, rejectSchema } from '../../../domain/operators';
import { useDecision } from '../../api/decision';
import { Dialog, LedgerPreview } from '../../ui/Dialog';
import { showRefusal, submitOnce, textField, useOpsForm } from '../../ui/form';
import { Button, Card, Notice, Spinner, TextArea, TextInput } from '../../ui/kit';
import { money, nonZero } from '../../ui/format';
import { approveDeposit, previewQuery, rejectDeposit, type OpsDeposit } from './api';

export function DepositDecision({ deposit }: { deposit: OpsDeposit }) {
  return (
    <>
      <ApproveForm deposit={deposit} />
      <RejectForm deposit={deposit} />
    </>
  );
}

function ApproveForm({ deposit }: { deposit: OpsDeposit }) {
  const { t } = useLingui();
  const [asking, setAsking] = useState<{ amount?: string; reason?: string } | null>(null);
  const form = useOpsForm(depositApproveSchema, {
    defaultValues: { id: deposit.id, amount: deposit.amount, reason: '' } as never,
    input: (values: { id: number; amount?: string; reason?: string }) => ({
      id: deposit.id,
      amount: values.amount?.trim() || undefined,
      reason: values.reason?.trim() || undefined,
    }),
    check: (values, errors) =>
      values.amount?.trim() && values.amount.trim() !== deposit.amount && !values.reason?.trim() && !errors.reason
        ? { ...errors, reason: t`A different amount needs its reason, which the user reads.` }
        : errors,
  });
  const submit = submitOnce(form, (input) => setAsking({ amount: input.amount, reason: input.reason }));
  return (
    <Card title={t`Approve`}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <TextInput label={t`Amount to credit (${deposit.asset})`} inputMode="decimal" {...textField(form, 'amount')} hint={t`Requested: ${money(deposit.amount, deposit.asset)}`} />
        <TextArea label={t`Reason (needed when the amount differs)`} {...textField(form, 'reason')} />
        <Button type="submit" tone="primary">
          {t`Approve…`}
        </Button>
      </form>
      {asking ? <ConfirmApproval deposit={deposit} amount={asking.amount} reason={asking.reason} onClose={() => setAsking(null)} onRefused={(error) => showRefusal(form, error, ['amount', 'reason'])} /> : null}
    </Card>
  );
}

function ConfirmApproval({
  deposit,
  amount,
  reason,
  onClose,
  onRefused,
}: {
  deposit: OpsDeposit;
  amount?: string;
  reason?: string;
  onClose: () => void;
  onRefused: (error: unknown) => void;
}) {
  const { t } = useLingui();
  const preview = useQuery(previewQuery(deposit.id, amount));
  const decision = useDecision(approveDeposit);
  const approve = () =>
    decision.mutate({ id: deposit.id, amount, reason }, {
      onSuccess: onClose,
      onError: (error) => {
        onRefused(error);
      },
    });
  const plan = preview.data;
  return (
    <Dialog
      open
      onClose={onClose}
      title={t`Approve deposit ${deposit.orderNo}?`}
      footer={
        <>
          <Button onClick={onClose}>{t`Cancel`}</Button>
          <Button tone="primary" busy={decision.isPending} disabled={!plan} onClick={approve}>
            {t`Approve and credit`}
          </Button>
        </>
      }
    >
      {preview.isPending ? (
        <Spinner label={t`Reading what the approval posts…`} />
      ) : preview.isError ? (
        <Notice>{preview.error.message}</Notice>
      ) : (
        <>
          <LedgerPreview
            caption={t`The ledger will post`}
            lines={[
              { from: t`Platform · deposits`, to: t`${deposit.username} · available`, amount: money(preview.data.amount, preview.data.asset) },
              ...(nonZero(preview.data.bonus)
                ? [{ from: t`Platform · VIP gifts`, to: t`${deposit.username} · available`, amount: money(preview.data.bonus, preview.data.asset) }]
                : []),
            ]}
          />
          <p className="text-slate-700">
            {preview.data.vipLevelAfter !== preview.data.vipLevelBefore
              ? t`VIP level ${preview.data.vipLevelBefore} → ${preview.data.vipLevelAfter} (gift ${preview.data.giftPercent} %).`
              : t`VIP level stays ${preview.data.vipLevelBefore} (gift ${preview.data.giftPercent} %).`}
          </p>
          {reason ? <p className="text-slate-700">{t`The user reads: “${reason}”`}</p> : null}
        </>
      )}
      {decision.isError ? <Notice>{decision.error.message}</Notice> : null}
    </Dialog>
  );
}

function RejectForm({ deposit }: { deposit: OpsDeposit }) {
  const { t } = useLingui();
  const [reason, setReason] = useState<string | null>(null);
  const form = useOpsForm(rejectSchema, { defaultValues: { id: deposit.id, reason: '' } as never, input: (values: { reason?: string }) => ({ id: deposit.id, reason: values.reason ?? '' }) });
  const decision = useDecision(rejectDeposit);
  const submit = submitOnce(form, (input) => setReason(input.reason));
  const close = () => setReason(null);
  return (
    <Card title={t`Reject`}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <TextArea label={t`Reason the user reads`} {...textField(form, 'reason')} />
        <Button type="submit" tone="danger">
          {t`Reject…`}
        </Button>
      </form>
      <Dialog
        open={reason !== null}
        onClose={close}
        title={t`Reject deposit ${deposit.orderNo}?`}
        footer={
          <>
            <Button onClick={close}>{t`Cancel`}</Button>
            <Button
              tone="danger"
              busy={decision.isPending}
              onClick={() =>
                decision.mutate({ id: deposit.id, reason: reason ?? '' }, { onSuccess: close, onError: (error) => showRefusal(form, error, ['reason']) })
              }
            >
              {t`Reject the deposit`}
            </Button>
          </>
        }
      >
        <p className="text-slate-700">{t`Nothing is posted to the ledger: no money arrived for it.`}</p>
        <p className="text-slate-700">{t`The user reads: “${reason ?? ''}”`}</p>
        {decision.isError ? <Notice>{decision.error.message}</Notice> : null}
      </Dialog>
    </Card>
  );
}
