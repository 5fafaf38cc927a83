/**
 * The address and verification-code fields of sign-up and password reset: a phone number with
 * its area code, or an e-mail address; then the code with its "Send code" countdown.
 */
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { CodePurpose } from '../../domain/validation';
import { toast } from '../../app/feedback/toast';
import { areaCountryAtom } from '../shared/area-code/areaCountry';
import { PhoneField, toE164 } from '../shared/area-code/PhoneField';
import { SendCodeButton } from '../shared/SendCodeButton';
import { TextField } from '../shared/TextField';
import type { ContactMethod } from './MethodTabs';
import { sendCode } from './sendCode';

export interface ContactValues {
  method: ContactMethod;
  /** The national number as typed; the area code comes from the picker. */
  national: string;
  email: string;
  code: string;
}

export type ContactErrors = Partial<Record<'phone' | 'email' | 'code', string>>;

/** The address in the form the API takes: E.164 for phones, trimmed e-mail. */
export function useContactAddress(values: ContactValues): string {
  const country = useAtomValue(areaCountryAtom);
  return values.method === 'phone' ? toE164(values.national, country) : values.email.trim();
}

export interface ContactFieldsProps {
  values: ContactValues;
  onChange(changes: Partial<ContactValues>): void;
  errors: ContactErrors;
  onErrors(errors: ContactErrors): void;
  purpose: CodePurpose;
}

export function ContactFields({ values, onChange, errors, onErrors, purpose }: ContactFieldsProps) {
  const { t } = useLingui();
  const address = useContactAddress(values);

  async function send(): Promise<number | null> {
    const result = await sendCode(values.method, address, purpose);
    if ('error' in result) {
      onErrors({ ...errors, [result.field]: result.error });
      return null;
    }
    onErrors({ ...errors, [values.method]: undefined });
    toast.success(values.method === 'phone' ? t`Code sent by SMS` : t`Code sent by e-mail`);
    return result.retryAfter;
  }

  return (
    <div className="space-y-4">
      {values.method === 'phone' ? (
        <PhoneField label={t`Phone number`} value={values.national} onChange={(national) => onChange({ national })} error={errors.phone} />
      ) : (
        <TextField
          label={t`E-mail`}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="name@example.com"
          ltr
          value={values.email}
          onChange={(email) => onChange({ email })}
          error={errors.email}
        />
      )}
      <TextField
        label={t`Verification code`}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder={t`6 digits`}
        value={values.code}
        onChange={(code) => onChange({ code: code.replace(/\D/g, '') })}
        error={errors.code}
        trailing={<SendCodeButton countdownKey={`${purpose}:${values.method}`} onSend={send} />}
      />
    </div>
  );
}
