/**
 * Log in (SPEC §2): by phone (area code + number, sent as E.164) or by e-mail or username, with
 * the password. After login the app continues where the guard interrupted (?redirect=, same-app
 * paths only) or goes home. Refusals (wrong password, locked) arrive as a toast from the API
 * client; a refusal about one field also shows under it.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useAtomValue, useSetAtom } from 'jotai';
import { Button, Preloader } from 'konsta/react';
import { useEffect, useState, type FormEvent } from 'react';
import { signIn } from '../../api/account';
import { toast } from '../../app/feedback/toast';
import { postLoginTarget } from '../../app/guard';
import { splitHref } from '../../app/navigation';
import { phoneSchema } from '../../domain/validation';
import { errorMessage } from '../../i18n';
import { areaCountryAtom } from '../shared/area-code/areaCountry';
import { fromE164, PhoneField, toE164 } from '../shared/area-code/PhoneField';
import { fieldErrors, type FieldErrors } from '../shared/fieldErrors';
import { PasswordField } from '../shared/PasswordField';
import { serverFieldError } from '../shared/serverFieldError';
import { TextField } from '../shared/TextField';
import { AuthLayout } from './AuthLayout';
import { MethodTabs, type ContactMethod } from './MethodTabs';

type Field = 'account' | 'password';

export default function LoginScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { redirect, account: prefill = '' } = useSearch({ from: '/auth/login' });
  const prefillPhone = prefill.startsWith('+') ? fromE164(prefill) : null;

  const country = useAtomValue(areaCountryAtom);
  const setCountry = useSetAtom(areaCountryAtom);
  const [method, setMethod] = useState<ContactMethod>(prefill && !prefillPhone ? 'email' : 'phone');
  const [national, setNational] = useState(prefillPhone?.national ?? '');
  const [identifier, setIdentifier] = useState(prefillPhone ? '' : prefill);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);

  // An account handed over by the sign-up or reset page brings its own country.
  useEffect(() => {
    if (prefillPhone) setCountry(prefillPhone.country);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the handed-over account
  }, []);

  function check(): { account: string; password: string } | null {
    const found: FieldErrors<Field> = {};
    let account = '';
    if (method === 'phone') {
      const parsed = phoneSchema.safeParse(toE164(national, country));
      if (parsed.success) account = parsed.data;
      else found.account = fieldErrors(parsed.error, 'account').account;
    } else {
      account = identifier.trim();
      if (!account) found.account = t`Please enter your e-mail or username.`;
    }
    if (!password) found.password = errorMessage('password.required');
    setErrors(found);
    return Object.keys(found).length ? null : { account, password };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = check();
    if (!input || busy) return;
    setBusy(true);
    try {
      await signIn(input);
      toast.success(t`Welcome back`);
      const { to, search: nextSearch } = splitHref(postLoginTarget(redirect));
      await navigate({ to, search: nextSearch, replace: true });
    } catch (error) {
      setErrors(serverFieldError(error, ['account', 'password'] as const));
      setPassword('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout
      title={t`Log in`}
      subtitle={t`Welcome back. Log in to see your balances.`}
      footer={
        <Trans>
          New to Tessera?{' '}
          <Link to="/auth/register" className="font-medium text-sea-700">
            Create an account
          </Link>
        </Trans>
      }
    >
      <MethodTabs
        value={method}
        onChange={(next) => {
          setMethod(next);
          setErrors({});
        }}
        emailLabel={t`E-mail or username`}
      />
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        {method === 'phone' ? (
          <PhoneField label={t`Phone number`} value={national} onChange={setNational} error={errors.account} autoComplete="username" />
        ) : (
          <TextField
            label={t`E-mail or username`}
            value={identifier}
            onChange={setIdentifier}
            error={errors.account}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={t`name@example.com or your username`}
          />
        )}
        <PasswordField
          label={t`Password`}
          value={password}
          onChange={setPassword}
          error={errors.password}
          autoComplete="current-password"
          placeholder={t`Your password`}
        />
        <div className="flex justify-end">
          <Link to="/auth/forgot" className="text-sm font-medium text-sea-700">
            <Trans>Forgot password?</Trans>
          </Link>
        </div>
        <Button large rounded type="submit" disabled={busy} className="mt-2">
          {busy ? <Preloader className="size-5 text-white" /> : t`Log in`}
        </Button>
      </form>
    </AuthLayout>
  );
}
