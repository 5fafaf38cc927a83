/**
 * The console's forms: react-hook-form fed by the domain's zod schemas through the same resolver
 * as the app's (src/ui/form/zodForm.ts), so a rule and its words are the server's. A refusal of the
 * server goes under its field, or above the form's button when it names none.
 */
import { useForm, type FieldValues, type Path, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { schemaResolver, submitOnce, type ZodFormExtras } from '../../ui/form/zodForm';
import { OpsError } from '../api/client';

export { submitOnce, textField } from '../../ui/form/zodForm';

export function useOpsForm<S extends z.ZodType, V extends FieldValues = z.input<S> & FieldValues>(
  schema: S,
  options: Omit<UseFormProps<V, unknown, z.output<S> & FieldValues>, 'resolver'> & ZodFormExtras<V> = {},
): UseFormReturn<V, unknown, z.output<S> & FieldValues> {
  const { input, check, params, ...formOptions } = options;
  return useForm({ mode: 'onSubmit', reValidateMode: 'onChange', ...formOptions, resolver: schemaResolver<S, V>(schema, { input, check, params }) });
}

/** Puts a refusal under the field it is about (one of `fields`), else on the form as a whole (`root`). */
export function showRefusal<V extends FieldValues, O extends FieldValues>(form: UseFormReturn<V, unknown, O>, error: unknown, fields: readonly Path<V>[]): void {
  const message = error instanceof Error ? error.message : String(error);
  const field = error instanceof OpsError ? fields.find((name) => name === error.field) : undefined;
  if (field) form.setError(field, { type: 'server', message });
  else form.setError('root' as Path<V>, { type: 'server', message });
}

/**
 * The form's submit handler that sends its checked values: `send`, then `done` with the reply; a
 * refusal goes under the field it is about (one of `fields`), else on the form as a whole.
 */
export function submitTo<V extends FieldValues, O extends FieldValues, R>(
  form: UseFormReturn<V, unknown, O>,
  send: (input: O) => Promise<R>,
  fields: readonly Path<V>[],
  done?: (reply: R) => void,
) {
  return submitOnce(form, async (input) => {
    try {
      const reply = await send(input);
      done?.(reply);
    } catch (error) {
      showRefusal(form, error, fields);
    }
  });
}
