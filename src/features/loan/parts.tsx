/**
 * What the loan screens share: the status words and badge, the type's name, a loan's card, and
 * the text shown when an application was rejected without a reason.
 */
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { IdType, Loan, LoanStatus, LoanType } from '../../domain/loan';
import { Amount } from '../../ui/Amount';
import { Fact, StatusBadge, useFormatTime, type StatusTone } from '../shared/records';
import { useCounts } from '../../ui/counts';

const TONE: Record<LoanStatus, StatusTone> = { pending: 'processing', approved: 'processing', repaying: 'processing', repaid: 'done', rejected: 'refused', failed: 'refused' };

export function useLoanWords() {
  const { t } = useLingui();
  const status: Record<LoanStatus, string> = {
    pending: t`Pending review`,
    approved: t`Pending repayment`,
    repaying: t`Repaying`,
    repaid: t`Repaid`,
    rejected: t`Rejected`,
    failed: t`Repayment failed`,
  };
  const type: Record<LoanType, string> = { credit: t`Credit loan`, principal: t`Principal loan` };
  const idType: Record<IdType, string> = { id_card: t`ID card`, passport: t`Passport`, driver_licence: t`Driver's licence` };
  return { status, type, idType };
}

export function LoanStatusBadge({ status }: { status: LoanStatus }) {
  return <StatusBadge tone={TONE[status]}>{useLoanWords().status[status]}</StatusBadge>;
}

/** One loan in a list: what it is, its figures, its status; it opens the detail. */
export function LoanCard({ loan }: { loan: Loan }) {
  const { t } = useLingui();
  const counts = useCounts();
  const words = useLoanWords();
  const formatTime = useFormatTime();
  return (
    <Link to="/loan/loan-detail" search={{ id: loan.id }} className="block rounded-2xl bg-surface p-4 active:bg-sea-50">
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-base font-semibold text-ink">
          <Amount value={loan.amount} asset={loan.asset} />
        </h3>
        <LoanStatusBadge status={loan.status} />
      </div>
      <p className="mt-0.5 text-xs text-muted">
        {words.type[loan.type]} · {counts.days(loan.days)} · <bdi dir="ltr">{loan.loanNo}</bdi>
      </p>
      <dl className="mt-3 border-t border-line pt-2">
        <Fact label={t`Repayment amount`}>
          <Amount value={loan.total} asset={loan.asset} />
        </Fact>
        <Fact label={t`Loan time`}>{formatTime(loan.createdAt)}</Fact>
      </dl>
    </Link>
  );
}
