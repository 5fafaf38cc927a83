/**
 * The balances card of home: the total in EUR at today's rate, USDT and EUR (4 and 2 decimals)
 * with their marks, the eye that hides them, and the rate; for a visitor, the way to log in or
 * sign up. A last-known copy says so, with its time.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useAtom, useAtomValue } from 'jotai';
import { useEurRate, useWallet } from '../../api/queries';
import { EyeIcon, EyeOffIcon } from '../../ui/icons';
import { balancesHiddenAtom } from '../../ui/privacy';
import { valueInEur } from '../../domain/money';
import { tokenAtom } from '../../storage/session';
import { RateLine } from '../../ui/Amount';
import { MaskedAmount, WalletBalances } from '../shared/WalletBalances';

export function BalanceCard() {
  const token = useAtomValue(tokenAtom);
  return (
    <section className="relative overflow-hidden rounded-3xl bg-sea-700 p-5 text-white shadow-lg shadow-sea-900/15">
      <div aria-hidden="true" className="absolute -end-10 -top-12 size-44 rounded-[2.5rem] bg-white/6 rotate-12" />
      <div aria-hidden="true" className="absolute -end-2 top-16 size-24 rounded-[1.75rem] bg-mint/15 rotate-12" />
      <div className="relative">{token ? <Balances /> : <VisitorCallToAction />}</div>
    </section>
  );
}

function Balances() {
  const { t } = useLingui();
  const rate = useEurRate().data;
  const wallet = useWallet().data;
  const [hidden, setHidden] = useAtom(balancesHiddenAtom);
  const total = wallet && rate ? valueInEur(wallet.USDT, wallet.EUR, rate) : null;
  return (
    <>
      <WalletBalances
        title={t`Available balance`}
        action={
          <div className="-my-2.5 flex items-center">
            <button
              type="button"
              onClick={() => setHidden(!hidden)}
              aria-pressed={hidden}
              aria-label={hidden ? t`Show balances` : t`Hide balances`}
              className="flex size-11 items-center justify-center rounded-full text-sea-100 active:bg-white/10"
            >
              {hidden ? <EyeOffIcon size={20} /> : <EyeIcon size={20} />}
            </button>
            <Link to="/assets" className="-me-3 inline-flex min-h-11 items-center rounded-full px-3 text-xs font-semibold text-white active:bg-white/10">
              {t`My assets`}
            </Link>
          </div>
        }
        lead={
          <p className="mt-1 text-3xl font-semibold tracking-tight" data-total="EUR">
            {/* The sum of both balances at today's rate: an estimate, so "≈", read with the figure left to right in every language. */}
            <bdi dir="ltr">
              ≈ <MaskedAmount value={total} asset="EUR" code />
            </bdi>
          </p>
        }
      />
      {/* Its line is kept while the rate loads: the card keeps the height of index.html's shell (12rem). */}
      <p className="mt-3 h-4 text-xs leading-4 text-sea-100">
        {/* The reference rate as the loans and the conversion write it: "1 USDT = 0.9200 EUR". */}
        {rate ? <RateLine base="USDT" rate={rate} quote="EUR" /> : null}
      </p>
    </>
  );
}

function VisitorCallToAction() {
  return (
    <>
      <h2 className="text-lg font-semibold">
        <Trans>Your USDT and EUR in one place</Trans>
      </h2>
      <p className="mt-1 max-w-64 text-sm text-sea-100">
        <Trans>Log in to see your balances, deposit, withdraw and trade.</Trans>
      </p>
      <div className="mt-5 flex gap-3">
        <Link to="/auth/login" className="rounded-full bg-white px-5 py-3 text-sm font-semibold text-sea-800">
          <Trans>Log in</Trans>
        </Link>
        <Link to="/auth/register" className="rounded-full border border-white/40 px-5 py-3 text-sm font-semibold text-white">
          <Trans>Create account</Trans>
        </Link>
      </div>
    </>
  );
}
