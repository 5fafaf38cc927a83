/**
 * Log in: by phone (area code + number, sent as E.164) or by e-mail or username, with the
 * password — or with a passkey alone, where the browser has them (docs/security.md, "Passkeys").
 * An account with a second factor answers the right password with a ticket: the screen then asks
 * for it — the app's code, a recovery code or a passkey, as the ticket says (SecondFactorStep,
 * loaded then) — and comes back to the password, saying why, when the ticket runs out.
 * After login the app continues where the guard interrupted (?redirect=, same-app
 * paths only) or goes home. Refusals (wrong password, locked) arrive as a toast from the API
 * client; a refusal about one field also shows under it.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useAtomValue, useSetAtom } from 'jotai';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { isApiError } from '../../api/client';
import { passkeyLoginOptions } from '../../api/calls';
import { signIn, signInWithPasskey, type SecondFactorTicket } from '../../api/account';
import { toast } from '../../ui/feedback/toast';
import { postLoginTarget } from '../../app/guard';
import { splitHref } from '../../ui/navigation';
import { areaCountryAtom } from '../../ui/form/area-code/areaCountry';
import { PhoneField } from '../../ui/form/area-code/PhoneField';
import { submitOnce, textField, useZodForm } from '../../ui/form/form';
import { PasswordField } from '../../ui/form/PasswordField';
import { serverFieldError } from '../../ui/form/serverFieldError';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/form/TextField';
import { errorMessage } from '../../i18n';
import { KeyIcon } from '../../ui/moreIcons';
import { browserHasPasskeys, passkeyProblem } from '../shared/passkeys';
import { AuthLayout, AuthLink } from './AuthLayout';
import { MethodTabs, type ContactMethod } from './MethodTabs';

interface LoginValues {
  method: ContactMethod;
  /** The national number as typed; the area code comes from the picker. */
  phone: string;
  /** E-mail address or username. */
  account: string;
  password: string;
}

/**
 * The form's rules and phone conversions (zod, the domain's rules, libphonenumber): asked for when
 * the form is first touched, so they load while the person types, not with the screen.
 */
const loadRules = () => import('./loginRules');
type LoginFormSchema = Awaited<ReturnType<typeof loadRules>>['loginFormSchema'];

/** The second step, for an account with an authenticator app: loaded with the form's rules, shown when a ticket arrives. */
const loadSecondStep = () => import('./SecondFactorStep');
const SecondFactorStep = lazy(loadSecondStep);

