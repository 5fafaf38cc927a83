/**
 * A finance operator's decisions on a loan (server/modules/loans/decisions.ts): an application
 * approved (a principal loan's collateral locked from the borrower's available balance, then the
 * payout from the platform's loans account) or rejected (nothing posted; a reason or none); a
 * repayment confirmed (principal to the loans account, interest to fees, the collateral released)
 * or refused with a reason (the hold returned). Each is confirmed in a dialog saying so; a refusal
 * of the server (decided meanwhile, the collateral no longer there, the rate moved) is said in it.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { loanDecisionSchema } from '../../../domain/loan';
import { rejectSchema } from '../../../domain/operators';
import { useDecision } from '../../api/decision';
import { Dialog, LedgerPreview, type LedgerLine } from '../../ui/Dialog';
import { showRefusal, submitOnce, textField, useOpsForm } from '../../ui/form';
import { Button, Card, Notice, TextArea } from '../../ui/kit';
import { money, nonZero } from '../../ui/format';
import { approveLoan, confirmRepayment, refuseRepayment, rejectLoan, type OpsLoan } from './api';
import { collateralAssetOf, repayFigures } from './figures';

/** A decision's dialog: its title, what the ledger posts (or that nothing is), the button; the server's refusal in it. */
function Confirm({
  title,
  lines,
  nothing,
  notes,
  action,
  tone,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  title: string;
  lines: LedgerLine[];
  nothing?: string;
  notes: string[];
  action: string;
  tone: 'primary' | 'danger';
  busy: boolean;
  error: Error | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button onClick={onClose}>{t`Cancel`}</Button>
          <Button tone={tone} busy={busy} onClick={onConfirm}>
            {action}
          </Button>
        </>
      }
    >
      {lines.length > 0 ? <LedgerPreview caption={t`The ledger will post`} lines={lines} /> : <p className="text-slate-700">{nothing}</p>}
      {notes.map((note) => (
        <p key={note} className="text-slate-700">
          {note}
        </p>
      ))}
      {error ? <Notice>{error.message}</Notice> : null}
    </Dialog>
  );
}

export function ApplicationDecision({ loan }: { loan: OpsLoan }) {
  const { t } = useLingui();
  const [asking, setAsking] = useState<'approve' | { reason: string } | null>(null);
  const approve = useDecision(approveLoan);
  const reject = useDecision(rejectLoan);
  const form = useOpsForm(loanDecisionSchema, { defaultValues: { id: loan.id, reason: '' } as never, input: (values: { reason?: string }) => ({ id: loan.id, reason: values.reason?.trim() || undefined }) });
  const submit = submitOnce(form, (input) => setAsking({ reason: input.reason ?? '' }));
  const close = () => setAsking(null);
  const collateral = nonZero(loan.collateral);
  const crossAsset = collateral && collateralAssetOf(loan) !== loan.asset;
  return (
    <>
      <Card title={t`Approve`}>
        <div className="flex flex-col gap-3">
          <p className="text-sm text-slate-700">
            {collateral
              ? t`Locks ${money(loan.collateral, collateralAssetOf(loan))} of the borrower's available balance as collateral, then pays out ${money(loan.amount, loan.asset)}.`
              : t`Pays out ${money(loan.amount, loan.asset)} to the borrower's available balance.`}
          </p>
          <Button tone="primary" onClick={() => setAsking('approve')}>
            {t`Approve…`}
          </Button>
        </div>
      </Card>
      <Card title={t`Reject`}>
        <form onSubmit={submit} noValidate className="flex flex-col gap-3">
          <TextArea label={t`Reason the user reads (optional)`} {...textField(form, 'reason')} />
          <Button type="submit" tone="danger">
            {t`Reject…`}
          </Button>
        </form>
      </Card>
      {asking === 'approve' ? (
        <Confirm
          title={t`Approve loan ${loan.loanNo}?`}
          lines={[
            ...(collateral ? [{ from: t`${loan.username} · available`, to: t`${loan.username} · collateral`, amount: money(loan.collateral, collateralAssetOf(loan)) }] : []),
            { from: t`Platform · loans`, to: t`${loan.username} · available`, amount: money(loan.amount, loan.asset) },
          ]}
          notes={[
            ...(collateral ? [t`If the borrower's available balance no longer holds the collateral, the approval is refused and nothing moves.`] : []),
            ...(crossAsset ? [t`The collateral is in another asset: past 80 % LTV at today's reference rate the approval is refused.`] : []),
            t`Due ${loan.days} days after the approval, with ${money(loan.interest, loan.asset)} interest.`,
          ]}
          action={t`Approve and pay out`}
          tone="primary"
          busy={approve.isPending}
          error={approve.error}
          onConfirm={() => approve.mutate({ id: loan.id }, { onSuccess: close })}
          onClose={close}
        />
      ) : asking ? (
        <Confirm
          title={t`Reject loan ${loan.loanNo}?`}
          lines={[]}
          nothing={t`Nothing is posted to the ledger: nothing was paid out or locked for it.`}
          notes={[asking.reason ? t`The user reads: “${asking.reason}”` : t`No reason is given: the app says the application was rejected.`]}
          action={t`Reject the application`}
          tone="danger"
          busy={reject.isPending}
          error={reject.error}
          onConfirm={() => reject.mutate({ id: loan.id, reason: asking.reason || undefined }, { onSuccess: close, onError: (error) => showRefusal(form, error, ['reason']) })}
          onClose={close}
        />
      ) : null}
    </>
  );
}

