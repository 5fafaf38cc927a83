/**
 * Paying or returning a waiting withdrawal (finance). Paying needs the payout's transaction
 * reference; returning needs a reason the user reads. Each is confirmed in a dialog that says
 * what the ledger will post (server/modules/withdrawals/decisions.ts), and a refusal (someone
 * else decided first: who and when) is said in the dialog.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { withdrawalApproveSchema } from '../../../domain/ops-wire';
import { useDecision } from '../../api/decision';
import { ConfirmDialog, LedgerPreview } from '../../ui/Dialog';
import { showRefusal, submitOnce, textField, useOpsForm } from '../../ui/form';
import { Button, Card, TextInput } from '../../ui/kit';
import { ReasonCard } from '../../ui/ReasonDialog';
import { money, nonZero } from '../../ui/format';
import { approveWithdrawal, rejectWithdrawal, type OpsWithdrawal } from './api';

export function WithdrawalDecision({ withdrawal }: { withdrawal: OpsWithdrawal }) {
  return (
    <>
      <ApproveForm withdrawal={withdrawal} />
      <RejectForm withdrawal={withdrawal} />
    </>
  );
}

function ApproveForm({ withdrawal }: { withdrawal: OpsWithdrawal }) {
  const { t } = useLingui();
  const [reference, setReference] = useState<string | null>(null);
  const form = useOpsForm(withdrawalApproveSchema, {
    defaultValues: { id: withdrawal.id, txReference: '' } as never,
    input: (values: { txReference?: string }) => ({ id: withdrawal.id, txReference: values.txReference ?? '' }),
  });
  const decision = useDecision(approveWithdrawal);
  const submit = submitOnce(form, (input) => setReference(input.txReference));
  const close = () => setReference(null);
  const fee = nonZero(withdrawal.fee);
  return (
    <Card title={t`Mark as paid`}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <TextInput
          label={t`Payout reference`}
          hint={withdrawal.method === 'bank' ? t`The bank transfer's reference, once it is sent.` : t`The transaction hash on ${withdrawal.network ?? '—'}, once it is sent.`}
          autoComplete="off"
          {...textField(form, 'txReference')}
        />
        <Button type="submit" tone="primary">
          {t`Mark as paid…`}
        </Button>
      </form>
      {reference !== null ? (
        <ConfirmDialog
          title={t`Mark withdrawal ${withdrawal.orderNo} as paid?`}
          confirm={t`Mark as paid`}
          busy={decision.isPending}
          onConfirm={() => decision.mutate({ id: withdrawal.id, txReference: reference }, { onSuccess: close, onError: (error) => showRefusal(form, error, ['txReference']) })}
          refusal={decision.error?.message}
          onClose={close}
        >
          <LedgerPreview
            caption={t`The ledger will post`}
            lines={[
              { from: t`${withdrawal.username} · held`, to: t`Platform · withdrawals`, amount: money(withdrawal.net, withdrawal.asset) },
              ...(fee ? [{ from: t`${withdrawal.username} · held`, to: t`Platform · fees`, amount: money(withdrawal.fee, withdrawal.asset) }] : []),
            ]}
          />
          <p className="text-slate-700">{t`The held ${money(withdrawal.amount, withdrawal.asset)} leave the user's accounts; their available balance does not change.`}</p>
          <p className="text-slate-700">
            {t`Payout reference:`} <span className="font-mono break-all">{reference}</span>
          </p>
        </ConfirmDialog>
      ) : null}
    </Card>
  );
}

function RejectForm({ withdrawal }: { withdrawal: OpsWithdrawal }) {
  const { t } = useLingui();
  const decision = useDecision(rejectWithdrawal);
  return (
    <ReasonCard title={t`Return`} action={t`Return…`}>
      {({ reason, close, refused }) => (
        <ConfirmDialog
          title={t`Return withdrawal ${withdrawal.orderNo}?`}
          confirm={t`Return the withdrawal`}
          tone="danger"
          busy={decision.isPending}
          onConfirm={() => decision.mutate({ id: withdrawal.id, reason }, { onSuccess: close, onError: refused })}
          refusal={decision.error?.message}
          onClose={close}
        >
          <LedgerPreview
            caption={t`The ledger will post`}
            lines={[{ from: t`${withdrawal.username} · held`, to: t`${withdrawal.username} · available`, amount: money(withdrawal.amount, withdrawal.asset) }]}
          />
          <p className="text-slate-700">{t`The whole amount, fee included, is spendable again; nothing is paid out.`}</p>
          <p className="text-slate-700">{t`The user reads: “${reason}”`}</p>
        </ConfirmDialog>
      )}
    </ReasonCard>
  );
}
