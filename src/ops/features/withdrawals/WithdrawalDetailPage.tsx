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
import { dateTime, money } from '../../ui/format';
import { Card, Facts } from '../../ui/kit';
import { OtherRequests, RequestPage } from '../../ui/RequestPage';
import { UserMovements } from '../../ui/UserMoney';
import { userWithdrawalsQuery, withdrawalQuery } from './api';
import { WithdrawalDecision } from './WithdrawalDecision';
import { WithdrawalStatus } from './WithdrawalStatus';

export function WithdrawalDetailPage() {
  const { t } = useLingui();
  const { id } = useParams({ from: '/desk/withdrawals/$id' });
  const withdrawal = useQuery(withdrawalQuery(id));
  return (
    <RequestPage
      query={withdrawal}
      loading={t`Loading the withdrawal…`}
      missing={{ title: t`Withdrawal not found`, text: t`There is no withdrawal with this number.` }}
      back={() => (
        <Link to="/withdrawals" search={{ status: 'processing', page: 1 }} className="text-sm font-medium text-teal-800 underline-offset-2 hover:underline">
          {t`Back to the queue`}
        </Link>
      )}
      title={(record) => t`Withdrawal ${record.orderNo}`}
      waiting={(record) => (record.status === 'processing' ? { since: record.createdAt } : null)}
      balances
      decision={(record) => <WithdrawalDecision withdrawal={record} />}
      decides={t`A finance operator decides withdrawals.`}
    >
      {(record) => (
        <>
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
          <OtherRequests
            title={t`${record.username}'s other withdrawals`}
            caption={t`Other withdrawals of this user`}
            read={userWithdrawalsQuery(record.userId)}
            current={record.id}
            first={t`This is their first withdrawal.`}
            to="/withdrawals/$id"
            status={(entry) => <WithdrawalStatus status={entry.status} />}
          />
        </>
      )}
    </RequestPage>
  );
}
