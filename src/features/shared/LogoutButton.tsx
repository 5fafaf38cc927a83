/**
 * Log out, after a confirmation: the server revokes the token first, then the device
 * forgets the session, calls in flight are cancelled and the login page opens (signOut).
 * The dialog's button waits while that runs.
 *
 * Konsta's large rounded outline Button with its classes written out, in the danger colour: it is
 * on Me, a first screen (see app/TabBar.tsx for why the first screens draw Konsta's markup).
 */
import { useLingui } from '@lingui/react/macro';
import { signOut } from '../../api/account';
import { confirm } from '../../app/feedback/confirm';
import { LogoutIcon } from '../../app/moreIcons';

export function LogoutButton() {
  const { t } = useLingui();
  return (
    <button
      type="button"
      className="k-button k-color-brand-danger relative z-10 flex h-12 w-full cursor-pointer appearance-none items-center justify-center overflow-hidden rounded-full border border-md-light-outline bg-transparent px-4 py-1 text-center font-medium text-md-light-primary transition-colors duration-300 select-none focus:outline-none active:bg-md-light-primary/10 dark:border-md-dark-outline dark:text-md-dark-primary dark:active:bg-md-dark-primary/10"
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
