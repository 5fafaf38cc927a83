/**
 * The payment password: set it the first time (confirmed with the login password), or change
 * it (confirmed with the current one). Six digits, entered in PIN boxes; the same
 * payPasswordSetSchema as the server.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { setPayPassword } from './api/calls';
import { toast } from '../../ui/feedback/toast';
import { Screen } from '../../ui/Screen';
import { useGoBack } from '../../ui/useGoBack';
import { payPasswordSetSchema } from '../../domain/validation';
import { saveUserInfo, userInfoAtom } from '../../storage/session';
import { checkConfirmation } from '../../ui/form/fieldErrors';
import { setServerError, submitOnce, textField, useZodForm } from '../../ui/form/form';
import { PasswordField } from '../../ui/form/PasswordField';
import { PinInput } from '../../ui/form/PinInput';
import { Button } from '../../ui/Button';
import { errorMessage } from '../../i18n';
import { useAccountMutation } from '../shared/useAccountMutation';

const FIELDS = ['loginPassword', 'oldPayPassword', 'password', 'confirmPassword'] as const;

interface PayPasswordValues {
  /** The proof when setting it the first time. */
  loginPassword: string;
  /** The proof when changing it. */
  oldPayPassword: string;
  password: string;
  confirmPassword: string;
}

export default function PayPasswordScreen() {
  const { t } = useLingui();
  const goBack = useGoBack('/setting');
  const user = useAtomValue(userInfoAtom);
  const changing = Boolean(user?.hasPayPassword);
  const proofField = changing ? 'oldPayPassword' : 'loginPassword';
  const form = useZodForm<typeof payPasswordSetSchema, PayPasswordValues>(payPasswordSetSchema, {
    defaultValues: { loginPassword: '', oldPayPassword: '', password: '', confirmPassword: '' },
    // Only the proof this case asks for goes to the schema.
    input: ({ password, confirmPassword, ...proofs }) => ({ [proofField]: proofs[proofField], password, confirmPassword }),
    // The schema lets the proof be absent (either kind is optional); here it is required.
    check: (values, errors) => ({
      ...(values[proofField] ? {} : { [proofField]: errorMessage('password.required') }),
      ...checkConfirmation(values, errors),
    }),
  });

  const save = useAccountMutation({
    call: setPayPassword,
    async onSuccess() {
      if (user) await saveUserInfo({ ...user, hasPayPassword: true });
      toast.success(changing ? t`Payment password changed` : t`Payment password set`);
      goBack();
    },
    onError(error) {
      setServerError(form, error, FIELDS);
      if (changing) form.setValue('oldPayPassword', '');
    },
  });
  const submit = submitOnce(form, (data) => save.run(data));

  return (
    <Screen>
      <form onSubmit={submit} noValidate className="space-y-6 px-4 pt-4">
        <p className="text-sm leading-relaxed text-muted">
          {changing ? (
            <Trans>Enter your current payment password, then the new one twice.</Trans>
          ) : (
            <Trans>The payment password confirms every payment and withdrawal. It has 6 digits and is different from your login password.</Trans>
          )}
        </p>
        {changing ? (
          <PinInput label={t`Current payment password`} {...textField(form, 'oldPayPassword')} />
        ) : (
          <PasswordField label={t`Login password`} {...textField(form, 'loginPassword')} autoComplete="current-password" />
        )}
        <PinInput label={t`New payment password`} {...textField(form, 'password')} />
        <PinInput label={t`Confirm payment password`} {...textField(form, 'confirmPassword')} />
        <Button type="submit" busy={save.pending}>{changing ? t`Change payment password` : t`Set payment password`}</Button>
      </form>
    </Screen>
  );
}