export function RepaymentDecision({ loan }: { loan: OpsLoan }) {
  const { t } = useLingui();
  const [asking, setAsking] = useState<'confirm' | { reason: string } | null>(null);
  const confirm = useDecision(confirmRepayment);
  const refuse = useDecision(refuseRepayment);
  const form = useOpsForm(rejectSchema, { defaultValues: { id: loan.id, reason: '' } as never, input: (values: { reason?: string }) => ({ id: loan.id, reason: values.reason ?? '' }) });
  const submit = submitOnce(form, (input) => setAsking({ reason: input.reason }));
  const close = () => setAsking(null);
  const figures = repayFigures(loan);
  const collateral = nonZero(loan.collateral);
  const user = loan.username;
  const confirmLines: LedgerLine[] = loan.oldRule
    ? [
        { from: t`${user} · held`, to: t`${user} · available`, amount: money(figures.total, loan.asset) },
        { from: t`${user} · collateral`, to: t`Platform · loans`, amount: money(loan.collateral, collateralAssetOf(loan)) },
      ]
    : [
        { from: t`${user} · held`, to: t`Platform · loans`, amount: money(figures.principal, loan.asset) },
        ...(nonZero(figures.interest) ? [{ from: t`${user} · held`, to: t`Platform · fees`, amount: money(figures.interest, loan.asset) }] : []),
        ...(collateral ? [{ from: t`${user} · collateral`, to: t`${user} · available`, amount: money(loan.collateral, collateralAssetOf(loan)) }] : []),
      ];
  return (
    <>
      <Card title={t`Confirm the repayment`}>
        <div className="flex flex-col gap-3">
          <p className="text-sm text-slate-700">{t`${money(figures.total, loan.asset)} are held for it: principal ${money(figures.principal, loan.asset)} and interest ${money(figures.interest, loan.asset)}.`}</p>
          <Button tone="primary" onClick={() => setAsking('confirm')}>
            {t`Confirm…`}
          </Button>
        </div>
      </Card>
      <Card title={t`Refuse the repayment`}>
        <form onSubmit={submit} noValidate className="flex flex-col gap-3">
          <TextArea label={t`Reason the user reads`} {...textField(form, 'reason')} />
          <Button type="submit" tone="danger">
            {t`Refuse…`}
          </Button>
        </form>
      </Card>
      {asking === 'confirm' ? (
        <Confirm
          title={t`Confirm the repayment of loan ${loan.loanNo}?`}
          lines={confirmLines}
          notes={[
            loan.oldRule
              ? t`A loan of the old rule ends without interest: the held repayment returns in full and the payout goes back from its collateral.`
              : t`The loan ends repaid.`,
          ]}
          action={t`Confirm the repayment`}
          tone="primary"
          busy={confirm.isPending}
          error={confirm.error}
          onConfirm={() => confirm.mutate({ id: loan.id }, { onSuccess: close })}
          onClose={close}
        />
      ) : asking ? (
        <Confirm
          title={t`Refuse the repayment of loan ${loan.loanNo}?`}
          lines={[{ from: t`${user} · held`, to: t`${user} · available`, amount: money(figures.total, loan.asset) }]}
          notes={[t`The loan stays open and shows “repayment failed”.`, t`The user reads: “${asking.reason}”`]}
          action={t`Refuse the repayment`}
          tone="danger"
          busy={refuse.isPending}
          error={refuse.error}
          onConfirm={() => refuse.mutate({ id: loan.id, reason: asking.reason }, { onSuccess: close, onError: (error) => showRefusal(form, error, ['reason']) })}
          onClose={close}
        />
      ) : null}
    </>
  );
}
