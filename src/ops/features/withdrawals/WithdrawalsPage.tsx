/** The withdrawals queue: by status, oldest first, a page at a time, live; each row opens the withdrawal. */
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { queuesQuery } from '../../api/live';
import { Card, FilterTabs, Notice, Page, Pager, Spinner } from '../../ui/kit';
import { Requested, Table } from '../../ui/Table';
import { age, money } from '../../ui/format';
import { PAGE_SIZE, withdrawalsQuery, type WithdrawalStatusFilter } from './api';
import { WithdrawalStatus } from './WithdrawalStatus';

export function WithdrawalsPage() {
  const { t } = useLingui();
  const { status, page } = useSearch({ from: '/desk/withdrawals' });
  const navigate = useNavigate({ from: '/withdrawals' });
  const list = useQuery(withdrawalsQuery(status, page));
  const waiting = useQuery(queuesQuery).data?.find((entry) => entry.queue === 'withdrawals');
  const setStatus = (next: WithdrawalStatusFilter) => void navigate({ search: { status: next, page: 1 } });

  return (
    <Page
      title={t`Withdrawals`}
      subtitle={waiting?.count ? t`${waiting.count} waiting · the oldest for ${age(waiting.oldestAt)}` : t`No withdrawal is waiting for a decision.`}
      actions={
        <FilterTabs
          label={t`Status`}
          value={status}
          onChange={setStatus}
          options={[
            { value: 'processing', label: t`Waiting`, count: waiting?.count },
            { value: 'completed', label: t`Paid` },
            { value: 'cancelled', label: t`Returned` },
            { value: 'all', label: t`All` },
          ]}
        />
      }
    >
      <Card>
        {list.isPending ? (
          <Spinner label={t`Loading withdrawals…`} />
        ) : list.isError ? (
          <Notice>{list.error.message}</Notice>
        ) : list.data.list.length === 0 ? (
          <p className="p-4 text-sm text-slate-600">{status === 'processing' ? t`Nothing waits. New withdrawals appear here by themselves.` : t`No withdrawals here.`}</p>
        ) : (
          <div className="flex flex-col gap-4">
            <Table
              caption={t`Withdrawals, oldest first`}
              rows={list.data.list}
              rowKey={(withdrawal) => withdrawal.id}
              columns={[
                {
                  header: t`No.`,
                  cell: (withdrawal) => (
                    <Link to="/withdrawals/$id" params={{ id: withdrawal.id }} className="font-medium text-teal-800 underline-offset-2 hover:underline">
                      {withdrawal.orderNo}
                    </Link>
                  ),
                },
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
            <Pager
              page={page}
              pageSize={PAGE_SIZE}
              total={list.data.total}
              onPage={(next) => void navigate({ search: { status, page: next } })}
            />
          </div>
        )}
      </Card>
    </Page>
  );
}
