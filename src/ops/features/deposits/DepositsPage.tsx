/** The deposits queue: by status, oldest first, a page at a time, live; each row opens the deposit. */
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { queuesQuery } from '../../api/live';
import { Card, FilterTabs, Notice, Page, Pager, Spinner } from '../../ui/kit';
import { Requested, Table } from '../../ui/Table';
import { age, money } from '../../ui/format';
import { depositsQuery, PAGE_SIZE, type DepositStatusFilter } from './api';
import { DepositStatus } from './DepositStatus';

export function DepositsPage() {
  const { t } = useLingui();
  const { status, page } = useSearch({ from: '/desk/deposits' });
  const navigate = useNavigate({ from: '/deposits' });
  const list = useQuery(depositsQuery(status, page));
  const waiting = useQuery(queuesQuery).data?.find((entry) => entry.queue === 'deposits');
  const setStatus = (next: DepositStatusFilter) => void navigate({ search: { status: next, page: 1 } });

  return (
    <Page
      title={t`Deposits`}
      subtitle={
        waiting?.count
          ? t`${waiting.count} waiting · the oldest for ${age(waiting.oldestAt)}`
          : t`No deposit is waiting for a decision.`
      }
      actions={
        <FilterTabs
          label={t`Status`}
          value={status}
          onChange={setStatus}
          options={[
            { value: 'processing', label: t`Waiting`, count: waiting?.count },
            { value: 'success', label: t`Approved` },
            { value: 'failed', label: t`Rejected` },
            { value: 'all', label: t`All` },
          ]}
        />
      }
    >
      <Card>
        {list.isPending ? (
          <Spinner label={t`Loading deposits…`} />
        ) : list.isError ? (
          <Notice>{list.error.message}</Notice>
        ) : list.data.list.length === 0 ? (
          <p className="p-4 text-sm text-slate-600">{status === 'processing' ? t`Nothing waits. New deposits appear here by themselves.` : t`No deposits here.`}</p>
        ) : (
          <div className="flex flex-col gap-4">
            <Table
              caption={t`Deposits, oldest first`}
              rows={list.data.list}
              rowKey={(deposit) => deposit.id}
              columns={[
                {
                  header: t`No.`,
                  cell: (deposit) => (
                    <Link to="/deposits/$id" params={{ id: deposit.id }} className="font-medium text-teal-800 underline-offset-2 hover:underline">
                      {deposit.orderNo}
                    </Link>
                  ),
                },
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
