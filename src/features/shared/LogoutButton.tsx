/**
 * Log out, after a confirmation: the server revokes the token first, then the device
 * forgets the session, calls in flight are cancelled and the login page opens (signOut).
 * The dialog's button waits while that runs.
 */
import { useLingui } from '@lingui/react/macro';
import { Button } from 'konsta/react';
import { signOut } from '../../api/account';
import { confirm } from '../../app/feedback/confirm';
import { LogoutIcon } from '../../app/moreIcons';

export function LogoutButton() {
  const { t } = useLingui();
  return (
    <Button
      large
      rounded
      outline
      className="k-color-brand-danger"
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
    </Button>
  );
}
