/**
 * Reset the login password: by phone or e-mail, with a code and the new password twice. The
 * server ends every session of the account; the login page opens with the account filled in.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { forgotPassword } from '../../api/calls';
import { toast } from '../../app/feedback/toast';
import { forgotSchema } from '../../domain/validation';
import { setServerError } from '../shared/form';
import { AuthLayout } from './AuthLayout';
import { ContactPasswordForm, EMPTY_CONTACT, useContactForm } from './ContactFields';

const FIELDS = ['phone', 'email', 'code', 'password', 'confirmPassword'] as const;

export default function ForgotScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const form = useContactForm(forgotSchema, EMPTY_CONTACT);

  return (
    <AuthLayout
      title={t`Reset password`}
      subtitle={t`We will send a code to the phone or e-mail of your account.`}
      footer={
        <Trans>
          Remembered it?{' '}
          <Link to="/auth/login" className="font-medium text-sea-700">
            Log in
          </Link>
        </Trans>
      }
    >
      <ContactPasswordForm
        form={form}
        purpose="reset"
        submitLabel={t`Reset password`}
        onValid={async (data) => {
          try {
            await forgotPassword(data);
            toast.success(t`Password changed. Please log in with the new one.`);
            await navigate({ to: '/auth/login', search: { account: data.method === 'phone' ? data.phone : data.email }, replace: true });
          } catch (error) {
            setServerError(form, error, FIELDS);
          }
        }}
      />
    </AuthLayout>
  );
}
