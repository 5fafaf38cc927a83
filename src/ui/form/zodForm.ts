/**
 * The part of the forms (form.ts) that any React page can use, the operator console's too: the
 * resolver from a domain zod schema to the messages under each field, a text field's props, and a
 * submit that runs once. Nothing here knows the PWA's toasts or API client.
 */
import type { BaseSyntheticEvent } from 'react';
import type { FieldValues, Path, Resolver, SubmitHandler, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { MessageParams } from '../../domain/errors';
import { errorMessage } from '../../i18n';
import { fieldErrors, type FieldErrors } from './fieldErrors';

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

export function schemaResolver<S extends z.ZodType, V extends FieldValues = z.input<S> & FieldValues>(
  source: SchemaSource<S>,
  extras: ZodFormExtras<V> = {},
  /** Told when the rules could not be downloaded (the PWA shows a toast). */
  unavailable: () => void = () => undefined,
): Resolver<V, unknown, z.output<S> & FieldValues> {
  return async (values) => {
    let schema: S;
    try {
      schema = typeof source === 'function' ? await source() : source;
    } catch {
      // The rules could not be downloaded (offline on a first visit): nothing is sent, and the
      // person is told why, as for any request that cannot reach the server.
      unavailable();
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
