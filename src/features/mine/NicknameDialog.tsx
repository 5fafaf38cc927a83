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
  const saving = form.formState.isSubmitting;

  function close() {
    form.reset();
    onClose();
  }

  const save = submitOnce(form, async (data) => {
    try {
      await editNickname(data);
      await saveUserInfo({ ...user, nickname: data.nickname });
      toast.success(t`Nickname saved`);
      close();
    } catch (failure) {
      setServerError(form, failure, ['nickname']);
    }
  });

  return (
    <Dialog
      ref={modal}
      opened={opened}
      role="dialog"
      aria-modal={opened || undefined}
      onBackdropClick={() => !saving && close()}
      title={<span className="text-xl font-semibold text-ink">{t`Nickname`}</span>}
      content={
        <form className="pt-2 text-start" onSubmit={save}>
          <TextField label={t`How others see you`} {...textField(form, 'nickname')} maxLength={NICKNAME_MAX_LENGTH + 8} autoFocus />
        </form>
      }
      buttons={
        <>
          <DialogButton onClick={close} disabled={saving}>
            {t`Cancel`}
          </DialogButton>
          <DialogButton strong onClick={() => save()} disabled={saving}>
            {saving ? t`Saving…` : t`Save`}
          </DialogButton>
        </>
      }
    />
  );
}
