/**
 * Home: the total and the balances (or the way in), the first deposit for someone who has
 * nothing yet, quick buy and sell, shortcuts (the fund record among them), announcements, the merchant notice and the way to the proof of liabilities. Support is the round button
 * docked in the tab bar (app/SupportButton.tsx), not a card of its own. The first screen of the app, so it is part of the first chunk.
 */
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { BrandMark, GlobeIcon } from '../../ui/icons';
import { BalanceCard } from './BalanceCard';
import { FirstDeposit, useHasNoMoney } from './FirstDeposit';
import { MerchantNotice } from './MerchantNotice';
import { NoticeTicker } from './NoticeTicker';
import { QuickActions, QuickTrade } from './QuickActions';

export default function HomeScreen() {
  const { t } = useLingui();
  const newcomer = useHasNoMoney();
  return (
    // Konsta's Page, written out (docs/architecture.md, "What the first screen runs").
    <div className="k-page absolute top-0 left-0 h-full w-full overflow-auto bg-canvas">
      <header className="flex items-center justify-between px-5 pt-[calc(var(--k-safe-area-top)+1rem)] pb-3">
        <div className="flex items-center gap-2.5">
          <BrandMark size={32} />
          <h1 className="text-xl font-semibold tracking-tight text-ink">Tessera</h1>
        </div>
        <Link to="/setting/language" aria-label={t`Language`} className="-my-0.5 -me-2.5 flex size-11 items-center justify-center rounded-full text-ink hover:bg-surface">
          <GlobeIcon size={22} />
        </Link>
      </header>
      <div className="space-y-4 px-4 pb-[calc(var(--k-safe-area-bottom)+7rem)]">
        <BalanceCard />
        {newcomer ? <FirstDeposit /> : null}
        <QuickTrade />
        <QuickActions />
        <NoticeTicker />
        {newcomer ? null : <MerchantNotice />}
        <Link to="/liabilities" className="block rounded-2xl px-2 py-3 text-center text-sm font-medium text-sea-700 underline-offset-4 hover:underline">
          {t`Proof of liabilities: check that your balances are counted`}
        </Link>
      </div>
    </div>
  );
}
