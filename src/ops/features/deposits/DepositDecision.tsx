/**
 * Approving or rejecting a waiting deposit (finance). The amount starts as the one requested; a
 * different amount needs a reason. Each decision is confirmed in a dialog that shows what the
 * ledger will post — read from the server's own plan for it — and a refusal (someone else decided
 * first: who and when) is said in the dialog.
 */
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { depositApproveSchema } from '../../../domain/operators';
import { useDecision } from '../../api/decision';
import { ConfirmDialog, LedgerPreview } from '../../ui/Dialog';
import { showRefusal, submitOnce, textField, useOpsForm } from '../../ui/form';
import { Button, Card, Loaded, TextArea, TextInput } from '../../ui/kit';
import { ReasonCard } from '../../ui/ReasonDialog';
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
  const approve = () => decision.mutate({ id: deposit.id, amount, reason }, { onSuccess: onClose, onError: onRefused });
  return (
    <ConfirmDialog
      title={t`Approve deposit ${deposit.orderNo}?`}
      confirm={t`Approve and credit`}
      busy={decision.isPending}
      disabled={!preview.data}
      onConfirm={approve}
      refusal={decision.error?.message}
      onClose={onClose}
    >
      <Loaded query={preview} label={t`Reading what the approval posts…`}>
        {(plan) => (
          <>
            <LedgerPreview
              caption={t`The ledger will post`}
              lines={[
                { from: t`Platform · deposits`, to: t`${deposit.username} · available`, amount: money(plan.amount, plan.asset) },
                ...(nonZero(plan.bonus) ? [{ from: t`Platform · VIP gifts`, to: t`${deposit.username} · available`, amount: money(plan.bonus, plan.asset) }] : []),
              ]}
            />
            <p className="text-slate-700">
              {plan.vipLevelAfter !== plan.vipLevelBefore
                ? t`VIP level ${plan.vipLevelBefore} → ${plan.vipLevelAfter} (gift ${plan.giftPercent} %).`
                : t`VIP level stays ${plan.vipLevelBefore} (gift ${plan.giftPercent} %).`}
            </p>
            {reason ? <p className="text-slate-700">{t`The user reads: “${reason}”`}</p> : null}
          </>
        )}
      </Loaded>
    </ConfirmDialog>
  );
}

function RejectForm({ deposit }: { deposit: OpsDeposit }) {
  const { t } = useLingui();
  const decision = useDecision(rejectDeposit);
  return (
    <ReasonCard title={t`Reject`} action={t`Reject…`}>
      {({ reason, close, refused }) => (
        <ConfirmDialog
          title={t`Reject deposit ${deposit.orderNo}?`}
          confirm={t`Reject the deposit`}
          tone="danger"
          busy={decision.isPending}
          onConfirm={() => decision.mutate({ id: deposit.id, reason }, { onSuccess: close, onError: refused })}
          refusal={decision.error?.message}
          onClose={close}
        >
          <p className="text-slate-700">{t`Nothing is posted to the ledger: no money arrived for it.`}</p>
          <p className="text-slate-700">{t`The user reads: “${reason}”`}</p>
        </ConfirmDialog>
      )}
    </ReasonCard>
  );
}
