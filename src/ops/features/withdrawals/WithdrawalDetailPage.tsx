/**
 * One withdrawal: where the money goes, in full (the address and its network, or the bank account
 * as bound), the amount, fee and what arrives; the user's balances and latest movements; their
 * other withdrawals; and — for finance while it waits — paying it with the payout's reference or
 * returning it with a reason, each confirmed in a dialog that says what the ledger will post.
 */
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { roleAllows } from '../../../domain/operators';
import { sessionQuery } from '../../api/session';
import { Card, Facts, Notice, Page, Spinner } from '../../ui/kit';
import { age, dateTime, money } from '../../ui/format';
import { UserBalances, UserMovements } from '../../ui/UserMoney';
import { userWithdrawalsQuery, withdrawalQuery, type OpsWithdrawal } from './api';
import { WithdrawalDecision } from './WithdrawalDecision';
import { WithdrawalStatus } from './WithdrawalStatus';

export function WithdrawalDetailPage() {
  const { t } = useLingui();
  const { id } = useParams({ from: '/desk/withdrawals/$id' });
  const withdrawal = useQuery(withdrawalQuery(id));
  const role = useQuery(sessionQuery).data?.operator.role;

  if (withdrawal.isPending) return <Spinner label={t`Loading the withdrawal…`} />;
  if (withdrawal.isError) return <Notice>{withdrawal.error.message}</Notice>;
  const record = withdrawal.data;
  const back = (
    <Link to="/withdrawals" search={{ status: 'processing', page: 1 }} className="text-sm font-medium text-teal-800 underline-offset-2 hover:underline">
      {t`Back to the queue`}
    </Link>
  );
  if (!record) {
    return (
      <Page title={t`Withdrawal not found`}>
        <Notice>{t`There is no withdrawal with this number.`}</Notice>
        {back}
      </Page>
    );
  }
  return (
    <Page title={t`Withdrawal ${record.orderNo}`} subtitle={record.status === 'processing' ? t`Waiting for ${age(record.createdAt)}` : undefined} actions={back}>
      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="flex min-w-0 flex-col gap-5">
          <Card title={t`What the user asked for`}>
            <Facts
              items={[
                [t`Status`, <WithdrawalStatus key="status" status={record.status} />],
                [t`User`, `${record.username} (${record.userId})`],
                [t`Method`, record.method === 'bank' ? t`Bank transfer (${record.asset})` : t`${record.asset} on ${record.network ?? '—'}`],
                [
                  record.method === 'bank' ? t`Bank account (IBAN and holder)` : t`Address`,
                  <span key="destination" className="font-mono text-sm break-all select-all">
                    {record.destination}
                  </span>,
                ],
                ...(record.method === 'crypto' ? ([[t`Network`, <span key="network" className="font-semibold">{record.network ?? '—'}</span>]] as [string, ReactNode][]) : []),
                [t`Amount`, <span key="amount" className="font-semibold tabular-nums">{money(record.amount, record.asset)}</span>],
                [t`Fee`, <span key="fee" className="tabular-nums">{money(record.fee, record.asset)}</span>],
                [t`To pay out`, <span key="net" className="font-semibold tabular-nums">{money(record.net, record.asset)}</span>],
                [t`Requested`, dateTime(record.createdAt)],
                ...(record.status === 'processing'
                  ? []
                  : ([
                      [t`Decided`, dateTime(record.decidedAt)],
                      ...(record.txReference ? [[t`Payout reference`, <span key="ref" className="font-mono text-xs break-all">{record.txReference}</span>]] : []),
                      ...(record.reason ? [[t`Reason`, record.reason]] : []),
                    ] as [string, ReactNode][])),
              ]}
            />
          </Card>
          <UserMovements userId={record.userId} username={record.username} />
          <UserWithdrawals withdrawal={record} />
        </div>
        <div className="flex flex-col gap-5 lg:sticky lg:top-4">
          <UserBalances userId={record.userId} username={record.username} />
          {record.status === 'processing' && role && roleAllows(role, 'finance') ? (
            <WithdrawalDecision withdrawal={record} />
          ) : record.status === 'processing' ? (
            <Notice tone="info">{t`A finance operator decides withdrawals.`}</Notice>
          ) : null}
        </div>
      </div>
    </Page>
  );
}

function UserWithdrawals({ withdrawal }: { withdrawal: OpsWithdrawal }) {
  const { t } = useLingui();
  const others = useQuery(userWithdrawalsQuery(withdrawal.userId));
  const list = others.data?.list.filter((entry) => entry.id !== withdrawal.id) ?? [];
  return (
    <Card title={t`${withdrawal.username}'s other withdrawals`}>
      {others.isPending ? (
        <Spinner label={t`Loading…`} />
      ) : others.isError ? (
        <Notice>{others.error.message}</Notice>
      ) : list.length === 0 ? (
        <p className="text-sm text-slate-600">{t`This is their first withdrawal.`}</p>
      ) : (
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{t`Other withdrawals of this user`}</caption>
          <tbody>
            {list.map((entry) => (
              <tr key={entry.id} className="border-b border-slate-100">
                <td className="py-1.5 pe-3">
                  <Link to="/withdrawals/$id" params={{ id: entry.id }} className="text-teal-800 underline-offset-2 hover:underline">
                    {entry.orderNo}
                  </Link>
                </td>
                <td className="py-1.5 pe-3 whitespace-nowrap">{dateTime(entry.createdAt)}</td>
                <td className="py-1.5 pe-3 text-end tabular-nums">{money(entry.amount, entry.asset)}</td>
                <td className="py-1.5">
                  <WithdrawalStatus status={entry.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
