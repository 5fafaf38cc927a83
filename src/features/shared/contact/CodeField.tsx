/**
 * The fields of a form that proves a phone number or an e-mail address (sign-up, password reset,
 * linking a contact): the number with its area code, or the address; then the verification code,
 * six digits, with "Send code" and its countdown at its end, and under it, while the address is
 * still the one the last code went to, where it went ("Code sent to n…@example.org"). A problem
 * with the address goes under the address field.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { getCountryCallingCode } from 'libphonenumber-js/min';
import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { CodePurpose } from '../../../domain/validation';
import { areaCountryAtom } from '../../../ui/form/area-code/areaCountry';
import { toE164 } from '../../../ui/form/area-code/e164';
import { PhoneField } from '../../../ui/form/area-code/PhoneField';
import { textField } from '../../../ui/form/form';
import { SendCodeButton } from '../../../ui/form/SendCodeButton';
import { TextField } from '../../../ui/form/TextField';
import { maskedAddress, sendCode, type ContactMethod } from './sendCode';

/** A form with the code and the address fields of both methods. */
export interface CodeFormValues extends FieldValues {
  phone: string;
  email: string;
  code: string;
}

export interface ContactCodeFieldsProps<V extends CodeFormValues, O extends FieldValues> {
  form: UseFormReturn<V, unknown, O>;
  purpose: CodePurpose;
  method: ContactMethod;
  /** The address field's label, when not "Phone number" or "E-mail" ("New e-mail address"). */
  label?: string;
}

export function ContactCodeFields<V extends CodeFormValues, O extends FieldValues>({ form, purpose, method, label }: ContactCodeFieldsProps<V, O>) {
  const { t } = useLingui();
  const country = useAtomValue(areaCountryAtom);
  const typed = String(form.watch(method as Path<V>) ?? '');
  const address = method === 'phone' ? toE164(typed, country) : typed.trim();
  return (
    <>
      {method === 'phone' ? (
        <PhoneField label={label ?? t`Phone number`} {...textField(form, 'phone' as Path<V>)} />
      ) : (
        <TextField
          label={label ?? t`E-mail`}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="name@example.com"
          ltr
          {...textField(form, 'email' as Path<V>)}
        />
      )}
      <CodeField form={form} purpose={purpose} method={method} address={address} masked={maskedAddress(method, address, getCountryCallingCode(country))} />
    </>
  );
}

interface CodeFieldProps<V extends CodeFormValues, O extends FieldValues> extends ContactCodeFieldsProps<V, O> {
  /** The address typed, in the API's form (E.164, trimmed e-mail). */
  address: string;
  /** The same address as the line under the field repeats it (sendCode.ts, `maskedAddress`). */
  masked: string;
}

function CodeField<V extends CodeFormValues, O extends FieldValues>({ form, purpose, method, address, masked }: CodeFieldProps<V, O>) {
  const { t } = useLingui();
  // Where the last code went: said under the code field while the address is still that one.
  const [sent, setSent] = useState<{ method: ContactMethod; address: string } | null>(null);
  const sentHere = sent !== null && sent.method === method && sent.address === address && address !== '';

  async function send(): Promise<number | null> {
    const result = await sendCode(method, address, purpose);
    if ('error' in result) {
      form.setError(result.field as Path<V>, { type: 'validate', message: result.error });
      return null;
    }
    form.clearErrors(method as Path<V>);
    setSent({ method, address });
    return result.retryAfter;
  }

  const code = textField(form, 'code' as Path<V>);
  const to = masked;
  return (
    <TextField
      label={t`Verification code`}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder={t`6 digits`}
      ltr
      {...code}
      onChange={(value) => code.onChange(value.replace(/\D/g, ''))}
      trailing={<SendCodeButton countdownKey={`${purpose}:${method}`} onSend={send} />}
      hint={
        sentHere ? (
          <span data-code-sent className="text-emerald-800">
            <Trans>
              Code sent to <bdi dir="ltr">{to}</bdi>
            </Trans>
          </span>
        ) : undefined
      }
    />
  );
}
