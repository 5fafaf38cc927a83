/** The withdrawals queue: by status, oldest first, a page at a time, live; each row opens the withdrawal. */
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Card } from '../../ui/kit';
import { QueuePage } from '../../ui/QueuePage';
import { RequestLink } from '../../ui/RequestPage';
import { PagedTable, Requested } from '../../ui/Table';
import { money } from '../../ui/format';
import { withdrawalsQuery, type WithdrawalStatusFilter } from './api';
import { WithdrawalStatus } from './WithdrawalStatus';

export function WithdrawalsPage() {
  const { t } = useLingui();
  const { status, page } = useSearch({ from: '/desk/withdrawals' });
  const navigate = useNavigate({ from: '/withdrawals' });
  const list = useQuery(withdrawalsQuery(status, page));
  const setStatus = (next: WithdrawalStatusFilter) => void navigate({ search: { status: next, page: 1 } });

  return (
    <QueuePage
      title={t`Withdrawals`}
      queue="withdrawals"
      idle={t`No withdrawal is waiting for a decision.`}
      status={status}
      onStatus={setStatus}
      options={[
        { value: 'processing', label: t`Waiting` },
        { value: 'completed', label: t`Paid` },
        { value: 'cancelled', label: t`Returned` },
        { value: 'all', label: t`All` },
      ]}
    >
      <Card>
        <PagedTable
          query={list}
          loading={t`Loading withdrawals…`}
          empty={status === 'processing' ? t`Nothing waits. New withdrawals appear here by themselves.` : t`No withdrawals here.`}
          caption={t`Withdrawals, oldest first`}
          rowKey={(withdrawal) => withdrawal.id}
          onPage={(next) => void navigate({ search: { status, page: next } })}
          columns={[
            { header: t`No.`, cell: (withdrawal) => <RequestLink to="/withdrawals/$id" id={withdrawal.id} number={withdrawal.orderNo} /> },
            { header: t`Requested`, nowrap: true, cell: (withdrawal) => <Requested at={withdrawal.createdAt} waiting={withdrawal.status === 'processing'} /> },
            { header: t`User`, cell: (withdrawal) => withdrawal.username },
            {
              header: t`To`,
              className: 'max-w-[16rem] max-xl:hidden',
              cell: (withdrawal) => (
                <>
                  {withdrawal.method === 'bank' ? t`Bank transfer` : `${withdrawal.asset} · ${withdrawal.network ?? ''}`}
                  <span className="block truncate font-mono text-xs text-slate-600" title={withdrawal.destination}>
                    {withdrawal.destination}
                  </span>
                </>
              ),
            },
            { header: t`Amount`, numeric: true, cell: (withdrawal) => <span className="font-medium">{money(withdrawal.amount, withdrawal.asset)}</span> },
            { header: t`Status`, cell: (withdrawal) => <WithdrawalStatus status={withdrawal.status} /> },
          ]}
        />
      </Card>
    </QueuePage>
  );
}
