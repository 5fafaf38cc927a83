/**
 * Trading needs a merchant account: non-merchants are told so, and where to apply (the trading
 * hall). Once read it can be put away: the choice is kept on this device, per account.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { CloseIcon, StoreIcon } from '../../ui/icons';
import { userInfoAtom } from '../../storage/session';

const dismissedKey = (userId: string) => `tessera.merchantNoticeDismissed:${userId}`;

function wasDismissed(userId: string): boolean {
  try {
    return localStorage.getItem(dismissedKey(userId)) === '1';
  } catch {
    return false;
  }
}

export function MerchantNotice() {
  const { t } = useLingui();
  const user = useAtomValue(userInfoAtom);
  const [dismissed, setDismissed] = useState(() => (user ? wasDismissed(user.id) : false));
  if (!user || user.isMerchant || dismissed) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(dismissedKey(user.id), '1');
    } catch {
      // storage blocked: put away for this visit
    }
    setDismissed(true);
  };
  return (
    <section className="flex gap-3 rounded-2xl border border-amber-200 bg-amber-50 py-3.5 ps-4 pe-1 text-sm text-amber-950">
      <StoreIcon size={22} className="mt-0.5 shrink-0 text-amber-700" />
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          <Trans>Trading needs a merchant account</Trans>
        </p>
        <p className="mt-0.5 text-amber-900">
          <Trans>
            Your account must be upgraded to a merchant account before you can trade.{' '}
            <Link to="/market" className="font-medium text-amber-800 underline underline-offset-2">
              Apply in the trading hall
            </Link>
          </Trans>
        </p>
      </div>
      <button type="button" onClick={dismiss} aria-label={t`Dismiss`} className="-my-2 flex size-11 shrink-0 items-center justify-center rounded-full text-amber-800 active:bg-amber-100">
        <CloseIcon size={18} />
      </button>
    </section>
  );
}
