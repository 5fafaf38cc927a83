/**
 * Personal info: photo, nickname (editable), username, phone and e-mail (each opens the screen
 * that links it, or changes it), and the invite code to share, with a copy button.
 */
import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { toast } from '../../ui/feedback/toast';
import { CopyIcon } from '../../ui/moreIcons';
import { Row, RowGroup } from '../../ui/Rows';
import { Screen } from '../../ui/Screen';
import { userInfoAtom } from '../../storage/session';
import { AvatarUpload } from './AvatarUpload';
import { NicknameDialog } from './NicknameDialog';

export default function ProfileScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const user = useAtomValue(userInfoAtom);
  const [editing, setEditing] = useState(false);

  async function copyInvite(code: string) {
    try {
      await navigator.clipboard.writeText(code);
      toast.success(t`Invite code copied`);
    } catch {
      toast.error(t`Copy failed`);
    }
  }

  if (!user) {
    return (
      <Screen>
        <p className="px-6 py-10 text-center text-sm text-muted">{t`Your profile is loading…`}</p>
      </Screen>
    );
  }

  const notLinked = t`Not linked`;
  const openContact = (which: 'phone' | 'email') => void navigate({ to: '/setting/security/contact', search: { which } });
  return (
    <Screen>
      <div className="py-4">
        <AvatarUpload user={user} />
      </div>
      <RowGroup>
        <Row label={t`Nickname`} value={<span className="text-ink">{user.nickname || user.username}</span>} onClick={() => setEditing(true)} />
        <Row label={t`Username`} value={<span className="text-ink">{user.username}</span>} />
        <Row
          label={t`Phone`}
          value={user.phone ? <bdi dir="ltr" className="text-ink tabular-nums">{user.phone}</bdi> : notLinked}
          onClick={() => openContact('phone')}
        />
        <Row
          label={t`E-mail`}
          value={user.email ? <bdi dir="ltr" className="text-ink">{user.email}</bdi> : notLinked}
          onClick={() => openContact('email')}
        />
        <Row
          label={t`Invite code`}
          value={
            <span className="flex items-center justify-end gap-1">
              <bdi dir="ltr" className="tabular-nums tracking-wide text-ink">{user.inviteCode}</bdi>
              <button
                type="button"
                onClick={() => void copyInvite(user.inviteCode)}
                aria-label={t`Copy invite code`}
                className="-my-0.5 -me-2.5 flex size-11 items-center justify-center rounded-full text-sea-700 hover:bg-sea-50"
              >
                <CopyIcon size={18} />
              </button>
            </span>
          }
        />
      </RowGroup>
      <NicknameDialog user={user} opened={editing} onClose={() => setEditing(false)} />
    </Screen>
  );
}
