/**
 * Reset the login password (SPEC §2): by phone or e-mail, with a code and the new password
 * twice. The server ends every session of the account; the login page opens with the account
 * filled in.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { Button, Preloader } from 'konsta/react';
import { useState, type FormEvent } from 'react';
import { forgotPassword } from '../../api/calls';
import { toast } from '../../app/feedback/toast';
import { forgotSchema } from '../../domain/validation';
import { validate, withMismatch, type FieldErrors } from '../shared/fieldErrors';
import { PasswordField } from '../shared/PasswordField';
import { serverFieldError } from '../shared/serverFieldError';
import { AuthLayout } from './AuthLayout';
import { ContactFields, useContactAddress, type ContactValues } from './ContactFields';
import { MethodTabs } from './MethodTabs';

type Field = 'phone' | 'email' | 'code' | 'password' | 'confirmPassword';
const FIELDS: readonly Field[] = ['phone', 'email', 'code', 'password', 'confirmPassword'];

export default function ForgotScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [contact, setContact] = useState<ContactValues>({ method: 'phone', national: '', email: '', code: '' });
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);
  const address = useContactAddress(contact);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const values = {
      method: contact.method,
      ...(contact.method === 'phone' ? { phone: address } : { email: address }),
      code: contact.code,
      password,
      confirmPassword,
    };
    const { data, errors: invalid } = validate<typeof forgotSchema, Field>(forgotSchema, values);
    const found = withMismatch<Field>(invalid, password, confirmPassword, 'confirmPassword');
    setErrors(found ?? {});
    if (!data) return;
    setBusy(true);
    try {
      await forgotPassword(data);
      toast.success(t`Password changed. Please log in with the new one.`);
      await navigate({ to: '/auth/login', search: { account: address }, replace: true });
    } catch (error) {
      setErrors(serverFieldError(error, FIELDS));
    } finally {
      setBusy(false);
    }
  }

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
      <MethodTabs
        value={contact.method}
        onChange={(method) => {
          setContact((current) => ({ ...current, method }));
          setErrors({});
        }}
      />
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <ContactFields
          values={contact}
          onChange={(changes) => setContact((current) => ({ ...current, ...changes }))}
          errors={errors}
          onErrors={(contactErrors) => setErrors((current) => ({ ...current, ...contactErrors }))}
          purpose="reset"
        />
        <PasswordField
          label={t`New password`}
          value={password}
          onChange={setPassword}
          error={errors.password}
          autoComplete="new-password"
          hint={t`At least 6 digits; not a run like 123456, not one digit repeated.`}
        />
        <PasswordField
          label={t`Confirm new password`}
          value={confirmPassword}
          onChange={setConfirmPassword}
          error={errors.confirmPassword}
          autoComplete="new-password"
        />
        <Button large rounded type="submit" disabled={busy} className="mt-2">
          {busy ? <Preloader className="size-5 text-white" /> : t`Reset password`}
        </Button>
      </form>
    </AuthLayout>
  );
}
