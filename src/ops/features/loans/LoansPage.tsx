/**
 * Loans: the applications waiting (and every loan), and the repayments waiting for confirmation —
 * oldest first (repayments by when each was asked for), a page at a time, live; each row opens the loan.
 */
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { queuesQuery } from '../../api/live';
import { Card, FilterTabs, Page } from '../../ui/kit';
import { RequestLink } from '../../ui/RequestPage';
import { PagedTable, Requested } from '../../ui/Table';
import { age, money, nonZero } from '../../ui/format';
import { loansQuery, type LoanStatusFilter } from './api';
import { LoanStatus } from './LoanStatus';

export function LoansPage() {
  const { t } = useLingui();
  const { status, page } = useSearch({ from: '/desk/loans' });
  const navigate = useNavigate({ from: '/loans' });
  const queues = useQuery(queuesQuery).data;
  const waiting = queues?.find((entry) => entry.queue === 'loans');
  const repaying = queues?.find((entry) => entry.queue === 'repayments');
  return (
    <Page
      title={t`Loans`}
      subtitle={waiting?.count ? t`${waiting.count} applications waiting · the oldest for ${age(waiting.oldestAt)}` : t`No application is waiting for a decision.`}
      actions={
        <FilterTabs
          label={t`Status`}
          value={status}
          onChange={(next: LoanStatusFilter) => void navigate({ search: { status: next, page: 1 } })}
          options={[
            { value: 'pending', label: t`Applications`, count: waiting?.count },
            { value: 'repaying', label: t`Repayments`, count: repaying?.count },
            { value: 'all', label: t`All` },
          ]}
        />
      }
    >
      <LoanList status={status} page={page} onPage={(next) => void navigate({ search: { status, page: next } })} />
    </Page>
  );
}

export function RepaymentsPage() {
  const { t } = useLingui();
  const { page } = useSearch({ from: '/desk/repayments' });
  const navigate = useNavigate({ from: '/repayments' });
  const waiting = useQuery(queuesQuery).data?.find((entry) => entry.queue === 'repayments');
  return (
    <Page
      title={t`Loan repayments`}
      subtitle={waiting?.count ? t`${waiting.count} repayments waiting · the oldest for ${age(waiting.oldestAt)}` : t`No repayment is waiting for confirmation.`}
    >
      <LoanList status="repaying" page={page} onPage={(next) => void navigate({ search: { page: next } })} />
    </Page>
  );
}

function LoanList({ status, page, onPage }: { status: LoanStatusFilter; page: number; onPage: (page: number) => void }) {
  const { t } = useLingui();
  const list = useQuery(loansQuery(status, page));
  return (
    <Card>
      <PagedTable
        query={list}
        loading={t`Loading loans…`}
        empty={
          status === 'pending'
            ? t`No application waits. New ones appear here by themselves.`
            : status === 'repaying'
              ? t`No repayment waits. New ones appear here by themselves.`
              : t`No loans here.`
        }
        caption={t`Loans, oldest first`}
        rowKey={(loan) => loan.id}
        onPage={onPage}
        columns={[
          { header: t`No.`, cell: (loan) => <RequestLink to="/loans/$id" id={loan.id} number={loan.loanNo} /> },
          {
            header: status === 'repaying' ? t`Repayment asked` : t`Applied`,
            nowrap: true,
            cell: (loan) => (
              <Requested at={loan.status === 'repaying' ? loan.repayRequestedAt : loan.createdAt} waiting={loan.status === 'pending' || loan.status === 'repaying'} />
            ),
          },
          {
            header: t`Borrower`,
            cell: (loan) => (
              <>
                {loan.username}
                <span className="block text-xs whitespace-nowrap text-slate-600">{loan.fullName}</span>
              </>
            ),
          },
          { header: t`Kind`, className: 'max-xl:hidden', cell: (loan) => `${loan.type === 'credit' ? t`Credit` : t`Against collateral`} · ${t`${loan.days} days`}` },
          {
            header: t`Amount`,
            numeric: true,
            cell: (loan) => (
              <>
                <span className="font-medium">{money(loan.amount, loan.asset)}</span>
                {nonZero(loan.collateral) ? (
                  <span className="block text-xs text-slate-600">{t`${loan.days} days · collateral ${money(loan.collateral, loan.collateralAsset ?? loan.asset)}`}</span>
                ) : (
                  <span className="block text-xs text-slate-600">{t`${loan.days} days · no collateral`}</span>
                )}
              </>
            ),
          },
          { header: t`Status`, cell: (loan) => <LoanStatus status={loan.status} /> },
        ]}
      />
    </Card>
  );
}
