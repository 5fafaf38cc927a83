/** The shortcuts of home: each opens its screen (members-only ones ask visitors to log in). */
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { BankIcon, BookIcon, ChartIcon, CrownIcon, DepositIcon, LockIcon, TransferIcon, WithdrawIcon } from '../../app/icons';
import type { AppPath } from '../../app/navigation';

export function QuickActions() {
  const { t } = useLingui();
  const actions: { to: AppPath; label: string; icon: ReactNode }[] = [
    { to: '/recharge', label: t`Deposit`, icon: <DepositIcon /> },
    { to: '/withdraw', label: t`Withdraw`, icon: <WithdrawIcon /> },
    { to: '/transfer', label: t`Transfer`, icon: <TransferIcon /> },
    { to: '/market', label: t`Trading hall`, icon: <ChartIcon /> },
    { to: '/pledge', label: t`Pledge`, icon: <LockIcon /> },
    { to: '/loan', label: t`Loan`, icon: <BankIcon /> },
    { to: '/level', label: t`VIP`, icon: <CrownIcon /> },
    { to: '/home/tutorial', label: t`Guide`, icon: <BookIcon /> },
  ];
  return (
    <nav aria-label={t`Shortcuts`} className="grid grid-cols-4 gap-y-4 rounded-3xl bg-surface px-2 py-4">
      {actions.map((action) => (
        <Link key={action.to} to={action.to} className="flex flex-col items-center gap-2 rounded-2xl py-1 text-center active:bg-canvas">
          <span className="flex size-11 items-center justify-center rounded-2xl bg-sea-50 text-sea-700">{action.icon}</span>
          <span className="px-1 text-xs leading-tight font-medium text-ink">{action.label}</span>
        </Link>
      ))}
    </nav>
  );
}
