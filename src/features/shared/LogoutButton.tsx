/**
 * Log out, after a confirmation: the server revokes the token first, then the device
 * forgets the session, calls in flight are cancelled and the login page opens (signOut).
 * The dialog's button waits while that runs. The app's secondary button in red: it ends something.
 */
import { useLingui } from '@lingui/react/macro';
import { signOut } from '../../api/account';
import { Button } from '../../ui/Button';
import { confirm } from '../../ui/feedback/confirm';
import { LogoutIcon } from '../../ui/moreIcons';

export function LogoutButton() {
  const { t } = useLingui();
  return (
    <Button
      kind="secondary"
      danger
      onClick={() =>
        void confirm({
          title: t`Log out`,
          content: t`Log out of Tessera on this device?`,
          confirmText: t`Log out`,
          onConfirm: signOut,
        })
      }
    >
      <LogoutIcon size={20} />
      {t`Log out`}
    </Button>
  );
}
