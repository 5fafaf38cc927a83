/** The shortcuts of home: each opens its screen (members-only ones ask visitors to log in). */
import { useLingui } from '@lingui/react/macro';
import { ActionGrid, type Action } from '../../ui/ActionGrid';
import { BankIcon, BookIcon, ChartIcon, CrownIcon, DepositIcon, LockIcon, ConvertIcon, WithdrawIcon } from '../../ui/icons';

export function QuickActions() {
  const { t } = useLingui();
  const actions: Action[] = [
    { to: '/recharge', label: t`Deposit`, icon: <DepositIcon /> },
    { to: '/withdraw', label: t`Withdraw`, icon: <WithdrawIcon /> },
    { to: '/transfer', label: t`Convert`, icon: <ConvertIcon /> },
    { to: '/market', label: t`Trading hall`, icon: <ChartIcon /> },
    { to: '/pledge', label: t`Pledge`, icon: <LockIcon /> },
    { to: '/loan', label: t`Loan`, icon: <BankIcon /> },
    { to: '/level', label: t`VIP`, icon: <CrownIcon /> },
    { to: '/home/tutorial', label: t`Guide`, icon: <BookIcon /> },
  ];
  return <ActionGrid label={t`Shortcuts`} actions={actions} className="gap-y-4" />;
}
