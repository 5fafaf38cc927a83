/**
 * The page of one request an operator decides — a deposit, a withdrawal, a loan: a spinner while
 * it loads, the refusal, "not found" with the way back, or the request: what it is on the left; on
 * the right, kept in view, the user's balances (`balances`) and the decision — for finance while
 * the request waits, a note who decides for the others. Beside it, the user's other requests.
 */
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Asset } from '../../domain/money';
import { roleAllows } from '../../domain/operators';
import type { Page as ListPage } from '../../domain/wire';
import { sessionQuery } from '../api/session';
import { dateTime, age, money } from './format';
import { Card, Empty, Loaded, Notice, Page, Spinner } from './kit';
import { Table } from './Table';
import { UserBalances } from './UserMoney';

interface Request {
  userId: string;
  username: string;
}

export function RequestPage<R extends Request>({
  query,
  loading,
  missing,
  back,
  title,
  waiting,
  balances = false,
  decision,
  decides,
  children,
}: {
  query: UseQueryResult<R | null>;
  loading: string;
  /** The title and the text when there is no such request. */
  missing: { title: string; text: string };
  /** The way back to its queue (`null` when there is no such request). */
  back: (record: R | null) => ReactNode;
  title: (record: R) => string;
  /** Since when the request waits for a decision; `null` once it is decided. */
  waiting: (record: R) => { since: string | null } | null;
  /** Whether the user's balances stand over the decision. */
  balances?: boolean;
  /** The decision's forms, for finance while the request waits. */
  decision: (record: R) => ReactNode;
  /** Who decides, said to an operator who does not while the request waits. */
  decides: string;
  /** What the request is. */
  children: (record: R) => ReactNode;
}) {
  const { t } = useLingui();
  const role = useQuery(sessionQuery).data?.operator.role;
  if (query.isPending) return <Spinner label={loading} />;
  if (query.isError) return <Notice>{query.error.message}</Notice>;
  const record = query.data;
  if (!record) {
    return (
      <Page title={missing.title}>
        <Notice>{missing.text}</Notice>
        {back(null)}
      </Page>
    );
  }
  const wait = waiting(record);
  return (
    <Page title={title(record)} subtitle={wait ? t`Waiting for ${age(wait.since)}` : undefined} actions={back(record)}>
      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="flex min-w-0 flex-col gap-5">{children(record)}</div>
        <div className="flex flex-col gap-5 lg:sticky lg:top-4">
          {balances ? <UserBalances userId={record.userId} username={record.username} /> : null}
          {!wait ? null : role && roleAllows(role, 'finance') ? decision(record) : <Notice tone="info">{decides}</Notice>}
        </div>
      </div>
    </Page>
  );
}

interface Other {
  id: number;
  orderNo: string;
  createdAt: string;
  amount: string;
  asset: Asset;
}

/** The user's other requests of a kind, newest first, each opening its page; the one shown (`current`) left out. */
export function OtherRequests<R extends Other, K extends QueryKey>({
  title,
  caption,
  read,
  current,
  first,
  to,
  status,
}: {
  title: string;
  caption: string;
  /** The read of the user's requests of that kind. */
  read: UseQueryOptions<ListPage<R>, Error, ListPage<R>, K>;
  current: number;
  /** What is said when the shown request is the user's only one. */
  first: string;
  /** Where each opens. */
  to: RequestRoute;
  status: (record: R) => ReactNode;
}) {
  const { t } = useLingui();
  const query = useQuery(read);
  return (
    <Card title={title}>
      <Loaded query={query}>
        {({ list }) => {
          const others = list.filter((entry) => entry.id !== current);
          return others.length === 0 ? (
            <Empty>{first}</Empty>
          ) : (
            <Table<R>
              caption={caption}
              rows={others}
              rowKey={(entry) => entry.id}
              columns={[
                { header: t`No.`, cell: (entry) => <RequestLink to={to} id={entry.id} number={entry.orderNo} /> },
                { header: t`Requested`, nowrap: true, cell: (entry) => dateTime(entry.createdAt) },
                { header: t`Amount`, numeric: true, cell: (entry) => money(entry.amount, entry.asset) },
                { header: t`Status`, cell: status },
              ]}
            />
          );
        }}
      </Loaded>
    </Card>
  );
}

type RequestRoute = '/deposits/$id' | '/withdrawals/$id' | '/loans/$id';

/** A request's number, opening its page. */
export function RequestLink({ to, id, number }: { to: RequestRoute; id: number; number: string }) {
  return (
    <Link to={to} params={{ id }} className="font-medium text-teal-800 underline-offset-2 hover:underline">
      {number}
    </Link>
  );
}
