/** Finding a user by id, username, e-mail or phone: the exact matches first, each row opening the user's page. */
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import type { OpsUserRow } from '../../../domain/ops-wire';
import { Badge, Button, Card, Page, TextInput } from '../../ui/kit';
import { dateTime } from '../../ui/format';
import { PagedTable } from '../../ui/Table';
import { userSearchQuery } from './api';
import { isLocked } from './UserParts';

export function UsersPage() {
  const { t } = useLingui();
  const { q, page } = useSearch({ from: '/desk/users' });
  const navigate = useNavigate({ from: '/users' });
  const [text, setText] = useState(q);
  const found = useQuery(userSearchQuery(q, page));
  const search = (event: FormEvent) => {
    event.preventDefault();
    void navigate({ search: { q: text.trim(), page: 1 } });
  };

  return (
    <Page title={t`Users`} subtitle={t`Find a user by id, username, e-mail or phone number.`}>
      <Card>
        <form role="search" onSubmit={search} className="flex flex-wrap items-end gap-3">
          <div className="min-w-64 flex-1">
            <TextInput label={t`Id, username, e-mail or phone`} type="search" value={text} onChange={setText} autoComplete="off" maxLength={100} />
          </div>
          <Button type="submit" tone="primary">{t`Search`}</Button>
        </form>
      </Card>
      {q ? (
        <Card title={t`Results for “${q}”`}>
          <PagedTable<OpsUserRow>
            query={found}
            loading={t`Searching…`}
            empty={t`No user matches.`}
            caption={t`Users found, exact matches first`}
            rowKey={(user) => user.id}
            onPage={(next) => void navigate({ search: { q, page: next } })}
            columns={[
              {
                header: t`User`,
                cell: (user) => (
                  <>
                    <Link to="/users/$id" params={{ id: user.id }} search={{ tab: 'movements', page: 1 }} className="font-medium text-teal-800 underline-offset-2 hover:underline">
                      {user.username}
                    </Link>
                    <span className="block text-xs text-slate-600">{user.nickname}</span>
                  </>
                ),
              },
              { header: t`E-mail`, cell: (user) => user.email ?? '—' },
              { header: t`Phone`, cell: (user) => user.phone ?? '—', nowrap: true },
              { header: t`VIP`, cell: (user) => user.vipLevel, numeric: true },
              {
                header: t`Merchant`,
                cell: (user) => (user.isMerchant ? <Badge tone="good">{t`Merchant`}</Badge> : user.merchantApplication === 'pending' ? <Badge tone="waiting">{t`Applied`}</Badge> : '—'),
              },
              { header: t`Registered`, cell: (user) => dateTime(user.createdAt), nowrap: true },
              { header: t`Locks`, cell: (user) => (isLocked(user.loginLockedUntil) || isLocked(user.payPasswordLockedUntil) ? <Badge tone="bad">{t`Locked`}</Badge> : '—') },
              { header: t`Id`, cell: (user) => <span className="font-mono text-xs text-slate-600">{user.id}</span> },
            ]}
          />
        </Card>
      ) : null}
    </Page>
  );
}
