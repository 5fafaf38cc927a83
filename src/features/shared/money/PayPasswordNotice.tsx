/**
 * The payment password's absence, said where a payment will need it: above a money form before
 * the user fills it (PayPasswordNotice) or in the payment's sheet (PayPasswordMissing), and as a flagged "Not set" on the rows that lead to
 * setting it (NotSetFlag: Me, Settings). Setting it goes back to the screen it was asked from.
 */
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { userInfoAtom } from '../../../storage/session';
import { LockIcon } from '../../../ui/icons';

/** Whether the signed-in user still has to set a payment password (false while the profile is unknown). */
export function useNeedsPayPassword(): boolean {
  const user = useAtomValue(userInfoAtom);
  return user !== null && !user.hasPayPassword;
}

/** Above a money form: every payment asks for the payment password, and none is set yet. */
export function PayPasswordNotice() {
  return useNeedsPayPassword() ? <PayPasswordMissing /> : null;
}

/** The one way the missing payment password is said: above a form, and in the sheet a payment opens. */
export function PayPasswordMissing() {
  return (
    <section role="note" className="flex gap-3 rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <LockIcon size={20} className="mt-0.5 shrink-0 text-amber-700" />
      <div className="min-w-0">
        <p>
          <Trans>Set a payment password first. It protects every payment and withdrawal.</Trans>
        </p>
        <Link to="/setting/pay-password" className="-ms-2 inline-flex min-h-11 items-center px-2 font-semibold text-amber-900 underline underline-offset-2">
          <Trans>Set payment password</Trans>
        </Link>
      </div>
    </section>
  );
}

/** "Not set", flagged, as a row's value. */
export function NotSetFlag() {
  return (
    <span className="inline-flex items-center rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
      <Trans>Not set</Trans>
    </span>
  );
}
