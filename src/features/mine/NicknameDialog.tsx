/** Edit the nickname in a dialog, checked with the shared nicknameSchema before it is sent. */
import { useLingui } from '@lingui/react/macro';
import { Dialog, DialogButton } from 'konsta/react';
import { editNickname } from './api/calls';
import { toast } from '../../ui/feedback/toast';
import { NICKNAME_MAX_LENGTH } from '../../domain/constants';
import { nicknameEditSchema } from '../../domain/validation';
import type { UserInfo } from '../../domain/wire';
import { saveUserInfo } from '../../storage/session';
import { setServerError, submitOnce, textField, useZodForm } from '../../ui/form/form';
import { TextField } from '../../ui/form/TextField';
import { useOverlay } from '../../ui/overlays';
import { useAccountMutation } from '../shared/useAccountMutation';
import { TITLE } from '../../ui/title';

export interface NicknameDialogProps {
  user: UserInfo;
  opened: boolean;
  onClose(): void;
}

export function NicknameDialog({ user, opened, onClose }: NicknameDialogProps) {
  const modal = useOverlay(opened);
  const { t } = useLingui();
  // Follows the saved nickname; what was typed and not saved is dropped on every way out.
  const form = useZodForm(nicknameEditSchema, { values: { nickname: user.nickname }, params: { max: NICKNAME_MAX_LENGTH } });

  function close() {
    form.reset();
    onClose();
  }

  const saving = useAccountMutation({
    call: editNickname,
    async onSuccess(_reply, data) {
      await saveUserInfo({ ...user, nickname: data.nickname });
      toast.success(t`Nickname saved`);
      close();
    },
    onError: (failure) => setServerError(form, failure, ['nickname']),
  });
  const save = submitOnce(form, (data) => saving.run(data));

  return (
    <Dialog
      ref={modal}
      opened={opened}
      role="dialog"
      aria-modal={opened || undefined}
      onBackdropClick={() => !saving.pending && close()}
      title={<span className={TITLE}>{t`Nickname`}</span>}
      content={
        <form className="pt-2 text-start" onSubmit={save}>
          <TextField label={t`How others see you`} {...textField(form, 'nickname')} maxLength={NICKNAME_MAX_LENGTH + 8} autoFocus />
        </form>
      }
      buttons={
        <>
          <DialogButton onClick={close} disabled={saving.pending}>
            {t`Cancel`}
          </DialogButton>
          <DialogButton strong onClick={() => save()} disabled={saving.pending}>
            {saving.pending ? t`Saving…` : t`Save`}
          </DialogButton>
        </>
      }
    />
  );
}
