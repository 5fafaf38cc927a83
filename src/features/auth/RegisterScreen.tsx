/**
 * Sign up (SPEC §2, §5): phone or e-mail, verification code, password and confirmation,
 * username, optional invitation code (prefilled from ?invite=), and the user agreement.
 * Checked with the same registerSchema the server uses, each problem under its field; on
 * success the login page opens with the new account filled in.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Button, Checkbox, Preloader } from 'konsta/react';
import { useState, type FormEvent } from 'react';
import { register } from '../../api/calls';
import { toast } from '../../app/feedback/toast';
import { registerSchema } from '../../domain/validation';
import { validate, withMismatch, type FieldErrors } from '../shared/fieldErrors';
import { PasswordField } from '../shared/PasswordField';
import { serverFieldError } from '../shared/serverFieldError';
import { TextField } from '../shared/TextField';
import { AgreementPopup } from './AgreementPopup';
import { AuthLayout } from './AuthLayout';
import { ContactFields, useContactAddress, type ContactValues } from './ContactFields';
import { MethodTabs } from './MethodTabs';

type Field = 'phone' | 'email' | 'code' | 'password' | 'confirmPassword' | 'username' | 'inviteCode' | 'agreed';
const FIELDS: readonly Field[] = ['phone', 'email', 'code', 'password', 'confirmPassword', 'username', 'inviteCode', 'agreed'];

export default function RegisterScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { invite } = useSearch({ from: '/auth/register' });
  const [contact, setContact] = useState<ContactValues>({ method: 'phone', national: '', email: '', code: '' });
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [username, setUsername] = useState('');
  const [inviteCode, setInviteCode] = useState(() => invite ?? '');
  const [agreed, setAgreed] = useState(false);
  const [readingAgreement, setReadingAgreement] = useState(false);
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
      username,
      inviteCode: inviteCode.trim() || undefined,
      agreed,
    };
    const { data, errors: invalid } = validate<typeof registerSchema, Field>(registerSchema, values);
    const found = withMismatch<Field>(invalid, password, confirmPassword, 'confirmPassword');
    setErrors(found ?? {});
    if (!data) return;
    setBusy(true);
    try {
      await register(data);
      toast.success(t`Account created. Please log in.`);
      await navigate({ to: '/auth/login', search: { account: address }, replace: true });
    } catch (error) {
      setErrors(serverFieldError(error, FIELDS));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout
      title={t`Create account`}
      subtitle={t`It takes a minute. You will need your phone or e-mail for a code.`}
      footer={
        <Trans>
          Already have an account?{' '}
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
          purpose="register"
        />
        <PasswordField
          label={t`Password`}
          value={password}
          onChange={setPassword}
          error={errors.password}
          autoComplete="new-password"
          hint={t`At least 6 digits; not a run like 123456, not one digit repeated.`}
        />
        <PasswordField
          label={t`Confirm password`}
          value={confirmPassword}
          onChange={setConfirmPassword}
          error={errors.confirmPassword}
          autoComplete="new-password"
        />
        <TextField
          label={t`Username`}
          value={username}
          onChange={setUsername}
          error={errors.username}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          hint={t`Letters and digits, starting with a letter.`}
        />
        <TextField
          label={t`Invitation code (optional)`}
          value={inviteCode}
          onChange={setInviteCode}
          error={errors.inviteCode}
          autoCapitalize="characters"
          spellCheck={false}
        />
        <div>
          <label className="flex items-start gap-3 text-sm text-ink">
            <Checkbox
              checked={agreed}
              onChange={(event: { target: HTMLInputElement }) => setAgreed(event.target.checked)}
              aria-invalid={errors.agreed ? true : undefined}
            />
            <span className="pt-0.5">
              <Trans>
                I have read and accept the{' '}
                <button type="button" className="font-medium text-sea-700 underline-offset-2 hover:underline" onClick={() => setReadingAgreement(true)}>
                  user agreement
                </button>
              </Trans>
            </span>
          </label>
          {errors.agreed ? (
            <p role="alert" className="mt-1.5 text-xs text-rose-600">
              {errors.agreed}
            </p>
          ) : null}
        </div>
        <Button large rounded type="submit" disabled={busy} className="mt-2">
          {busy ? <Preloader className="size-5 text-white" /> : t`Create account`}
        </Button>
      </form>
      <AgreementPopup opened={readingAgreement} onClose={() => setReadingAgreement(false)} onAccept={() => setAgreed(true)} />
    </AuthLayout>
  );
}
