/** Edit the nickname in a dialog, checked with the shared nicknameSchema before it is sent. */
import { useLingui } from '@lingui/react/macro';
import { Dialog, DialogButton } from 'konsta/react';
import { useEffect, useState } from 'react';
import { editNickname } from '../../api/calls';
import { toast } from '../../app/feedback/toast';
import { NICKNAME_MAX_LENGTH } from '../../domain/constants';
import { nicknameEditSchema } from '../../domain/validation';
import type { UserInfo } from '../../domain/wire';
import { saveUserInfo } from '../../storage/session';
import { fieldErrors } from '../shared/fieldErrors';
import { serverFieldError } from '../shared/serverFieldError';
import { TextField } from '../shared/TextField';
import { useOverlay } from '../../app/overlays';

export interface NicknameDialogProps {
  user: UserInfo;
  opened: boolean;
  onClose(): void;
}

export function NicknameDialog({ user, opened, onClose }: NicknameDialogProps) {
  useOverlay(opened);
  const { t } = useLingui();
  const [nickname, setNickname] = useState(user.nickname);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (opened) {
      setNickname(user.nickname);
      setError(null);
    }
  }, [opened, user.nickname]);

  async function save() {
    const parsed = nicknameEditSchema.safeParse({ nickname });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error, 'nickname', { max: NICKNAME_MAX_LENGTH }).nickname ?? null);
      return;
    }
    setSaving(true);
    try {
      await editNickname(parsed.data);
      await saveUserInfo({ ...user, nickname: parsed.data.nickname });
      toast.success(t`Nickname saved`);
      onClose();
    } catch (failure) {
      setError(serverFieldError(failure, ['nickname'] as const).nickname ?? null);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      opened={opened}
      onBackdropClick={() => !saving && onClose()}
      title={t`Nickname`}
      content={
        <form
          className="pt-2 text-start"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <TextField label={t`How others see you`} value={nickname} onChange={setNickname} error={error} maxLength={NICKNAME_MAX_LENGTH + 8} autoFocus />
        </form>
      }
      buttons={
        <>
          <DialogButton onClick={onClose} disabled={saving}>
            {t`Cancel`}
          </DialogButton>
          <DialogButton strong onClick={() => void save()} disabled={saving}>
            {saving ? t`Saving…` : t`Save`}
          </DialogButton>
        </>
      }
    />
  );
}
