/**
 * The part sign-up and password reset share: phone or e-mail tabs; the phone number with its
 * area code, or the e-mail address; the verification code with its "Send code" countdown; the
 * new password twice; then the form's own fields and its button.
 */
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { DefaultValues, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { CodePurpose } from '../../domain/validation';
import { toast } from '../../ui/feedback/toast';
import { areaCountryAtom } from '../../ui/form/area-code/areaCountry';
import { toE164 } from '../../ui/form/area-code/e164';
import { checkConfirmation } from '../../ui/form/fieldErrors';
import { setServerError, submitOnce, useZodForm } from '../../ui/form/form';
import { NewPasswordFields } from '../../ui/form/NewPasswordFields';
import { Button } from '../../ui/Button';
import { MethodTabs, type ContactMethod } from './MethodTabs';
import { ContactCodeFields } from '../shared/contact/CodeField';

export interface ContactValues extends FieldValues {
  method: ContactMethod;
  /** The national number as typed; the area code comes from the picker. */
  phone: string;
  email: string;
  code: string;
  password: string;
  confirmPassword: string;
}

/** What registerSchema and forgotSchema give: the address of the chosen method, in the API's form. */
export type ContactData = FieldValues & ({ method: 'phone'; phone: string } | { method: 'email'; email: string });

export const EMPTY_CONTACT: ContactValues = { method: 'phone', phone: '', email: '', code: '', password: '', confirmPassword: '' };

/** The address in the form the API takes: E.164 for phones, trimmed e-mail. */
function addressOf(values: ContactValues, country: Parameters<typeof toE164>[1]): string {
  return values.method === 'phone' ? toE164(values.phone, country) : values.email.trim();
}

/**
 * A form over `schema` (registerSchema, forgotSchema): its input has the address of the chosen
 * method only, in the API's form, plus what `more` adds; a confirmation that does not match
 * shows at once.
 */
export function useContactForm<S extends z.ZodType, V extends ContactValues>(
  schema: S,
  defaultValues: V,
  more?: (values: V) => Record<string, unknown>,
) {
  const country = useAtomValue(areaCountryAtom);
  return useZodForm<S, V>(schema, {
    defaultValues: defaultValues as DefaultValues<V>,
    input: (values) => {
      const { phone: _phone, email: _email, ...rest } = values;
      return { ...rest, [values.method]: addressOf(values, country), ...more?.(values) };
    },
    check: checkConfirmation,
  });
}

export interface ContactPasswordFormProps<V extends ContactValues, O extends ContactData> {
  form: UseFormReturn<V, unknown, O>;
  purpose: CodePurpose;
  /** Sends the checked data; then `doneText` shows and the login page opens with the account. */
  send(data: O): Promise<unknown>;
  doneText: string;
  /** The fields a refusal of the server may name. */
  fields: readonly Path<V>[];
  passwordLabel?: string;
  confirmLabel?: string;
  submitLabel: string;
  /** Fields after the password (sign-up: username, invitation, agreement). */
  children?: ReactNode;
  /** Where the visitor was going before signing up: the login continues there. */
  redirect?: string;
}

export function ContactPasswordForm<V extends ContactValues, O extends ContactData>(props: ContactPasswordFormProps<V, O>) {
  const { purpose, send, doneText, fields, passwordLabel, confirmLabel, submitLabel, children, redirect } = props;
  const navigate = useNavigate();
  const form = props.form as unknown as UseFormReturn<ContactValues, unknown, O>;

  async function onValid(data: O) {
    try {
      await send(data);
      toast.success(doneText);
      const account = data.method === 'phone' ? data.phone : data.email;
      await navigate({ to: '/auth/login', search: redirect ? { account, redirect } : { account }, replace: true });
    } catch (error) {
      setServerError(props.form, error, fields);
    }
  }

  return (
    <>
      <MethodTabs
        value={form.watch('method')}
        onChange={(method) => {
          form.setValue('method', method);
          form.clearErrors();
        }}
      />
      <form onSubmit={submitOnce(form, onValid)} noValidate className="space-y-4">
        <ContactCodeFields form={form} purpose={purpose} method={form.watch('method')} />
        <NewPasswordFields form={form} label={passwordLabel} confirmLabel={confirmLabel} />
        {children}
        <Button type="submit" busy={form.formState.isSubmitting} className="mt-2">
          {submitLabel}
        </Button>
      </form>
    </>
  );
}
