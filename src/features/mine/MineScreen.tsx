/**
 * The personal centre: who you are, your USDT and EUR balances, and your screens in groups —
 * money (assets and records), earn (only for people who earn: a pledge running or interest
 * earned), account (the payment password while it is not set, bank binding, settings) and help —
 * then logout. Home's shortcuts are not repeated here.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { usePledgeOverview } from '../../api/queries';
import { ChevronEndIcon, DepositIcon, HeadsetIcon, LockIcon, WithdrawIcon } from '../../ui/icons';
import { BuildingIcon, ClockIcon, HelpIcon, LinkIcon, PercentIcon, SettingsIcon, ShieldIcon, WalletIcon } from '../../ui/moreIcons';
import { Row, RowGroup } from '../../ui/Rows';
import type { AppPath } from '../../ui/navigation';
import { Screen } from '../../ui/Screen';
import { userInfoAtom } from '../../storage/session';
import { LogoutButton } from '../shared/LogoutButton';
import { NotSetFlag, useNeedsPayPassword } from '../shared/money/PayPasswordNotice';
import { UserAvatar } from '../../ui/UserAvatar';
import { WalletBalances } from '../shared/WalletBalances';

export default function MineScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const earns = useEarns();
  const needsPayPassword = useNeedsPayPassword();
  const go = (to: AppPath) => () => void navigate({ to });
  // Home's shortcuts (deposit, withdraw, convert, fund record, pledge, loan, VIP, guide) are not
  // repeated here; the profile card opens the personal info, so no row does.
  return (
    <Screen back={false} tabbar>
      <div className="space-y-4 px-4">
        <ProfileCard />
        <BalancesCard />
      </div>
      <div className="mt-6 space-y-6">
        <RowGroup title={t`Money`}>
          <Row label={t`My assets`} icon={<WalletIcon size={22} />} onClick={go('/mine/my-assets')} />
          <Row label={t`Deposit records`} icon={<DepositIcon size={22} />} onClick={go('/recharge/records')} />
          <Row label={t`Withdrawal records`} icon={<WithdrawIcon size={22} />} onClick={go('/withdraw/records')} />
        </RowGroup>
        {earns ? (
          <RowGroup title={t`Earn`}>
            <Row label={t`Interest wallet`} icon={<PercentIcon size={22} />} onClick={go('/mine/components')} />
            <Row label={t`Interest record`} icon={<ClockIcon size={22} />} onClick={go('/pledge/records')} />
          </RowGroup>
        ) : null}
        <RowGroup title={t`Account`}>
          {needsPayPassword ? (
            <Row label={t`Payment password`} value={<NotSetFlag />} icon={<LockIcon size={22} />} onClick={go('/setting/pay-password')} />
          ) : null}
          <Row label={t`Account binding`} icon={<LinkIcon size={22} />} onClick={go('/mine/bind')} />
          <Row label={t`Settings`} icon={<SettingsIcon size={22} />} onClick={go('/setting')} />
        </RowGroup>
        <RowGroup title={t`Help`}>
          <Row label={t`Platform intro`} icon={<BuildingIcon size={22} />} onClick={go('/mine/platform-intro')} />
          <Row label={t`Proof of liabilities`} icon={<ShieldIcon size={22} />} onClick={go('/liabilities')} />
          <Row label={t`Help centre`} icon={<HelpIcon size={22} />} onClick={go('/setting/help')} />
          <Row label={t`Customer service`} icon={<HeadsetIcon size={22} />} onClick={go('/home/service')} />
        </RowGroup>
      </div>
      <div className="px-4 pt-6">
        <LogoutButton />
      </div>
    </Screen>
  );
}

/**
 * Whether the user earns interest: a pledge running, or interest earned or waiting in the
 * interest wallet. Unknown (not loaded yet, offline on a first visit): not shown.
 */
function useEarns(): boolean {
  const overview = usePledgeOverview();
  const data = overview.data;
  if (!data) return false;
  const positive = (amounts: Record<string, string>) => Object.values(amounts).some((amount) => /[1-9]/.test(amount));
  return data.active !== null || positive(data.earned) || positive(data.interest) || positive(data.managed);
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
