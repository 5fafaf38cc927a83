/**
 * The payment password (SPEC §2): set it the first time (confirmed with the login password),
 * or change it (confirmed with the current one). Six digits, entered in PIN boxes; the same
 * payPasswordSetSchema as the server.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { Button, Preloader } from 'konsta/react';
import { useState, type FormEvent } from 'react';
import { setPayPassword } from '../../api/calls';
import { toast } from '../../app/feedback/toast';
import { Screen } from '../../app/Screen';
import { useGoBack } from '../../app/useGoBack';
import { payPasswordSetSchema } from '../../domain/validation';
import { saveUserInfo, userInfoAtom } from '../../storage/session';
import { validate, withMismatch, type FieldErrors } from '../shared/fieldErrors';
import { PasswordField } from '../shared/PasswordField';
import { PinInput } from '../shared/PinInput';
import { serverFieldError } from '../shared/serverFieldError';

type Field = 'loginPassword' | 'oldPayPassword' | 'password' | 'confirmPassword';
const FIELDS: readonly Field[] = ['loginPassword', 'oldPayPassword', 'password', 'confirmPassword'];

export default function PayPasswordScreen() {
  const { t } = useLingui();
  const goBack = useGoBack('/setting');
  const user = useAtomValue(userInfoAtom);
  const changing = Boolean(user?.hasPayPassword);
  const [proof, setProof] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const values = { ...(changing ? { oldPayPassword: proof } : { loginPassword: proof }), password, confirmPassword };
    const { data, errors: invalid } = validate<typeof payPasswordSetSchema, Field>(payPasswordSetSchema, values);
    const found = withMismatch<Field>(invalid, password, confirmPassword, 'confirmPassword');
    // The schema lets the proof be absent (either kind is optional); here it is required.
    const proofField: Field = changing ? 'oldPayPassword' : 'loginPassword';
    const missingProof = proof ? {} : { [proofField]: t`Please fill this in.` };
    setErrors({ ...missingProof, ...(found ?? {}) });
    if (!data || !proof) return;
    setBusy(true);
    try {
      await setPayPassword(data);
      if (user) await saveUserInfo({ ...user, hasPayPassword: true });
      toast.success(changing ? t`Payment password changed` : t`Payment password set`);
      goBack();
    } catch (error) {
      setErrors(serverFieldError(error, FIELDS));
      if (changing) setProof('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Screen>
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-6 px-5 pt-4">
        <p className="text-sm leading-relaxed text-muted">
          {changing ? (
            <Trans>Enter your current payment password, then the new one twice.</Trans>
          ) : (
            <Trans>The payment password confirms every payment and withdrawal. It has 6 digits and is different from your login password.</Trans>
          )}
        </p>
        {changing ? (
          <PinInput label={t`Current payment password`} value={proof} onChange={setProof} error={errors.oldPayPassword} />
        ) : (
          <PasswordField label={t`Login password`} value={proof} onChange={setProof} error={errors.loginPassword} autoComplete="current-password" />
        )}
        <PinInput label={t`New payment password`} value={password} onChange={setPassword} error={errors.password} />
        <PinInput label={t`Confirm payment password`} value={confirmPassword} onChange={setConfirmPassword} error={errors.confirmPassword} />
        <Button large rounded type="submit" disabled={busy}>
          {busy ? <Preloader className="size-5 text-white" /> : changing ? t`Change payment password` : t`Set payment password`}
        </Button>
      </form>
    </Screen>
  );
}
