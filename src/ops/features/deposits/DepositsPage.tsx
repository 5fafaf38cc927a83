/** The deposits queue: by status, oldest first, a page at a time, live; each row opens the deposit. */
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Card } from '../../ui/kit';
import { QueuePage } from '../../ui/QueuePage';
import { RequestLink } from '../../ui/RequestPage';
import { PagedTable, Requested } from '../../ui/Table';
import { money } from '../../ui/format';
import { depositsQuery, type DepositStatusFilter } from './api';
import { DepositStatus } from './DepositStatus';

export function DepositsPage() {
  const { t } = useLingui();
  const { status, page } = useSearch({ from: '/desk/deposits' });
  const navigate = useNavigate({ from: '/deposits' });
  const list = useQuery(depositsQuery(status, page));
  const setStatus = (next: DepositStatusFilter) => void navigate({ search: { status: next, page: 1 } });

  return (
    <QueuePage
      title={t`Deposits`}
      queue="deposits"
      idle={t`No deposit is waiting for a decision.`}
      status={status}
      onStatus={setStatus}
      options={[
        { value: 'processing', label: t`Waiting` },
        { value: 'success', label: t`Approved` },
        { value: 'failed', label: t`Rejected` },
        { value: 'all', label: t`All` },
      ]}
    >
      <Card>
        <PagedTable
          query={list}
          loading={t`Loading deposits…`}
          empty={status === 'processing' ? t`Nothing waits. New deposits appear here by themselves.` : t`No deposits here.`}
          caption={t`Deposits, oldest first`}
          rowKey={(deposit) => deposit.id}
          onPage={(next) => void navigate({ search: { status, page: next } })}
          columns={[
            { header: t`No.`, cell: (deposit) => <RequestLink to="/deposits/$id" id={deposit.id} number={deposit.orderNo} /> },
            { header: t`Requested`, nowrap: true, cell: (deposit) => <Requested at={deposit.createdAt} waiting={deposit.status === 'processing'} /> },
            { header: t`User`, cell: (deposit) => deposit.username },
            {
              header: t`Method`,
              cell: (deposit) => (
                <>
                  {deposit.coin}
                  {deposit.network ? <span className="text-slate-600"> · {deposit.network}</span> : null}
                </>
              ),
            },
            { header: t`Amount`, numeric: true, cell: (deposit) => <span className="font-medium">{money(deposit.amount, deposit.asset)}</span> },
            { header: t`Status`, cell: (deposit) => <DepositStatus status={deposit.status} /> },
          ]}
        />
      </Card>
    </QueuePage>
  );
}
