/**
 * The anti-phishing code (docs/security.md): a word of the person's choosing that every e-mail
 * from Tessera starts with, so that a forged message is recognisable. Set or changed with the
 * login password; the server mails the account that it was set (with the code on top).
 */
import { useLingui } from '@lingui/react/macro';
import { z } from 'zod';
import { antiPhishingSchema } from '../../domain/validation';
import { toast } from '../../ui/feedback/toast';
import { PasswordField } from '../../ui/form/PasswordField';
import { FormDialog } from '../../ui/form/FormDialog';
import { setServerError, submitOnce, textField, useZodForm } from '../../ui/form/form';
import { TextField } from '../../ui/form/TextField';
import { useAccountMutation } from '../shared/useAccountMutation';
import { setAntiPhishingCode } from './api/anti-phishing';

const formSchema = z.strictObject({ code: antiPhishingSchema.shape.code.unwrap(), password: antiPhishingSchema.shape.password });

export function AntiPhishingDialog({ opened, current, onClose }: { opened: boolean; current: string | null; onClose(): void }) {
  const { t } = useLingui();
  const form = useZodForm(formSchema, { values: { code: current ?? '', password: '' } });
  function close() {
    form.reset();
    onClose();
  }
  const saving = useAccountMutation({
    call: setAntiPhishingCode,
    onSuccess() {
      toast.success(t`Anti-phishing code saved. Our e-mails now start with it.`);
      close();
    },
    onError(error) {
      setServerError(form, error, ['code', 'password']);
    },
  });
  const submit = submitOnce(form, (data) => saving.run({ code: data.code, password: data.password }));
  return (
    <FormDialog opened={opened} title={t`Anti-phishing code`} busy={saving.pending} confirmText={t`Save`} busyText={t`Saving…`} onSubmit={submit} onCancel={close}>
      <div className="space-y-3">
        <TextField
          label={t`Your code`}
          hint={t`4 to 20 letters or digits. Every e-mail from us starts with it: one without it is not from Tessera.`}
          {...textField(form, 'code')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={24}
        />
        <PasswordField label={t`Login password`} {...textField(form, 'password')} autoComplete="current-password" />
      </div>
    </FormDialog>
  );
}
