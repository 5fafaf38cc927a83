/**
 * One deposit: what the user said they paid, the proof image in the page, their other deposits,
 * and — for finance while it waits — approving (with a changed amount and its reason) or
 * rejecting with a reason, each confirmed in a dialog that says what the ledger will post.
 */
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { roleAllows } from '../../../domain/operators';
import { sessionQuery } from '../../api/session';
import { ImageViewer } from '../../ui/ImageViewer';
import { Card, Facts, Notice, Page, Spinner } from '../../ui/kit';
import { age, dateTime, money } from '../../ui/format';
import { depositQuery, userDepositsQuery, type OpsDeposit } from './api';
import { DepositDecision } from './DepositDecision';
import { DepositStatus } from './DepositStatus';

export function DepositDetailPage() {
  const { t } = useLingui();
  const { id } = useParams({ from: '/desk/deposits/$id' });
  const deposit = useQuery(depositQuery(id));
  const role = useQuery(sessionQuery).data?.operator.role;

  if (deposit.isPending) return <Spinner label={t`Loading the deposit…`} />;
  if (deposit.isError) return <Notice>{deposit.error.message}</Notice>;
  const record = deposit.data;
  if (!record) {
    return (
      <Page title={t`Deposit not found`}>
        <Notice>{t`There is no deposit with this number.`}</Notice>
        <Link to="/deposits" search={{ status: 'processing', page: 1 }} className="text-sm text-teal-800 underline">
          {t`Back to the deposits`}
        </Link>
      </Page>
    );
  }
  return (
    <Page
      title={t`Deposit ${record.orderNo}`}
      subtitle={record.status === 'processing' ? t`Waiting for ${age(record.createdAt)}` : undefined}
      actions={
        <Link to="/deposits" search={{ status: 'processing', page: 1 }} className="text-sm font-medium text-teal-800 underline-offset-2 hover:underline">
          {t`Back to the queue`}
        </Link>
      }
    >
      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="flex min-w-0 flex-col gap-5">
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
          <UserDeposits deposit={record} />
        </div>
        <div className="flex flex-col gap-5 lg:sticky lg:top-4">
          {record.status === 'processing' && role && roleAllows(role, 'finance') ? (
            <DepositDecision deposit={record} />
          ) : record.status === 'processing' ? (
            <Notice tone="info">{t`A finance operator decides deposits.`}</Notice>
          ) : null}
        </div>
      </div>
    </Page>
  );
}

function UserDeposits({ deposit }: { deposit: OpsDeposit }) {
  const { t } = useLingui();
  const others = useQuery(userDepositsQuery(deposit.userId));
  const list = others.data?.list.filter((entry) => entry.id !== deposit.id) ?? [];
  return (
    <Card title={t`${deposit.username}'s other deposits`}>
      {others.isPending ? (
        <Spinner label={t`Loading…`} />
      ) : others.isError ? (
        <Notice>{others.error.message}</Notice>
      ) : list.length === 0 ? (
        <p className="text-sm text-slate-600">{t`This is their first deposit.`}</p>
      ) : (
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{t`Other deposits of this user`}</caption>
          <tbody>
            {list.map((entry) => (
              <tr key={entry.id} className="border-b border-slate-100">
                <td className="py-1.5 pe-3">
                  <Link to="/deposits/$id" params={{ id: entry.id }} className="text-teal-800 underline-offset-2 hover:underline">
                    {entry.orderNo}
                  </Link>
                </td>
                <td className="py-1.5 pe-3 whitespace-nowrap">{dateTime(entry.createdAt)}</td>
                <td className="py-1.5 pe-3 text-end tabular-nums">{money(entry.amount, entry.asset)}</td>
                <td className="py-1.5">
                  <DepositStatus status={entry.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
