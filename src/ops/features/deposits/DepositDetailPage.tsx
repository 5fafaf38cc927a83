/**
 * One deposit: what the user said they paid, the proof image in the page, their other deposits,
 * and — for finance while it waits — approving (with a changed amount and its reason) or
 * rejecting with a reason, each confirmed in a dialog that says what the ledger will post.
 */
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { dateTime, money } from '../../ui/format';
import { ImageViewer } from '../../ui/ImageViewer';
import { Card, Facts } from '../../ui/kit';
import { OtherRequests, RequestPage } from '../../ui/RequestPage';
import { depositQuery, userDepositsQuery } from './api';
import { DepositDecision } from './DepositDecision';
import { DepositStatus } from './DepositStatus';

export function DepositDetailPage() {
  const { t } = useLingui();
  const { id } = useParams({ from: '/desk/deposits/$id' });
  const deposit = useQuery(depositQuery(id));
  return (
    <RequestPage
      query={deposit}
      loading={t`Loading the deposit…`}
      missing={{ title: t`Deposit not found`, text: t`There is no deposit with this number.` }}
      back={(record) => (
        <Link to="/deposits" search={{ status: 'processing', page: 1 }} className="text-sm font-medium text-teal-800 underline-offset-2 hover:underline">
          {record ? t`Back to the queue` : t`Back to the deposits`}
        </Link>
      )}
      title={(record) => t`Deposit ${record.orderNo}`}
      waiting={(record) => (record.status === 'processing' ? { since: record.createdAt } : null)}
      decision={(record) => <DepositDecision deposit={record} />}
      decides={t`A finance operator decides deposits.`}
    >
      {(record) => (
        <>
          <Card title={t`What the user reported`}>
            <Facts
              items={[
                [t`Status`, <DepositStatus key="status" status={record.status} />],
                [t`User`, `${record.username} (${record.userId})`],
                [t`Method`, record.network ? `${record.coin} · ${record.network}` : record.coin],
                [t`Amount`, <span key="amount" className="font-semibold tabular-nums">{money(record.amount, record.asset)}</span>],
                [t`Paid to`, <span key="address" className="font-mono text-xs break-all">{record.address}</span>],
                [t`Their reference`, record.reference || '—'],
                [t`Requested`, dateTime(record.createdAt)],
                ...(record.status === 'processing'
                  ? []
                  : ([
                      [t`Decided`, dateTime(record.decidedAt)],
                      [t`Reason`, record.reason ?? '—'],
                      ...(record.bonus && record.bonus !== '0' ? [[t`VIP gift`, money(record.bonus, record.asset)]] : []),
                    ] as [string, string][])),
              ]}
            />
          </Card>
          <Card title={t`Payment proof`}>
            <ImageViewer path="/deposits/proof" id={record.id} alt={t`The payment proof of deposit ${record.orderNo}`} />
          </Card>
          <OtherRequests
            title={t`${record.username}'s other deposits`}
            caption={t`Other deposits of this user`}
            read={userDepositsQuery(record.userId)}
            current={record.id}
            first={t`This is their first deposit.`}
            to="/deposits/$id"
            status={(entry) => <DepositStatus status={entry.status} />}
          />
        </>
      )}
    </RequestPage>
  );
}
