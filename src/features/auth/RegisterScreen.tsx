/**
 * Sign up: phone or e-mail, verification code, password and confirmation, username, optional
 * invitation code (prefilled from ?invite=), and the user agreement. Checked with the same
 * registerSchema the server uses, each problem under its field; on success the login page
 * opens with the new account filled in.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useSearch } from '@tanstack/react-router';
import { Checkbox } from 'konsta/react';
import { useState } from 'react';
import { register } from './api/calls';
import { registerSchema } from '../../domain/validation';
import { textField } from '../../ui/form/form';
import { TextField } from '../../ui/form/TextField';
import { AgreementPopup } from './AgreementPopup';
import { AuthLayout, AuthLink } from './AuthLayout';
import { ContactPasswordForm, EMPTY_CONTACT, useContactForm, type ContactValues } from './ContactFields';

interface RegisterValues extends ContactValues {
  username: string;
  inviteCode: string;
  agreed: boolean;
}

const FIELDS = ['phone', 'email', 'code', 'password', 'confirmPassword', 'username', 'inviteCode', 'agreed'] as const;

export default function RegisterScreen() {
  const { t } = useLingui();
  const { invite, redirect } = useSearch({ from: '/auth/register' });
  const [readingAgreement, setReadingAgreement] = useState(false);
  const form = useContactForm<typeof registerSchema, RegisterValues>(
    registerSchema,
    { ...EMPTY_CONTACT, username: '', inviteCode: invite ?? '', agreed: false },
    (values) => ({ inviteCode: values.inviteCode.trim() || undefined }),
  );
  const agreed = form.watch('agreed');
  const agreedError = form.formState.errors.agreed?.message;
  const setAgreed = (value: boolean) => form.setValue('agreed', value, { shouldValidate: form.formState.isSubmitted });

  return (
    <AuthLayout
      title={t`Create account`}
      subtitle={t`It takes a minute. You will need your phone or e-mail for a code.`}
      footer={
        <Trans>
          Already have an account?{' '}
          <AuthLink to="/auth/login" redirect={redirect}>
            Log in
          </AuthLink>
        </Trans>
      }
    >
      <ContactPasswordForm
        form={form}
        purpose="register"
        passwordLabel={t`Password`}
        confirmLabel={t`Confirm password`}
        submitLabel={t`Create account`}
        send={register}
        doneText={t`Account created. Please log in.`}
        redirect={redirect}
        fields={FIELDS}
      >
        <TextField
          label={t`Username`}
          {...textField(form, 'username')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          hint={t`Letters and digits, starting with a letter.`}
        />
        <TextField label={t`Invitation code (optional)`} {...textField(form, 'inviteCode')} autoCapitalize="characters" spellCheck={false} ltr />
        <div>
          {/* The whole line is the box's label and target (at least 44 px high); Konsta's own label would nest in it. */}
          <label className="flex min-h-11 items-start gap-3 py-1 text-sm text-ink">
            <Checkbox
              component="span"
              checked={agreed}
              onChange={(event: { target: HTMLInputElement }) => setAgreed(event.target.checked)}
              aria-invalid={agreedError ? true : undefined}
            />
            <span className="pt-0.5">
              <Trans>
                I have read and accept the{' '}
                <button type="button" className="-my-3 py-3 font-medium text-sea-700 underline underline-offset-2" onClick={() => setReadingAgreement(true)}>
                  user agreement
                </button>
              </Trans>
            </span>
          </label>
          {agreedError ? (
            <p role="alert" className="mt-1.5 text-xs text-rose-700">
              {agreedError}
            </p>
          ) : null}
        </div>
      </ContactPasswordForm>
      <AgreementPopup opened={readingAgreement} onClose={() => setReadingAgreement(false)} onAccept={() => setAgreed(true)} />
    </AuthLayout>
  );
}
