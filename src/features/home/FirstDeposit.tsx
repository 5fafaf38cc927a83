/**
 * For someone whose balances are both zero: what to do first, instead of two zeros and nothing else.
 * It promises no return: a yield is stated only where its rate and conditions are (the pledge's
 * products and form: daily and yearly rate, lock period, penalty, who pays the interest).
 */
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useWallet } from '../../api/queries';
import { DepositIcon } from '../../ui/icons';
import { parseAmount } from '../../domain/money';

export function useHasNoMoney(): boolean {
  const wallet = useWallet().data;
  return wallet !== undefined && parseAmount(wallet.USDT, 'USDT') === 0n && parseAmount(wallet.EUR, 'EUR') === 0n;
}

export function FirstDeposit() {
  return (
    <section className="rounded-3xl bg-surface p-4">
      <div className="flex items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-sea-50 text-sea-700">
          <DepositIcon size={22} />
        </span>
        <div>
          <h2 className="text-base font-semibold text-ink">
            <Trans>Make your first deposit</Trans>
          </h2>
          <p className="mt-0.5 text-sm text-muted">
            <Trans>Add USDT or EUR to convert between them or trade with merchants.</Trans>
          </p>
        </div>
      </div>
      <Link to="/recharge" className="mt-3 flex min-h-11 items-center justify-center rounded-full bg-sea-700 text-sm font-semibold text-white active:bg-sea-800">
        <Trans>Deposit now</Trans>
      </Link>
    </section>
  );
}
