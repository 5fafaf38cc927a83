/** The withdrawals queue: by status, oldest first, a page at a time, live; each row opens the withdrawal. */
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { queuesQuery } from '../../api/live';
import { Card, FilterTabs, Notice, Page, Pager, Spinner } from '../../ui/kit';
import { age, dateTime, money } from '../../ui/format';
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
            <div className="overflow-x-auto">
              <table className="w-full border-collapse text-sm">
                <caption className="sr-only">{t`Withdrawals, oldest first`}</caption>
                <thead>
                  <tr className="border-b border-slate-200 text-start text-xs tracking-wide text-slate-600 uppercase">
                    <th scope="col" className="py-2 pe-3 text-start font-medium">{t`No.`}</th>
                    <th scope="col" className="py-2 pe-3 text-start font-medium">{t`Requested`}</th>
                    <th scope="col" className="py-2 pe-3 text-start font-medium">{t`User`}</th>
                    <th scope="col" className="py-2 pe-3 text-start font-medium max-xl:hidden">{t`To`}</th>
                    <th scope="col" className="py-2 pe-3 text-end font-medium">{t`Amount`}</th>
                    <th scope="col" className="py-2 pe-3 text-start font-medium">{t`Status`}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.list.map((withdrawal) => (
                    <tr key={withdrawal.id} className="border-b border-slate-100 hover:bg-slate-50">
                      <td className="py-2 pe-3">
                        <Link to="/withdrawals/$id" params={{ id: withdrawal.id }} className="font-medium text-teal-800 underline-offset-2 hover:underline">
                          {withdrawal.orderNo}
                        </Link>
                      </td>
                      <td className="py-2 pe-3 whitespace-nowrap">
                        {dateTime(withdrawal.createdAt)}
                        {withdrawal.status === 'processing' ? <span className="block text-xs text-amber-800">{t`waiting ${age(withdrawal.createdAt)}`}</span> : null}
                      </td>
                      <td className="py-2 pe-3">{withdrawal.username}</td>
                      <td className="max-w-[16rem] py-2 pe-3 max-xl:hidden">
                        {withdrawal.method === 'bank' ? t`Bank transfer` : `${withdrawal.asset} · ${withdrawal.network ?? ''}`}
                        <span className="block truncate font-mono text-xs text-slate-600" title={withdrawal.destination}>
                          {withdrawal.destination}
                        </span>
                      </td>
                      <td className="py-2 pe-3 text-end font-medium whitespace-nowrap tabular-nums">{money(withdrawal.amount, withdrawal.asset)}</td>
                      <td className="py-2 pe-3">
                        <WithdrawalStatus status={withdrawal.status} />
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
