/**
 * Withdraw (/withdraw and /assets/components/withdarw): the two ways out — USDT to a
 * crypto address, EUR to the bound bank account — each with its minimum, fee and available
 * balance before choosing; above them, while withdrawals are paused after a security change, until
 * when; below them, the way to the address book.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Preloader } from 'konsta/react';
import type { ReactNode } from 'react';
import { BankIcon, BookIcon, ChevronEndIcon } from '../../ui/icons';
import { WalletIcon } from '../../ui/moreIcons';
import { Screen } from '../../ui/Screen';
import type { WithdrawMethodInfo } from '../../domain/wire';
import { Amount } from '../../ui/Amount';
import { AsOf } from '../../ui/AsOf';
import { Fact, LoadFailed, RecordsLink } from '../shared/records';
import { maskedIban } from '../shared/money/iban';
import { useWithdrawalPause, WithdrawalPauseNotice } from '../shared/money/WithdrawalPause';
import { methodOf, useWithdrawInfo } from './useWithdrawInfo';

export default function WithdrawScreen() {
  const { t } = useLingui();
  const info = useWithdrawInfo();
  const reply = info.data;
  const crypto = methodOf(reply, 'crypto');
  const bank = methodOf(reply, 'bank');
  const pausedUntil = useWithdrawalPause();

  return (
    <Screen right={<RecordsLink to="/withdraw/records" label={t`Withdrawal records`} />}>
      <div className="space-y-4 px-4 pt-2">
        {pausedUntil ? <WithdrawalPauseNotice until={pausedUntil} /> : null}
        {info.asOf !== null ? (
          <p className="rounded-xl bg-amber-50 px-3 py-2 text-amber-900">
            <AsOf time={info.asOf} />
          </p>
        ) : null}
        {info.loading && !reply ? (
          <div className="flex justify-center py-16" role="status" aria-label={t`Loading`}>
            <Preloader />
          </div>
        ) : !reply ? (
          <LoadFailed text={info.failure ?? ''} onRetry={info.reload} />
        ) : (
          <>
            <p className="px-1 text-sm text-muted">
              <Trans>Choose where your money goes.</Trans>
            </p>
            {crypto ? (
              <MethodCard
                to="/withdraw/index11"
                icon={<WalletIcon size={24} />}
                title={t`To a crypto address`}
                subtitle={
                  <Trans>
                    {crypto.asset} on <bdi dir="ltr">{crypto.networks.join(', ')}</bdi>
                  </Trans>
                }
                info={crypto}
              />
            ) : null}
            {bank ? (
              <MethodCard
                to="/withdraw/index22"
                icon={<BankIcon size={24} />}
                title={t`To a bank account (IBAN)`}
                subtitle={
                  reply.bank ? (
                    <Trans>
                      {bank.asset} to{' '}
                      <bdi dir="ltr" className="tabular-nums tracking-wide" data-address>
                        {maskedIban(reply.bank.iban)}
                      </bdi>
                    </Trans>
                  ) : (
                    <Trans>{bank.asset} · bind a bank account first</Trans>
                  )
                }
                info={bank}
              />
            ) : null}
          </>
        )}
        {reply ? (
          <Link to="/withdraw/address-book" className="flex items-center gap-3 rounded-3xl bg-surface p-4 transition-colors active:bg-canvas">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-sea-50 text-sea-700">
              <BookIcon size={24} />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block text-base font-semibold text-ink">{t`Address book`}</span>
              <span className="block text-sm text-muted">{t`Saved addresses and bank accounts, and “Only to my address book”`}</span>
            </span>
            <ChevronEndIcon size={20} className="shrink-0 text-muted" />
          </Link>
        ) : null}
        <Link to="/withdraw/records" className="block py-3 text-center text-sm font-semibold text-sea-700">
          <Trans>See your withdrawal records</Trans>
        </Link>
      </div>
    </Screen>
  );
}

interface MethodCardProps {
  to: '/withdraw/index11' | '/withdraw/index22';
  icon: ReactNode;
  title: string;
  subtitle: ReactNode;
  info: WithdrawMethodInfo;
}

function MethodCard({ to, icon, title, subtitle, info }: MethodCardProps) {
  const { t } = useLingui();
  return (
    <Link to={to} className="block rounded-3xl bg-surface p-4 transition-colors active:bg-canvas">
      <div className="flex items-center gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-sea-50 text-sea-700">{icon}</span>
        <span className="min-w-0 flex-1">
          <span className="block text-base font-semibold text-ink">{title}</span>
          <span className="block text-sm text-muted">{subtitle}</span>
        </span>
        <ChevronEndIcon size={20} className="shrink-0 text-muted" />
      </div>
      <dl className="mt-3 border-t border-line pt-2">
        <Fact label={t`Available`}>
          <Amount value={info.available} asset={info.asset} />
        </Fact>
        <Fact label={t`Minimum`}>
          <Amount value={info.minimum} asset={info.asset} />
        </Fact>
        <Fact label={t`Fee`}>
          <Amount value={info.fee} asset={info.asset} />
        </Fact>
      </dl>
    </Link>
  );
}
