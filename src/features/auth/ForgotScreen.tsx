/**
 * Reset the login password: by phone or e-mail, with a code and the new password twice. The
 * server ends every session of the account; the login page opens with the account filled in.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { forgotPassword } from './api/calls';
import { forgotSchema } from '../../domain/validation';
import { AuthLayout, AuthLink } from './AuthLayout';
import { ContactPasswordForm, EMPTY_CONTACT, useContactForm } from './ContactFields';

const FIELDS = ['phone', 'email', 'code', 'password', 'confirmPassword'] as const;

export default function ForgotScreen() {
  const { t } = useLingui();
  const form = useContactForm(forgotSchema, EMPTY_CONTACT);

  return (
    <AuthLayout
      title={t`Reset password`}
      subtitle={t`We will send a code to the phone or e-mail of your account.`}
      footer={
        <Trans>
          Remembered it? <AuthLink to="/auth/login">Log in</AuthLink>
        </Trans>
      }
    >
      <ContactPasswordForm
        form={form}
        purpose="reset"
        submitLabel={t`Reset password`}
        send={forgotPassword}
        doneText={t`Password changed. Please log in with the new one.`}
        fields={FIELDS}
      />
    </AuthLayout>
  );
}
