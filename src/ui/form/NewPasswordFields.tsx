/**
 * A new login password and its confirmation, with the rule under the first: sign-up, password
 * reset and password change. The form checks them with its schema and `checkConfirmation`.
 */
import { useLingui } from '@lingui/react/macro';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { textField } from './form';
import { PasswordField } from './PasswordField';

interface PasswordPair extends FieldValues {
  password: string;
  confirmPassword: string;
}

export interface NewPasswordFieldsProps<V extends PasswordPair, O extends FieldValues> {
  form: UseFormReturn<V, unknown, O>;
  /** "New password" unless the account is new (sign-up: "Password"). */
  label?: string;
  confirmLabel?: string;
}

export function NewPasswordFields<V extends PasswordPair, O extends FieldValues>({ form, label, confirmLabel }: NewPasswordFieldsProps<V, O>) {
  const { t } = useLingui();
  const pair = form as unknown as UseFormReturn<PasswordPair, unknown, FieldValues>;
  return (
    <>
      <PasswordField
        label={label ?? t`New password`}
        {...textField(pair, 'password')}
        autoComplete="new-password"
        hint={t`At least 6 digits; not a run like 123456, not one digit repeated.`}
      />
      <PasswordField label={confirmLabel ?? t`Confirm new password`} {...textField(pair, 'confirmPassword')} autoComplete="new-password" />
    </>
  );
}
