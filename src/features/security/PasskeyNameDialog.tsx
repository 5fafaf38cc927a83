/**
 * The name a passkey is listed by ("My phone", "Work laptop"): asked before a new passkey is made,
 * and when one is renamed. Checked with the shared passkeyNameSchema, then sent as one account
 * mutation: a refusal of the server about the name goes under the field (others were told by the
 * API client), a failure of the browser's passkey dialog is told in a toast (shared/passkeys.ts).
 * A new passkey signs in on its own, so making one (`confirming`) asks first who is there: the
 * second factor where the account has one, else the login password (docs/security.md, "Passkeys").
 */
import { useLingui } from '@lingui/react/macro';
import { z } from 'zod';
import { isApiError } from '../../api/client';
import { PASSKEY_NAME_MAX_LENGTH, passkeyNameSchema } from '../../domain/passkeys';
import { errorMessage } from '../../i18n';
import { toast } from '../../ui/feedback/toast';
import { setServerError, submitOnce, textField, useZodForm } from '../../ui/form/form';
import { PasswordField } from '../../ui/form/PasswordField';
import { TextField } from '../../ui/form/TextField';
import { FormDialog } from '../../ui/form/FormDialog';
import { passkeyProblem } from '../shared/passkeys';
import { SecondFactorField, useSecondFactor } from '../shared/secondFactor/SecondFactorField';
import { useAccountMutation } from '../shared/useAccountMutation';
import type { PasskeyConfirmation } from './api/calls';

const nameFormSchema = z.strictObject({ name: passkeyNameSchema, password: z.string() });

export interface PasskeyNameDialogProps {
  opened: boolean;
  title: string;
  /** The name the field starts with. */
  initial: string;
  /** The confirming button's word ("Continue", "Save") and its word while busy. */
  confirmText: string;
  busyText: string;
  /** Asks who is there before `save` (a new passkey): the second factor, or the login password. */
  confirming?: boolean;
  /** What the name is for: makes the passkey (with the confirmation), or renames one. */
  save(name: string, confirmation?: PasskeyConfirmation): Promise<unknown>;
  /** After success (the list is being fetched again); the dialog closes. */
  onSaved(): void;
  onClose(): void;
}

export function PasskeyNameDialog({ opened, title, initial, confirmText, busyText, confirming = false, save, onSaved, onClose }: PasskeyNameDialogProps) {
  const { t } = useLingui();
  const code = useSecondFactor();
  const askPassword = confirming && !code.asked;
  const form = useZodForm(nameFormSchema, {
    values: { name: initial, password: '' },
    params: { max: PASSKEY_NAME_MAX_LENGTH },
    check: (values, errors) => (askPassword && !values.password ? { ...errors, password: errorMessage('password.required') } : errors),
  });

  function close() {
    form.reset();
    code.reset();
    onClose();
  }

  const saving = useAccountMutation({
    call: ({ name, confirmation }: { name: string; confirmation?: PasskeyConfirmation }) => save(name, confirmation),
    onSuccess() {
      onSaved();
      close();
    },
    onError(error) {
      if (code.refused(error)) return;
      setServerError(form, error, ['name', 'password']);
      if (!isApiError(error)) toast.error(errorMessage(passkeyProblem(error)), 5000);
    },
  });
  const submit = submitOnce(form, (data) => {
    if (!confirming) return saving.run({ name: data.name });
    const secondFactor = code.take();
    if (secondFactor === false) return;
    saving.run({ name: data.name, confirmation: secondFactor ? { secondFactor } : { password: data.password } });
  });

  return (
    <FormDialog opened={opened} title={title} busy={saving.pending} confirmText={confirmText} busyText={busyText} onSubmit={submit} onCancel={close}>
      <div className="space-y-4">
        <TextField
          label={t`Passkey name`}
          hint={t`So that you can tell your passkeys apart.`}
          {...textField(form, 'name')}
          maxLength={PASSKEY_NAME_MAX_LENGTH + 8}
          autoFocus
        />
        {askPassword ? (
          <PasswordField label={t`Login password`} hint={t`A passkey signs you in on its own: confirm it is you first.`} {...textField(form, 'password')} autoComplete="current-password" />
        ) : null}
        {confirming && code.asked ? <SecondFactorField {...code.field} disabled={saving.pending} /> : null}
      </div>
    </FormDialog>
  );
}
