/**
 * Home's ways on: quick trade (buy or sell USDT: the trading hall with that side chosen) and the
 * shortcuts, each opening its screen (members-only ones ask visitors to log in). Both are in
 * index.html's static shell with the same words (app/shellText.ts).
 */
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { ActionGrid, type Action } from '../../ui/ActionGrid';
import { BankIcon, BookIcon, CrownIcon, DepositIcon, ListIcon, LockIcon, ConvertIcon, WithdrawIcon } from '../../ui/icons';

export function QuickTrade() {
  const { t } = useLingui();
  const button = 'flex min-h-12 items-center justify-center rounded-2xl px-3 text-base font-semibold text-white';
  return (
    <nav aria-label={t`Quick trade`} className="grid grid-cols-2 gap-3">
      <Link to="/market" search={{ side: 'buy' }} className={`${button} bg-emerald-700 active:bg-emerald-800`}>
        {t`Buy USDT`}
      </Link>
      <Link to="/market" search={{ side: 'sell' }} className={`${button} bg-rose-700 active:bg-rose-800`}>
        {t`Sell USDT`}
      </Link>
    </nav>
  );
}

export function QuickActions() {
  const { t } = useLingui();
  const actions: Action[] = [
    { to: '/recharge', label: t`Deposit`, icon: <DepositIcon /> },
    { to: '/withdraw', label: t`Withdraw`, icon: <WithdrawIcon /> },
    { to: '/transfer', label: t`Convert`, icon: <ConvertIcon /> },
    { to: '/assets/assets-log', label: t`Fund record`, icon: <ListIcon /> },
    { to: '/pledge', label: t`Pledge`, icon: <LockIcon /> },
    { to: '/loan', label: t`Loan`, icon: <BankIcon /> },
    { to: '/level', label: t`VIP`, icon: <CrownIcon /> },
    { to: '/home/tutorial', label: t`Guide`, icon: <BookIcon /> },
  ];
  return <ActionGrid label={t`Shortcuts`} actions={actions} className="gap-y-4" />;
}
