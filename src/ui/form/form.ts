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
import type { BaseSyntheticEvent } from 'react';
import { useForm, type FieldValues, type SubmitHandler, type Path, type Resolver, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { MessageParams } from '../../domain/errors';
import { toast } from '../feedback/toast';
import { errorMessage } from '../../i18n';
import { fieldErrors, type FieldErrors } from './fieldErrors';
import { serverFieldError } from './serverFieldError';

export interface ZodFormExtras<V extends FieldValues> {
  /** The schema's input made from the form's values (or a promise of it); the values themselves when absent. */
  input?(values: V): unknown;
  /** Adds or replaces messages after the schema's (e.g. checkConfirmation); may find problems in a valid parse. */
  check?(values: V, errors: FieldErrors): FieldErrors;
  /** Placeholders for the messages that the schema's issues do not carry (e.g. a length). */
  params?: MessageParams;
}

/** A resolver from a zod schema whose messages are error keys of the catalogue (src/domain/errors.ts). */
/** A schema, or a function that imports it (for a form whose rules load when it is first checked). */
export type SchemaSource<S extends z.ZodType> = S | (() => Promise<S>);

export function zodFormResolver<S extends z.ZodType, V extends FieldValues = z.input<S> & FieldValues>(
  source: SchemaSource<S>,
  extras: ZodFormExtras<V> = {},
): Resolver<V, unknown, z.output<S> & FieldValues> {
  return async (values) => {
    let schema: S;
    try {
      schema = typeof source === 'function' ? await source() : source;
    } catch {
      // The rules could not be downloaded (offline on a first visit): nothing is sent, and the
      // person is told why, as for any request that cannot reach the server.
      toast.error(errorMessage('network.error'));
      return { values: {}, errors: { root: { type: 'load', message: errorMessage('network.error') } } } as Awaited<
        ReturnType<Resolver<V, unknown, z.output<S> & FieldValues>>
      >;
    }
    const parsed = await schema.safeParseAsync(extras.input ? await extras.input(values) : values);
    // Field names are the schema's keys; a message without a field stays on the form as `root`.
    const found: FieldErrors = parsed.success ? {} : fieldErrors<string>(parsed.error, 'root', extras.params);
    const problems = Object.entries(extras.check ? extras.check(values, found) : found).filter(
      (entry): entry is [string, string] => Boolean(entry[1]),
    );
    if (parsed.success && !problems.length) return { values: parsed.data as z.output<S> & FieldValues, errors: {} };
    const errors = Object.fromEntries(problems.map(([name, message]) => [name, { type: 'validate', message }]));
    return { values: {}, errors } as Awaited<ReturnType<Resolver<V, unknown, z.output<S> & FieldValues>>>;
  };
}

export function useZodForm<S extends z.ZodType, V extends FieldValues = z.input<S> & FieldValues>(
  schema: SchemaSource<S>,
  options: Omit<UseFormProps<V, unknown, z.output<S> & FieldValues>, 'resolver'> & ZodFormExtras<V> = {},
): UseFormReturn<V, unknown, z.output<S> & FieldValues> {
  const { input, check, params, ...formOptions } = options;
  return useForm({ mode: 'onSubmit', reValidateMode: 'onChange', ...formOptions, resolver: zodFormResolver<S, V>(schema, { input, check, params }) });
}

/** The props a TextField takes for one field of a form: its value, change handler and message. */
export function textField<V extends FieldValues, O extends FieldValues>(form: UseFormReturn<V, unknown, O>, name: Path<V>) {
  const value = form.watch(name);
  return {
    value: typeof value === 'string' ? value : value == null ? '' : String(value),
    // Once the field shows a problem (after leaving it, or a press), each keystroke checks it again.
    onChange: (next: string) =>
      form.setValue(name, next as never, { shouldValidate: form.formState.isSubmitted || form.getFieldState(name).invalid, shouldDirty: true }),
    onBlur: () => void form.trigger(name),
    error: form.formState.errors[name]?.message as string | undefined,
  };
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

/**
 * The form's submit handler: checks, then runs `onValid` with the parsed data; a second submit
 * (Enter pressed again) while the first is still running is ignored.
 */
export function submitOnce<V extends FieldValues, O extends FieldValues>(form: UseFormReturn<V, unknown, O>, onValid: SubmitHandler<O>) {
  return (event?: BaseSyntheticEvent) => {
    if (form.formState.isSubmitting) {
      event?.preventDefault();
      return;
    }
    void form.handleSubmit(onValid)(event);
  };
}
