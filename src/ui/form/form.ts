/**
 * Forms through react-hook-form, fed by the domain's zod schemas (src/domain): the same rule and
 * the same words as the server. The resolver turns a failed parse into the message under each
 * field in the current language (fieldErrors), so a form never keeps its own errors object.
 *
 *   const form = useZodForm(bankBindingSchema, { defaultValues });
 *   <TextField {...textField(form, 'iban')} label={t`IBAN`} />
 *   <form onSubmit={form.handleSubmit((data) => …)}>
 *
 * A form whose fields are not the schema's input (a national number the schema wants in E.164,
 * a tab that picks one of two shapes) says how to build that input (`input`), and a rule the
 * schema cannot state, or states too late, is added per field (`check`).
 *
 * The problem is said before the press, under its field: an amount is checked at each keystroke
 * (AmountField), any other field when it is left and then at each keystroke while it shows a
 * problem. The form's button stays live (a press shows every problem and sends nothing); it is
 * disabled only while the form is being sent or when nothing can be done at all.
 *
 * A first screen passes a function that imports its schema instead of the schema (see
 * LoginScreen): zod, the domain's rules and libphonenumber then load when the form is first
 * checked, not with the screen.
 */
import { useForm, type FieldValues, type Path, type Resolver, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from '../feedback/toast';
import { errorMessage } from '../../i18n';
import { schemaResolver, type SchemaSource, type ZodFormExtras } from './zodForm';
import { serverFieldError } from './serverFieldError';

export { submitOnce, textField, type SchemaSource, type ZodFormExtras } from './zodForm';

/** A resolver from a zod schema whose messages are error keys of the catalogue (src/domain/errors.ts); rules that cannot be downloaded are said in a toast too. */
export function zodFormResolver<S extends z.ZodType, V extends FieldValues = z.input<S> & FieldValues>(
  source: SchemaSource<S>,
  extras: ZodFormExtras<V> = {},
): Resolver<V, unknown, z.output<S> & FieldValues> {
  return schemaResolver<S, V>(source, extras, () => toast.error(errorMessage('network.error')));
}

export function useZodForm<S extends z.ZodType, V extends FieldValues = z.input<S> & FieldValues>(
  schema: SchemaSource<S>,
  options: Omit<UseFormProps<V, unknown, z.output<S> & FieldValues>, 'resolver'> & ZodFormExtras<V> = {},
): UseFormReturn<V, unknown, z.output<S> & FieldValues> {
  const { input, check, params, ...formOptions } = options;
  return useForm({ mode: 'onSubmit', reValidateMode: 'onChange', ...formOptions, resolver: zodFormResolver<S, V>(schema, { input, check, params }) });
}

/** A refusal from the server about one of `fields` goes under that field (serverFieldError). */
export function setServerError<V extends FieldValues, O extends FieldValues>(
  form: UseFormReturn<V, unknown, O>,
  error: unknown,
  fields: readonly Path<V>[],
): void {
  for (const [name, message] of Object.entries(serverFieldError(error, fields))) {
    if (message) form.setError(name as Path<V>, { type: 'server', message: message as string });
  }
}

