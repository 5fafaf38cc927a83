/**
 * Change the login password: current, new, confirm, checked with the shared
 * changePasswordSchema, and the second factor's code when the account has one (or when the
 * server asks for it: 403 `secondFactor.required`). The server signs out every other device and
 * pauses withdrawals for 24 hours; this one stays signed in.
 */
import { useLingui } from '@lingui/react/macro';
import { changePassword } from './api/calls';
import { toast } from '../../ui/feedback/toast';
import { changePasswordSchema } from '../../domain/validation';
import { checkConfirmation } from '../../ui/form/fieldErrors';
import { setServerError, submitOnce, textField, useZodForm } from '../../ui/form/form';
import { NewPasswordFields } from '../../ui/form/NewPasswordFields';
import { PasswordField } from '../../ui/form/PasswordField';
import { Button } from '../../ui/Button';
import { ModalSheet } from '../../ui/ModalSheet';
import { SecondFactorField, useSecondFactor } from '../shared/secondFactor/SecondFactorField';
import { useAccountMutation } from '../shared/useAccountMutation';

const FIELDS = ['oldPassword', 'password', 'confirmPassword'] as const;

export interface ChangePasswordSheetProps {
  opened: boolean;
  onClose(): void;
}

export function ChangePasswordSheet({ opened, onClose }: ChangePasswordSheetProps) {
  const { t } = useLingui();
  const form = useZodForm<typeof changePasswordSchema>(changePasswordSchema, {
    defaultValues: { oldPassword: '', password: '', confirmPassword: '' },
    check: checkConfirmation,
  });
  const code = useSecondFactor();

  // Every way out clears the fields: the passwords and the code do not wait in a closed sheet.
  function close() {
    form.reset();
    code.reset();
    onClose();
  }

  const change = useAccountMutation({
    call: changePassword,
    onSuccess() {
      toast.success(t`Password changed. Other devices have been signed out.`, 4000);
      close();
    },
    onError(error) {
      if (!code.refused(error)) setServerError(form, error, FIELDS);
    },
  });
  const busy = change.pending;
  const submit = submitOnce(form, (data) => {
    const secondFactor = code.take();
    if (secondFactor === false) return;
    change.run(secondFactor ? { ...data, secondFactor } : data);
  });

  return (
    <ModalSheet opened={opened} title={t`Change login password`} busy={busy} onClose={close}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <PasswordField label={t`Current password`} {...textField(form, 'oldPassword')} autoComplete="current-password" />
        <NewPasswordFields form={form} />
        {code.asked ? <SecondFactorField {...code.field} disabled={busy} /> : null}
        <Button type="submit" busy={busy}>{t`Change password`}</Button>
      </form>
    </ModalSheet>
  );
}
