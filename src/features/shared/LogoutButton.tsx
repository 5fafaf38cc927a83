/**
 * Log out, after a confirmation: the server revokes the token first, then the device
 * forgets the session, calls in flight are cancelled and the login page opens (signOut).
 * The dialog's button waits while that runs.
 * Konsta's large rounded outline Button in the danger colour, written out (ui/konstaMarkup.ts):
 * it is on Me, a first screen.
 */
import { useLingui } from '@lingui/react/macro';
import { signOut } from '../../api/account';
import { confirm } from '../../ui/feedback/confirm';
import { KONSTA_BUTTON } from '../../ui/konstaMarkup';
import { LogoutIcon } from '../../ui/moreIcons';

export function LogoutButton() {
  const { t } = useLingui();
  return (
    <button
      type="button"
      className={`${KONSTA_BUTTON} k-color-brand-danger h-12 border border-md-light-outline bg-transparent text-md-light-primary duration-300 active:bg-md-light-primary/10 dark:border-md-dark-outline dark:text-md-dark-primary dark:active:bg-md-dark-primary/10`}
      onClick={() =>
        void confirm({
          title: t`Log out`,
          content: t`Log out of Tessera on this device?`,
          confirmText: t`Log out`,
          onConfirm: signOut,
        })
      }
    >
      <LogoutIcon size={20} className="me-2" />
      {t`Log out`}
    </button>
  );
}
