/** Edit the nickname in a dialog, checked with the shared nicknameSchema before it is sent. */
import { useLingui } from '@lingui/react/macro';
import { editNickname } from './api/calls';
import { toast } from '../../ui/feedback/toast';
import { NICKNAME_MAX_LENGTH } from '../../domain/constants';
import { nicknameEditSchema } from '../../domain/validation';
import type { UserInfo } from '../../domain/wire';
import { saveUserInfo } from '../../storage/session';
import { setServerError, submitOnce, textField, useZodForm } from '../../ui/form/form';
import { TextField } from '../../ui/form/TextField';
import { FormDialog } from '../../ui/form/FormDialog';
import { useAccountMutation } from '../shared/useAccountMutation';

export interface NicknameDialogProps {
  user: UserInfo;
  opened: boolean;
  onClose(): void;
}

export function NicknameDialog({ user, opened, onClose }: NicknameDialogProps) {
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
    <FormDialog opened={opened} title={t`Nickname`} busy={saving.pending} confirmText={t`Save`} busyText={t`Saving…`} onSubmit={save} onCancel={close}>
      <TextField label={t`How others see you`} {...textField(form, 'nickname')} maxLength={NICKNAME_MAX_LENGTH + 8} autoFocus />
    </FormDialog>
  );
}
