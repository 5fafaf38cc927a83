/**
 * Forms through react-hook-form, fed by the domain's zod schemas (src/domain): the same rule and
 * the same words as the server. The resolver turns a failed parse into the message under each
 * field in the current language (fieldErrors), so a form never keeps its own errors object.
 *
 *   const form = useZodForm(bankBindingSchema, { defaultValues });
 *   <TextField {...textField(form, 'iban')} label={t`IBAN`} />
 *   <form onSubmit={form.handleSubmit((data) => …)}>
 */
import { useForm, type FieldValues, type Path, type Resolver, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { fieldErrors } from './fieldErrors';

/** A resolver from a zod schema whose messages are error keys of the catalogue (src/domain/errors.ts). */
export function zodFormResolver<S extends z.ZodType>(schema: S): Resolver<z.input<S> & FieldValues, unknown, z.output<S> & FieldValues> {
  return async (values) => {
    const parsed = await schema.safeParseAsync(values);
    if (parsed.success) return { values: parsed.data as z.output<S> & FieldValues, errors: {} };
    // Field names are the schema's keys; a message without a field stays on the form as `root`.
    const errors = Object.fromEntries(
      Object.entries(fieldErrors<string>(parsed.error, 'root')).map(([name, message]) => [name, { type: 'validate', message }]),
    );
    return { values: {}, errors } as Awaited<ReturnType<Resolver<z.input<S> & FieldValues, unknown, z.output<S> & FieldValues>>>;
  };
}

export function useZodForm<S extends z.ZodType>(
  schema: S,
  options: Omit<UseFormProps<z.input<S> & FieldValues, unknown, z.output<S> & FieldValues>, 'resolver'> = {},
): UseFormReturn<z.input<S> & FieldValues, unknown, z.output<S> & FieldValues> {
  return useForm({ mode: 'onSubmit', reValidateMode: 'onChange', ...options, resolver: zodFormResolver(schema) });
}

/** The props a TextField takes for one field of a form: its value, change handler and message. */
export function textField<V extends FieldValues, O extends FieldValues>(form: UseFormReturn<V, unknown, O>, name: Path<V>) {
  const value = form.watch(name);
  return {
    value: typeof value === 'string' ? value : value == null ? '' : String(value),
    onChange: (next: string) => form.setValue(name, next as never, { shouldValidate: form.formState.isSubmitted, shouldDirty: true }),
    onBlur: () => void form.trigger(name),
    error: form.formState.errors[name]?.message as string | undefined,
  };
}
