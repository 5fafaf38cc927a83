/**
 * One user: who they are (profile, VIP, merchant state), the locks wrong passwords put on them
 * (lifted here with a reason), what they hold per asset and account purpose as the ledger says,
 * and their records a tab at a time. A finance operator starts a correction from here.
 */
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { USER_PURPOSES } from '../../../domain/ledger';
import { roleAllows } from '../../../domain/operators';
import type { OpsUserDetail } from '../../../domain/ops-wire';
import { useDecision } from '../../api/decision';
import { sessionQuery } from '../../api/session';
import { Badge, Button, Card, Facts, FilterTabs, Notice, Page, Spinner } from '../../ui/kit';
import { dateTime } from '../../ui/format';
import { ReasonDialog } from '../../ui/ReasonDialog';
import { AssetTable } from '../../ui/Table';
import { liftLockout, userQuery, type UserPart } from './api';
import { isLocked, usePurposeLabel, UserPartList } from './UserParts';

export function UserPage() {
  const { t } = useLingui();
  const { id } = useParams({ from: '/desk/users/$id' });
  const { tab, page } = useSearch({ from: '/desk/users/$id' });
  const navigate = useNavigate({ from: '/users/$id' });
  const user = useQuery(userQuery(id));
  const role = useQuery(sessionQuery).data?.operator.role;

  if (user.isPending) return <Spinner label={t`Loading the user…`} />;
  if (user.isError) {
    return (
      <Page title={t`User`}>
        <Notice>{user.error.message}</Notice>
        <Link to="/users" search={{ q: '', page: 1 }} className="text-sm text-teal-800 underline">
          {t`Back to the search`}
        </Link>
      </Page>
    );
  }
  const record = user.data;
  const tabs: { value: UserPart; label: string }[] = [
    { value: 'movements', label: t`Movements` },
    { value: 'postings', label: t`Postings` },
    { value: 'deposits', label: t`Deposits` },
    { value: 'withdrawals', label: t`Withdrawals` },
    { value: 'orders', label: t`Orders` },
    { value: 'offers', label: t`Offers` },
    { value: 'pledges', label: t`Pledges` },
    { value: 'loans', label: t`Loans` },
    { value: 'devices', label: t`Push devices` },
    { value: 'sessions', label: t`Sessions` },
    { value: 'audit', label: t`Audit` },
  ];
  return (
    <Page
      title={record.username}
      subtitle={<span className="font-mono text-xs">{record.id}</span>}
      actions={
        role && roleAllows(role, 'finance') ? (
          <Link
            to="/corrections"
            search={{ userId: record.id, status: 'pending' as const, page: 1 }}
            className="inline-flex min-h-9 items-center rounded-md bg-white px-3.5 py-1.5 text-sm font-medium text-slate-900 ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
          >
            {t`Correct a balance…`}
          </Link>
        ) : undefined
      }
    >
      <div className="grid grid-cols-1 items-start gap-5 xl:grid-cols-2">
        <Profile user={record} />
        <div className="flex flex-col gap-5">
          <Lockouts user={record} />
          <Balances user={record} />
        </div>
      </div>
      <Card>
        <div className="flex flex-col gap-4">
          <FilterTabs<UserPart> label={t`The user's records`} value={tab} options={tabs} onChange={(next) => void navigate({ search: { tab: next, page: 1 } })} />
          <UserPartList user={record} part={tab} page={page} onPage={(next) => void navigate({ search: { tab, page: next } })} />
        </div>
      </Card>
    </Page>
  );
}

function Profile({ user }: { user: OpsUserDetail }) {
  const { t } = useLingui();
  const merchant = user.isMerchant ? (
    <Badge tone="good">{t`Merchant`}</Badge>
  ) : user.merchantApplication === 'pending' ? (
    <Badge tone="waiting">{t`Application waiting`}</Badge>
  ) : user.merchantApplication === 'rejected' ? (
    <Badge tone="bad">{t`Application rejected`}</Badge>
  ) : (
    t`No`
  );
  return (
    <Card title={t`Profile`}>
      <Facts
        items={[
          [t`Username`, user.username],
          [t`Nickname`, user.nickname],
          [t`E-mail`, user.email ?? '—'],
          [t`Phone`, user.phone ?? '—'],
          [t`Language`, user.locale],
          [t`Registered`, dateTime(user.createdAt)],
          [t`VIP level`, <span key="vip" className="font-semibold">{user.vipLevel}</span>],
          [t`Merchant`, merchant],
          [t`Payment password`, user.hasPayPassword ? t`Set` : t`Not set`],
          [t`Invite code`, <span key="code" className="font-mono">{user.inviteCode}</span>],
          [
            t`Invited by`,
            user.invitedBy ? (
              <Link key="inviter" to="/users/$id" params={{ id: user.invitedBy }} search={{ tab: 'movements', page: 1 }} className="font-mono text-xs text-teal-800 underline">
                {user.invitedBy}
              </Link>
            ) : (
              '—'
            ),
          ],
        ]}
      />
    </Card>
  );
}

function Lockouts({ user }: { user: OpsUserDetail }) {
  const { t } = useLingui();
  const [lifting, setLifting] = useState(false);
  const decision = useDecision(liftLockout);
  const login = isLocked(user.loginLockedUntil);
  const pay = isLocked(user.payPasswordLockedUntil);
  const lock = (locked: boolean, until: string | null) => (locked ? <Badge tone="bad">{t`Locked until ${dateTime(until)}`}</Badge> : <Badge tone="good">{t`Not locked`}</Badge>);
  return (
    <Card
      title={t`Lockouts`}
      actions={
        login || pay ? (
          <Button tone="primary" onClick={() => setLifting(true)}>
            {t`Lift…`}
          </Button>
        ) : undefined
      }
    >
      <Facts
        items={[
          [t`Login`, lock(login, user.loginLockedUntil)],
          [t`Payment password`, lock(pay, user.payPasswordLockedUntil)],
        ]}
      />
      {lifting ? (
        <ReasonDialog
          title={t`Lift the locks of ${user.username}?`}
          confirm={t`Lift the locks`}
          busy={decision.isPending}
          onClose={() => setLifting(false)}
          onConfirm={(reason) => decision.mutateAsync({ id: user.id, reason })}
        >
          <p className="text-slate-700">{t`The wrong tries are forgotten: the user may sign in and pay with their passwords at once. Nothing is posted to the ledger.`}</p>
        </ReasonDialog>
      ) : null}
    </Card>
  );
}

function Balances({ user }: { user: OpsUserDetail }) {
  const { t } = useLingui();
  const purpose = usePurposeLabel();
  return (
    <Card title={t`Balances (from the ledger)`}>
      <AssetTable
        caption={t`Balances per account purpose and asset`}
        header={t`Account`}
        rows={USER_PURPOSES}
        name={purpose}
        amount={(name, asset) => user.balances[asset][name]}
      />
    </Card>
  );
}

