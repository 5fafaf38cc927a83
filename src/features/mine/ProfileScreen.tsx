/**
 * Personal info (SPEC §2): photo, nickname (editable), username, phone, e-mail and the invite
 * code to share, with a copy button.
 */
import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { List, ListItem } from 'konsta/react';
import { useState } from 'react';
import { toast } from '../../app/feedback/toast';
import { ChevronEndIcon, CopyIcon } from '../../app/icons';
import { Screen } from '../../app/Screen';
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
      <Screen path="/mine/profile">
        <p className="px-6 py-10 text-center text-sm text-muted">{t`Your profile is loading…`}</p>
      </Screen>
    );
  }

  const chevron = <ChevronEndIcon size={18} className="text-muted" />;
  const notBound = <span className="text-muted">{t`Not linked`}</span>;
  return (
    <Screen path="/mine/profile">
      <div className="py-4">
        <AvatarUpload user={user} />
      </div>
      <List strong inset dividers>
        <ListItem link title={t`Nickname`} after={<span className="text-ink">{user.nickname || user.username}</span>} chevronIcon={chevron} onClick={() => setEditing(true)} />
        <ListItem title={t`Username`} after={<span className="text-ink">{user.username}</span>} />
        <ListItem
          link={!user.phone}
          title={t`Phone`}
          after={user.phone ? <bdi dir="ltr" className="text-ink tabular-nums">{user.phone}</bdi> : notBound}
          chevronIcon={chevron}
          chevron={!user.phone}
          onClick={user.phone ? undefined : () => void navigate({ to: '/mine/bind' })}
        />
        <ListItem
          link={!user.email}
          title={t`E-mail`}
          after={user.email ? <bdi dir="ltr" className="text-ink">{user.email}</bdi> : notBound}
          chevronIcon={chevron}
          chevron={!user.email}
          onClick={user.email ? undefined : () => void navigate({ to: '/mine/bind' })}
        />
        <ListItem
          title={t`Invite code`}
          after={
            <span className="flex items-center gap-2">
              <bdi dir="ltr" className="font-mono text-ink">{user.inviteCode}</bdi>
              <button
                type="button"
                onClick={() => void copyInvite(user.inviteCode)}
                aria-label={t`Copy invite code`}
                className="-me-2 flex size-9 items-center justify-center rounded-full text-sea-700 hover:bg-sea-50"
              >
                <CopyIcon size={18} />
              </button>
            </span>
          }
        />
      </List>
      <NicknameDialog user={user} opened={editing} onClose={() => setEditing(false)} />
    </Screen>
  );
}
