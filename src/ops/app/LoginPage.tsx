/** Signing in: name, password and the code of the authenticator app; then where the operator was going. */
import { useLingui } from '@lingui/react/macro';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { opsLoginSchema } from '../../domain/operators';
import { signIn } from '../api/session';
import { submitTo, textField, useOpsForm } from '../ui/form';
import { Button, LanguageChoice, Notice, TextInput } from '../ui/kit';

export function LoginPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { redirect } = useSearch({ from: '/login' });
  const form = useOpsForm(opsLoginSchema, { defaultValues: { username: '', password: '', totp: '' } });
  const enter = async (input: Parameters<typeof signIn>[0]) => {
    await signIn(input);
    await navigate({ to: redirect ?? '/', replace: true });
  };
  const submit = submitTo(form, enter, ['username', 'password', 'totp']);
  const root = form.formState.errors.root?.message;
  return (
    <main className="grid min-h-dvh place-items-center bg-slate-100 p-4">
      <form onSubmit={submit} noValidate className="flex w-full max-w-sm flex-col gap-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <div className="flex items-start justify-between gap-3">
          <div>
            <h1 className="text-xl font-semibold text-slate-900">{t`Operator sign-in`}</h1>
            <p className="mt-1 text-sm text-slate-600">{t`Tessera's console for support, finance and admins.`}</p>
          </div>
          <LanguageChoice aria-label={t`Language`} />
        </div>
        <TextInput label={t`Operator name`} autoComplete="username" autoFocus {...textField(form, 'username')} />
        <TextInput label={t`Password`} type="password" autoComplete="current-password" {...textField(form, 'password')} />
        <TextInput
          label={t`Authenticator code`}
          hint={t`The 6 digits your authenticator app shows now.`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          {...textField(form, 'totp')}
        />
        {root ? <Notice>{root}</Notice> : null}
        <Button type="submit" tone="primary" busy={form.formState.isSubmitting}>
          {t`Sign in`}
        </Button>
      </form>
    </main>
  );
}
