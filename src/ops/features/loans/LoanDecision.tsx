/**
 * A finance operator's decisions on a loan (server/modules/loans/decisions.ts): an application
 * approved (a principal loan's collateral locked from the borrower's available balance, then the
 * payout from the platform's loans account) or rejected (nothing posted; a reason or none); a
 * repayment confirmed (principal to the loans account, interest to fees, the collateral released)
 * or refused with a reason (the hold returned). Each is confirmed in a dialog saying so; a refusal
 * of the server (decided meanwhile, the collateral no longer there, the rate moved) is said in it.
 */
import { useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { useDecision } from '../../api/decision';
import { ConfirmDialog, LedgerPreview, type LedgerLine } from '../../ui/Dialog';
import { Button, Card } from '../../ui/kit';
import { ReasonCard } from '../../ui/ReasonDialog';
import { money, nonZero } from '../../ui/format';
import { approveLoan, confirmRepayment, refuseRepayment, rejectLoan, type OpsLoan } from './api';
import { collateralAssetOf, repayFigures } from './figures';

/** A decision's dialog: its title, what the ledger posts (or that nothing is), its notes, the button; the server's refusal in it. */
function Confirm({
  lines,
  nothing,
  notes,
  decision,
  ...dialog
}: {
  title: string;
  lines: LedgerLine[];
  nothing?: string;
  notes: string[];
  confirm: string;
  tone: 'primary' | 'danger';
  /** The decision made: whether it is under way, and its refusal. */
  decision: { isPending: boolean; error: Error | null };
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  return (
    <ConfirmDialog {...dialog} busy={decision.isPending} refusal={decision.error?.message}>
      {lines.length > 0 ? <LedgerPreview caption={t`The ledger will post`} lines={lines} /> : <p className="text-slate-700">{nothing}</p>}
      {notes.map((note) => (
        <p key={note} className="text-slate-700">
          {note}
        </p>
      ))}
    </ConfirmDialog>
  );
}

/** A decision asked for from a card: what it does and its button; then its confirmation, until closed. */
function AskCard({ title, text, action, children }: { title: string; text: string; action: string; children: (close: () => void) => ReactNode }) {
  const [asking, setAsking] = useState(false);
  return (
    <Card title={title}>
      <div className="flex flex-col gap-3">
        <p className="text-sm text-slate-700">{text}</p>
        <Button tone="primary" onClick={() => setAsking(true)}>
          {action}
        </Button>
      </div>
      {asking ? children(() => setAsking(false)) : null}
    </Card>
  );
}

export function ApplicationDecision({ loan }: { loan: OpsLoan }) {
  const { t } = useLingui();
  const approve = useDecision(approveLoan);
  const reject = useDecision(rejectLoan);
  const collateral = nonZero(loan.collateral);
  const crossAsset = collateral && collateralAssetOf(loan) !== loan.asset;
  return (
    <>
      <AskCard
        title={t`Approve`}
        text={
          collateral
            ? t`Locks ${money(loan.collateral, collateralAssetOf(loan))} of the borrower's available balance as collateral, then pays out ${money(loan.amount, loan.asset)}.`
            : t`Pays out ${money(loan.amount, loan.asset)} to the borrower's available balance.`
        }
        action={t`Approve…`}
      >
        {(close) => (
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
            confirm={t`Approve and pay out`}
            tone="primary"
            decision={approve}
            onConfirm={() => approve.mutate({ id: loan.id }, { onSuccess: close })}
            onClose={close}
          />
        )}
      </AskCard>
      <ReasonCard title={t`Reject`} action={t`Reject…`} label={t`Reason the user reads (optional)`} optional>
        {({ reason, close: back, refused }) => (
          <Confirm
            title={t`Reject loan ${loan.loanNo}?`}
            lines={[]}
            nothing={t`Nothing is posted to the ledger: nothing was paid out or locked for it.`}
            notes={[reason ? t`The user reads: “${reason}”` : t`No reason is given: the app says the application was rejected.`]}
            confirm={t`Reject the application`}
            tone="danger"
            decision={reject}
            onConfirm={() => reject.mutate({ id: loan.id, reason: reason || undefined }, { onSuccess: back, onError: refused })}
            onClose={back}
          />
        )}
      </ReasonCard>
    </>
  );
}

export function RepaymentDecision({ loan }: { loan: OpsLoan }) {
  const { t } = useLingui();
  const confirm = useDecision(confirmRepayment);
  const refuse = useDecision(refuseRepayment);
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
      <AskCard
        title={t`Confirm the repayment`}
        text={t`${money(figures.total, loan.asset)} are held for it: principal ${money(figures.principal, loan.asset)} and interest ${money(figures.interest, loan.asset)}.`}
        action={t`Confirm…`}
      >
        {(close) => (
          <Confirm
            title={t`Confirm the repayment of loan ${loan.loanNo}?`}
            lines={confirmLines}
            notes={[
              loan.oldRule
                ? t`A loan of the old rule ends without interest: the held repayment returns in full and the payout goes back from its collateral.`
                : t`The loan ends repaid.`,
            ]}
            confirm={t`Confirm the repayment`}
            tone="primary"
            decision={confirm}
            onConfirm={() => confirm.mutate({ id: loan.id }, { onSuccess: close })}
            onClose={close}
          />
        )}
      </AskCard>
      <ReasonCard title={t`Refuse the repayment`} action={t`Refuse…`}>
        {({ reason, close: back, refused }) => (
          <Confirm
            title={t`Refuse the repayment of loan ${loan.loanNo}?`}
            lines={[{ from: t`${user} · held`, to: t`${user} · available`, amount: money(figures.total, loan.asset) }]}
            notes={[t`The loan stays open and shows “repayment failed”.`, t`The user reads: “${reason}”`]}
            confirm={t`Refuse the repayment`}
            tone="danger"
            decision={refuse}
            onConfirm={() => refuse.mutate({ id: loan.id, reason }, { onSuccess: back, onError: refused })}
            onClose={back}
          />
        )}
      </ReasonCard>
    </>
  );
}
