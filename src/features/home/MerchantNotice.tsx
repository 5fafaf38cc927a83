/** Trading needs a merchant account: non-merchants are told so, and where to apply (the trading hall). */
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { StoreIcon } from '../../app/icons';
import { userInfoAtom } from '../../storage/session';

export function MerchantNotice() {
  const user = useAtomValue(userInfoAtom);
  if (!user || user.isMerchant) return null;
  return (
    <section className="flex gap-3 rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3.5 text-sm text-amber-950">
      <StoreIcon size={22} className="mt-0.5 shrink-0 text-amber-700" />
      <div>
        <p className="font-medium">
          <Trans>Trading needs a merchant account</Trans>
        </p>
        <p className="mt-0.5 text-amber-900/80">
          <Trans>
            Your account must be upgraded to a merchant account before you can trade.{' '}
            <Link to="/market" className="font-medium text-amber-800 underline underline-offset-2">
              Apply in the trading hall
            </Link>
          </Trans>
        </p>
      </div>
    </section>
  );
}
