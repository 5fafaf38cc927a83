/**
 * The personal centre: who you are, your USDT and EUR balances, the menu of your
 * money and account screens, and logout.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { BankIcon, ChevronEndIcon, ConvertIcon, CrownIcon, DepositIcon, ListIcon, WithdrawIcon } from '../../ui/icons';
import { BuildingIcon, ClockIcon, LinkIcon, PercentIcon, SettingsIcon, WalletIcon } from '../../ui/moreIcons';
import { Row, RowGroup } from '../../ui/Rows';
import type { AppPath } from '../../ui/navigation';
import { Screen } from '../../ui/Screen';
import { userInfoAtom } from '../../storage/session';
import { LogoutButton } from '../shared/LogoutButton';
import { UserAvatar } from '../../ui/UserAvatar';
import { WalletBalances } from '../shared/WalletBalances';

export default function MineScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const menu: { to: AppPath; label: string; icon: ReactNode }[] = [
    { to: '/recharge', label: t`Deposit`, icon: <DepositIcon size={22} /> },
    { to: '/withdraw', label: t`Withdraw`, icon: <WithdrawIcon size={22} /> },
    { to: '/mine/components/transfer', label: t`Convert`, icon: <ConvertIcon size={22} /> },
    { to: '/mine/my-assets', label: t`My assets`, icon: <WalletIcon size={22} /> },
    { to: '/assets/assets-log', label: t`Fund record`, icon: <ListIcon size={22} /> },
    { to: '/level', label: t`VIP levels`, icon: <CrownIcon size={22} /> },
    { to: '/mine/bind', label: t`Account binding`, icon: <LinkIcon size={22} /> },
    { to: '/loan', label: t`Platform loan`, icon: <BankIcon size={22} /> },
    { to: '/mine/platform-intro', label: t`Platform intro`, icon: <BuildingIcon size={22} /> },
    { to: '/pledge/records', label: t`Interest record`, icon: <ClockIcon size={22} /> },
    { to: '/mine/components', label: t`Interest wallet`, icon: <PercentIcon size={22} /> },
    { to: '/setting', label: t`Settings`, icon: <SettingsIcon size={22} /> },
  ];
  return (
    <Screen
      back={false}
      tabbar
      right={
        <Link to="/setting" aria-label={t`Settings`} className="flex size-12 items-center justify-center text-ink">
          <SettingsIcon size={22} />
        </Link>
      }
    >
      <div className="space-y-4 px-4">
        <ProfileCard />
        <BalancesCard />
      </div>
      <RowGroup className="mt-4">
        {menu.map((item) => (
          <Row key={item.to} label={item.label} icon={item.icon} onClick={() => void navigate({ to: item.to })} />
        ))}
      </RowGroup>
      <div className="px-4 pt-6">
        <LogoutButton />
      </div>
    </Screen>
  );
}

function ProfileCard() {
  const { t } = useLingui();
  const user = useAtomValue(userInfoAtom);
  return (
    <Link to="/mine/profile" className="flex items-center gap-4 rounded-3xl bg-surface p-4 active:bg-canvas">
      <UserAvatar src={user?.avatar} name={user?.nickname || user?.username || ''} size={60} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-lg font-semibold text-ink">{user?.nickname || user?.username || t`Your profile`}</p>
        {user ? (
          <p className="truncate text-sm text-muted">
            <bdi dir="ltr">@{user.username}</bdi>
          </p>
        ) : null}
        {user ? (
          <span className="mt-1.5 inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
            VIP {user.vipLevel}
          </span>
        ) : null}
      </div>
      <ChevronEndIcon size={20} className="text-muted" />
    </Link>
  );
}

function BalancesCard() {
  const { t } = useLingui();
  return (
    <section aria-label={t`Balances`} className="rounded-3xl bg-sea-700 p-5 text-white">
      <WalletBalances title={<Trans>Balances</Trans>} />
    </section>
  );
}
