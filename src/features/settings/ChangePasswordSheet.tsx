/**
 * Change the login password: current, new, confirm, checked with the shared
 * changePasswordSchema. The server signs out every other device; this one stays signed in.
 */
import { useLingui } from '@lingui/react/macro';
import { Button, Preloader, Sheet } from 'konsta/react';
import { useEffect, useState, type FormEvent } from 'react';
import { changePassword } from '../../api/calls';
import { toast } from '../../app/feedback/toast';
import { changePasswordSchema } from '../../domain/validation';
import { validate, withMismatch, type FieldErrors } from '../shared/fieldErrors';
import { PasswordField } from '../shared/PasswordField';
import { serverFieldError } from '../shared/serverFieldError';
import { useOverlay } from '../../app/overlays';

type Field = 'oldPassword' | 'password' | 'confirmPassword';
const FIELDS: readonly Field[] = ['oldPassword', 'password', 'confirmPassword'];

export interface ChangePasswordSheetProps {
  opened: boolean;
  onClose(): void;
}

export function ChangePasswordSheet({ opened, onClose }: ChangePasswordSheetProps) {
  useOverlay(opened);
  const { t } = useLingui();
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!opened) {
      setOldPassword('');
      setPassword('');
      setConfirmPassword('');
      setErrors({});
    }
  }, [opened]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const { data, errors: invalid } = validate<typeof changePasswordSchema, Field>(changePasswordSchema, { oldPassword, password, confirmPassword });
    const found = withMismatch<Field>(invalid, password, confirmPassword, 'confirmPassword');
    setErrors(found ?? {});
    if (!data) return;
    setBusy(true);
    try {
      await changePassword(data);
      toast.success(t`Password changed. Other devices have been signed out.`, 4000);
      onClose();
    } catch (error) {
      setErrors(serverFieldError(error, FIELDS));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Sheet opened={opened} onBackdropClick={() => !busy && onClose()} className="w-full" aria-label={t`Change login password`}>
      <form onSubmit={(event) => void submit(event)} noValidate className="mx-auto max-w-md space-y-4 px-5 pt-5 pb-[calc(var(--k-safe-area-bottom)+1.5rem)]">
        <div className="flex items-center justify-between">
          <h2 className="text-lg font-semibold text-ink">{t`Change login password`}</h2>
          <button type="button" onClick={onClose} disabled={busy} className="px-2 py-1 text-sm font-medium text-sea-700">
            {t`Cancel`}
          </button>
        </div>
        <PasswordField label={t`Current password`} value={oldPassword} onChange={setOldPassword} error={errors.oldPassword} autoComplete="current-password" />
        <PasswordField
          label={t`New password`}
          value={password}
          onChange={setPassword}
          error={errors.password}
          autoComplete="new-password"
          hint={t`At least 6 digits; not a run like 123456, not one digit repeated.`}
        />
        <PasswordField label={t`Confirm new password`} value={confirmPassword} onChange={setConfirmPassword} error={errors.confirmPassword} autoComplete="new-password" />
        <Button large rounded type="submit" disabled={busy}>
          {busy ? <Preloader className="size-5 text-white" /> : t`Change password`}
        </Button>
      </form>
    </Sheet>
  );
}
