/** The deposits queue: by status, oldest first, a page at a time, live; each row opens the deposit. */
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { queuesQuery } from '../../api/live';
import { Card, FilterTabs, Notice, Page, Pager, Spinner } from '../../ui/kit';
import { age, dateTime, money } from '../../ui/format';
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
            <div className="overflow-x-auto">
              <table className="w-full border-collapse text-sm">
                <caption className="sr-only">{t`Deposits, oldest first`}</caption>
                <thead>
                  <tr className="border-b border-slate-200 text-start text-xs tracking-wide text-slate-600 uppercase">
                    <th scope="col" className="py-2 pe-3 text-start font-medium">{t`No.`}</th>
                    <th scope="col" className="py-2 pe-3 text-start font-medium">{t`Requested`}</th>
                    <th scope="col" className="py-2 pe-3 text-start font-medium">{t`User`}</th>
                    <th scope="col" className="py-2 pe-3 text-start font-medium">{t`Method`}</th>
                    <th scope="col" className="py-2 pe-3 text-end font-medium">{t`Amount`}</th>
                    <th scope="col" className="py-2 pe-3 text-start font-medium">{t`Status`}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.list.map((deposit) => (
                    <tr key={deposit.id} className="border-b border-slate-100 hover:bg-slate-50">
                      <td className="py-2 pe-3">
                        <Link to="/deposits/$id" params={{ id: deposit.id }} className="font-medium text-teal-800 underline-offset-2 hover:underline">
                          {deposit.orderNo}
                        </Link>
                      </td>
                      <td className="py-2 pe-3 whitespace-nowrap">
                        {dateTime(deposit.createdAt)}
                        {deposit.status === 'processing' ? <span className="block text-xs text-amber-800">{t`waiting ${age(deposit.createdAt)}`}</span> : null}
                      </td>
                      <td className="py-2 pe-3">{deposit.username}</td>
                      <td className="py-2 pe-3">
                        {deposit.coin}
                        {deposit.network ? <span className="text-slate-600"> · {deposit.network}</span> : null}
                      </td>
                      <td className="py-2 pe-3 text-end font-medium whitespace-nowrap tabular-nums">{money(deposit.amount, deposit.asset)}</td>
                      <td className="py-2 pe-3">
                        <DepositStatus status={deposit.status} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              page={page}
              pageSize={PAGE_SIZE}
              total={list.data.total}
              onPage={(next) => void navigate({ search: { status, page: next } })}
              labels={{ previous: t`Previous`, next: t`Next`, of: (from, to, total) => t`${from}–${to} of ${total}` }}
            />
          </div>
        )}
      </Card>
    </Page>
  );
}
