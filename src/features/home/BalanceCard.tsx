/**
 * The balances card of home: USDT and EUR (4 decimals) and today's EUR rate, or, for a
 * visitor, the way to log in or sign up. A last-known copy says so, with its time.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useEurRate } from '../../api/queries';
import { tokenAtom } from '../../storage/session';
import { Rate } from '../shared/Amount';
import { WalletBalances } from '../shared/WalletBalances';

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
  return (
    <>
      <WalletBalances
        large
        title={t`Your balances`}
        action={
          <Link to="/assets" className="-my-2.5 inline-flex min-h-11 items-center rounded-full px-3 text-xs font-semibold text-white active:bg-white/10">
            {t`My assets`}
          </Link>
        }
      />
      {rate ? (
        <p className="mt-4 text-xs text-sea-100">
          {/* A formula reads left to right in every language. */}
          <span dir="ltr" className="inline-block">
            <Trans>
              1 USDT ≈ <Rate value={rate} unit="EUR" />
            </Trans>
          </span>
        </p>
      ) : null}
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