export default function LoginScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { redirect, account: prefill = '' } = useSearch({ from: '/auth/login' });
  // A phone number handed over in E.164 opens the phone tab; its country and national number are
  // filled in once the rules have loaded (at once after a sign-up, which has loaded them).
  const prefillPhone = prefill.startsWith('+');

  const country = useAtomValue(areaCountryAtom);
  const setCountry = useSetAtom(areaCountryAtom);
  const form = useZodForm<LoginFormSchema, LoginValues>(async () => (await loadRules()).loginFormSchema, {
    defaultValues: {
      method: prefill && !prefillPhone ? 'email' : 'phone',
      phone: '',
      account: prefillPhone ? '' : prefill,
      password: '',
    },
    input: async (values) => ({ ...values, phone: (await loadRules()).toE164(values.phone, country) }),
    check: (values, errors) =>
      values.method === 'email' && !values.account.trim() ? { ...errors, account: errorMessage('account.required') } : errors,
  });
  const method = form.watch('method');
  // The second step under way: the ticket the password gave.
  const [second, setSecond] = useState<SecondFactorTicket | null>(null);
  // Why the password is asked again (the second step ran out).
  const [ended, setEnded] = useState<string | null>(null);

  // An account handed over by the sign-up or reset page brings its own country.
  useEffect(() => {
    if (!prefillPhone) return;
    let current = true;
    void loadRules().then(({ fromE164 }) => {
      const split = fromE164(prefill);
      if (!current || !split) return;
      setCountry(split.country);
      form.setValue('phone', split.national);
    });
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the handed-over account
  }, []);

  async function continueSignedIn() {
    toast.success(t`Welcome back`);
    const { to, search: nextSearch } = splitHref(postLoginTarget(redirect));
    await navigate({ to, search: nextSearch, replace: true });
  }

  const backToPassword = useCallback((reason: string | null) => {
    setSecond(null);
    setEnded(reason);
  }, []);

  const submit = submitOnce(form, async (input) => {
    setEnded(null);
    try {
      const ticket = await signIn(input);
      if (ticket) {
        // The password did its part; it does not wait in the form while the code is asked for.
        form.setValue('password', '');
        setSecond(ticket);
        return;
      }
      await continueSignedIn();
    } catch (error) {
      const { account, password } = serverFieldError(error, ['account', 'password'] as const);
      // The phone tab's number is the account.
      if (account) form.setError(method === 'phone' ? 'phone' : 'account', { type: 'server', message: account });
      if (password) form.setError('password', { type: 'server', message: password });
      form.setValue('password', '');
    }
  });

  if (second) {
    return (
      <AuthLayout
        title={second.methods.includes('totp') ? t`Enter your code` : t`Confirm it is you`}
        subtitle={
          second.methods.includes('totp')
            ? t`Your account is protected by an authenticator app. Open it and enter the 6-digit code it shows for Tessera.`
            : t`Your account is protected by a passkey. Confirm with it to finish logging in.`
        }
      >
        <Suspense fallback={null}>
          <SecondFactorStep ticket={second} onSignedIn={continueSignedIn} onBack={backToPassword} />
        </Suspense>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={t`Log in`}
      subtitle={t`Welcome back. Log in to see your balances.`}
      footer={
        <Trans>
          New to Tessera? <AuthLink to="/auth/register" redirect={redirect}>
            Create an account
          </AuthLink>
        </Trans>
      }
    >
      <MethodTabs
        value={method}
        onChange={(next) => {
          form.setValue('method', next);
          form.clearErrors();
        }}
      />
      <form onSubmit={submit} onFocus={() => void Promise.all([loadRules(), loadSecondStep()])} noValidate className="space-y-4">
        {ended ? (
          <p role="alert" className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {ended}
          </p>
        ) : null}
        {method === 'phone' ? (
          <PhoneField label={t`Phone number`} {...textField(form, 'phone')} autoComplete="username" />
        ) : (
          <TextField
            label={t`E-mail or username`}
            {...textField(form, 'account')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={t`name@example.com or your username`}
          />
        )}
        <PasswordField label={t`Password`} {...textField(form, 'password')} autoComplete="current-password" placeholder={t`Your password`} />
        <div className="flex justify-end">
          <Link to="/auth/forgot" className="-my-2 flex min-h-11 items-center text-sm font-medium text-sea-700">
            <Trans>Forgot password?</Trans>
          </Link>
        </div>
        <Button type="submit" busy={form.formState.isSubmitting} className="mt-2">
          {t`Log in`}
        </Button>
      </form>
      <PasskeySignIn onSignedIn={continueSignedIn} />
    </AuthLayout>
  );
}

/**
 * "Sign in with a passkey": the browser offers the passkeys it holds for this site, the person
 * unlocks one (screen lock, fingerprint), and its answer alone opens the session. Shown only
 * where the browser has passkeys.
 */
function PasskeySignIn({ onSignedIn }: { onSignedIn(): Promise<void> }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  if (!browserHasPasskeys()) return null;

  async function signInWithOne() {
    if (busy) return;
    setBusy(true);
    try {
      const [optionsJSON, { startAuthentication }] = await Promise.all([passkeyLoginOptions(), import('@simplewebauthn/browser')]);
      const response = await startAuthentication({ optionsJSON });
      await signInWithPasskey(response);
      await onSignedIn();
    } catch (error) {
      // The server's refusals were told by the API client; the browser's are told here.
      if (!isApiError(error)) toast.error(errorMessage(passkeyProblem(error)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-6 space-y-4">
      <p className="flex items-center gap-3 text-sm text-muted before:h-px before:flex-1 before:bg-line after:h-px after:flex-1 after:bg-line">
        <Trans>or</Trans>
      </p>
      <Button type="button" kind="secondary" busy={busy} onClick={() => void signInWithOne()}>
        <KeyIcon size={20} />
        {t`Sign in with a passkey`}
      </Button>
    </div>
  );
}
