/**
 * One loan: the borrower's identity (the images front and back, in the page), the figures fixed at
 * the application (amount, collateral and its asset, LTV, rate, term, interest), the borrower's
 * balances and latest movements; and — for finance — the decision the loan waits for: the
 * application (approve, or reject with or without a reason) or the repayment (confirm, or refuse
 * with a reason), each confirmed in a dialog that says what the ledger will post.
 */
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { dateTime, money, nonZero } from '../../ui/format';
import { ImageViewer } from '../../ui/ImageViewer';
import { Card, Facts } from '../../ui/kit';
import { RequestPage } from '../../ui/RequestPage';
import { UserMovements } from '../../ui/UserMoney';
import { loanQuery, type OpsLoan } from './api';
import { ApplicationDecision, RepaymentDecision } from './LoanDecision';
import { collateralAssetOf, ltvText, repayFigures } from './figures';
import { LoanStatus } from './LoanStatus';

export function LoanDetailPage() {
  const { t } = useLingui();
  const { id } = useParams({ from: '/desk/loans/$id' });
  const loan = useQuery(loanQuery(id));
  return (
    <RequestPage
      query={loan}
      loading={t`Loading the loan…`}
      missing={{ title: t`Loan not found`, text: t`There is no loan with this number.` }}
      back={(record) => (
        <Link
          to={record?.status === 'repaying' ? '/repayments' : '/loans'}
          search={record?.status === 'repaying' ? { page: 1 } : { status: 'pending', page: 1 }}
          className="text-sm font-medium text-teal-800 underline-offset-2 hover:underline"
        >
          {t`Back to the queue`}
        </Link>
      )}
      title={(record) => t`Loan ${record.loanNo}`}
      waiting={(record) => (record.status === 'pending' ? { since: record.createdAt } : record.status === 'repaying' ? { since: record.repayRequestedAt } : null)}
      balances
      decision={(record) => (record.status === 'pending' ? <ApplicationDecision loan={record} /> : <RepaymentDecision loan={record} />)}
      decides={t`A finance operator decides loans and their repayments.`}
    >
      {(record) => (
        <>
          <LoanFigures loan={record} />
          <Identity loan={record} />
          <UserMovements userId={record.userId} username={record.username} />
        </>
      )}
    </RequestPage>
  );
}

function LoanFigures({ loan }: { loan: OpsLoan }) {
  const { t } = useLingui();
  const ltv = ltvText(loan);
  const repay = repayFigures(loan);
  const items: [ReactNode, ReactNode][] = [
    [t`Status`, <LoanStatus key="status" status={loan.status} />],
    [t`Borrower`, `${loan.username} (${loan.userId})`],
    [t`Kind`, loan.type === 'credit' ? t`Credit loan (no collateral)` : t`Loan against collateral`],
    [t`Amount`, <span key="amount" className="font-semibold tabular-nums">{money(loan.amount, loan.asset)}</span>],
    ...(nonZero(loan.collateral)
      ? ([
          [t`Collateral`, <span key="collateral" className="tabular-nums">{money(loan.collateral, collateralAssetOf(loan))}</span>],
          [t`Collateral asset`, collateralAssetOf(loan)],
        ] as [ReactNode, ReactNode][])
      : []),
    ...(ltv ? ([[t`LTV`, `${ltv} %`]] as [ReactNode, ReactNode][]) : []),
    [t`Rate`, t`${loan.dailyRate} % a day (${loan.apr} % a year)`],
    [t`Term`, t`${loan.days} days`],
    [t`Interest`, <span key="interest" className="tabular-nums">{money(loan.interest, loan.asset)}</span>],
    [t`To repay`, <span key="total" className="font-semibold tabular-nums">{money(loan.total, loan.asset)}</span>],
    ...(loan.principalLeft && loan.principalLeft !== loan.amount ? ([[t`Principal left`, money(loan.principalLeft, loan.asset)]] as [ReactNode, ReactNode][]) : []),
    ...(loan.status === 'repaying' ? ([[t`Repayment held`, <span key="held" className="font-semibold tabular-nums">{money(repay.total, loan.asset)}</span>]] as [ReactNode, ReactNode][]) : []),
    [t`Applied`, dateTime(loan.createdAt)],
    ...(loan.decidedAt ? ([[t`Decided`, dateTime(loan.decidedAt)]] as [ReactNode, ReactNode][]) : []),
    ...(loan.dueAt ? ([[t`Due`, dateTime(loan.dueAt)]] as [ReactNode, ReactNode][]) : []),
    ...(loan.repayRequestedAt ? ([[t`Repayment asked`, dateTime(loan.repayRequestedAt)]] as [ReactNode, ReactNode][]) : []),
    ...(loan.repaidAt ? ([[t`Repaid`, dateTime(loan.repaidAt)]] as [ReactNode, ReactNode][]) : []),
    ...(loan.reason ? ([[t`Reason`, loan.reason]] as [ReactNode, ReactNode][]) : []),
    ...(loan.repayReason ? ([[t`Repayment refused because`, loan.repayReason]] as [ReactNode, ReactNode][]) : []),
  ];
  return (
    <Card title={t`The loan as applied for`}>
      <Facts items={items} />
    </Card>
  );
}

function Identity({ loan }: { loan: OpsLoan }) {
  const { t } = useLingui();
  const idType = { id_card: t`Identity card`, passport: t`Passport`, driver_licence: t`Driving licence` }[loan.idType];
  return (
    <Card title={t`Identity`}>
      <div className="flex flex-col gap-4">
        <Facts
          items={[
            [t`Full name`, loan.fullName],
            [t`Document`, idType],
            [t`Number`, <span key="number" className="font-mono">{loan.idNumber}</span>],
          ]}
        />
        {loan.documents.length === 0 ? <p className="text-sm text-slate-600">{t`No identity image is kept for this loan any more.`}</p> : null}
        {loan.documents.map((side) => (
          <div key={side} className="flex flex-col gap-1">
            <h3 className="text-sm font-medium text-slate-800">{side === 'front' ? t`Front` : t`Back`}</h3>
            <ImageViewer
              path="/loans/document"
              query={{ id: loan.id, side }}
              alt={side === 'front' ? t`The front of ${loan.fullName}'s identity document` : t`The back of ${loan.fullName}'s identity document`}
            />
          </div>
        ))}
      </div>
    </Card>
  );
}
