/**
 * Withdraw EUR to the bound bank account (/withdraw/index22). Without a bound account
 * there is nothing to send to: the screen says so and leads to the binding, which comes back here.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { Button, Preloader } from 'konsta/react';
import { EmptyState } from '../../app/EmptyState';
import { BankIcon } from '../../app/icons';
import { Screen } from '../../app/Screen';
import { errorMessage } from '../../i18n';
import { AsOf } from '../shared/AsOf';
import { LoadFailed, RecordsLink } from '../shared/records';
import { methodOf, useWithdrawInfo } from './useWithdrawInfo';
import { maskedIban, WithdrawForm } from './WithdrawForm';

const HERE = '/withdraw/index22';

export default function BankWithdrawScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const info = useWithdrawInfo();
  const reply = info.data;
  const bank = methodOf(reply, 'bank');
  const binding = reply?.bank ?? null;
  const bind = () => void navigate({ to: '/mine/bind', search: { redirect: HERE } });

  let content;
  if (!reply || !bank) {
    content = info.loading ? (
      <div className="flex justify-center py-16" role="status" aria-label={t`Loading`}>
        <Preloader />
      </div>
    ) : (
      <LoadFailed text={info.failure ?? ''} onRetry={info.reload} />
    );
  } else if (!binding) {
    content = (
      <EmptyState
        icon={<BankIcon size={36} />}
        title={t`No bank account bound`}
        text={errorMessage('bank.required')}
        action={
          <Button rounded onClick={bind}>
            {t`Bind a bank account`}
          </Button>
        }
      />
    );
  } else {
    const holder = `${binding.firstName} ${binding.lastName}`;
    content = (
      <WithdrawForm
        info={bank}
        destination={{ method: 'bank' }}
        shortName={() => (
          <bdi dir="ltr" className="font-mono">
            {maskedIban(binding.iban)}
          </bdi>
        )}
        onRefused={(key) => {
          // The binding was removed meanwhile: show the way to bind one.
          if (key === 'bank.required') info.reload();
        }}
      >
        <section aria-label={t`Paid to`} className="rounded-2xl bg-surface p-4">
          <div className="flex items-start gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-sea-50 text-sea-700">
              <BankIcon size={22} />
            </span>
            <div className="min-w-0 flex-1 text-sm">
              <p className="text-xs text-muted">{t`Paid to`}</p>
              <p className="truncate font-semibold text-ink" dir="auto">
                {holder}
              </p>
              <p className="font-mono text-ink">
                <bdi dir="ltr">{maskedIban(binding.iban)}</bdi>
              </p>
              <p className="truncate text-muted" dir="auto">
                {binding.bankName}
              </p>
            </div>
            <Link to="/mine/bind" search={{ redirect: HERE }} className="shrink-0 px-1 py-1 text-sm font-semibold text-sea-700">
              <Trans>Change</Trans>
            </Link>
          </div>
        </section>
      </WithdrawForm>
    );
  }

  return (
    <Screen right={<RecordsLink to="/withdraw/records" label={t`Withdrawal records`} />}>
      {info.asOf !== null ? (
        <p className="mx-4 mb-2 rounded-xl bg-amber-50 px-3 py-2 text-amber-900">
          <AsOf time={info.asOf} />
        </p>
      ) : null}
      {content}
    </Screen>
  );
}
