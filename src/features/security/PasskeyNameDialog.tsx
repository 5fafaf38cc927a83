/**
 * The name a passkey is listed by ("My phone", "Work laptop"): asked before a new passkey is made,
 * and when one is renamed. Checked with the shared passkeyNameSchema, then sent as one account
 * mutation: a refusal of the server about the name goes under the field (others were told by the
 * API client), a failure of the browser's passkey dialog is told in a toast (shared/passkeys.ts).
 */
import { useLingui } from '@lingui/react/macro';
import { z } from 'zod';
import { isApiError } from '../../api/client';
import { PASSKEY_NAME_MAX_LENGTH, passkeyNameSchema } from '../../domain/passkeys';
import { errorMessage } from '../../i18n';
import { toast } from '../../ui/feedback/toast';
import { setServerError, submitOnce, textField, useZodForm } from '../../ui/form/form';
import { TextField } from '../../ui/form/TextField';
import { FormDialog } from '../../ui/form/FormDialog';
import { passkeyProblem } from '../shared/passkeys';
import { useAccountMutation } from '../shared/useAccountMutation';

const nameFormSchema = z.strictObject({ name: passkeyNameSchema });

export interface PasskeyNameDialogProps {
  opened: boolean;
  title: string;
  /** The name the field starts with. */
  initial: string;
  /** The confirming button's word ("Continue", "Save") and its word while busy. */
  confirmText: string;
  busyText: string;
  /** What the name is for: makes the passkey, or renames one. */
  save(name: string): Promise<unknown>;
  /** After success (the list is being fetched again); the dialog closes. */
  onSaved(): void;
  onClose(): void;
}

export function PasskeyNameDialog({ opened, title, initial, confirmText, busyText, save, onSaved, onClose }: PasskeyNameDialogProps) {
  const { t } = useLingui();
  const form = useZodForm(nameFormSchema, { values: { name: initial }, params: { max: PASSKEY_NAME_MAX_LENGTH } });

  function close() {
    form.reset();
    onClose();
  }

  const saving = useAccountMutation({
    call: save,
    onSuccess() {
      onSaved();
      close();
    },
    onError(error) {
      setServerError(form, error, ['name']);
      if (!isApiError(error)) toast.error(errorMessage(passkeyProblem(error)), 5000);
    },
  });
  const submit = submitOnce(form, (data) => saving.run(data.name));

  return (
    <FormDialog opened={opened} title={title} busy={saving.pending} confirmText={confirmText} busyText={busyText} onSubmit={submit} onCancel={close}>
      <TextField
        label={t`Passkey name`}
        hint={t`So that you can tell your passkeys apart.`}
        {...textField(form, 'name')}
        maxLength={PASSKEY_NAME_MAX_LENGTH + 8}
        autoFocus
      />
    </FormDialog>
  );
}
