/**
 * A refusal from the server about one form field (`field` in the envelope) goes under that
 * field; the API client has already shown the same text in a toast.
 */
import { isApiError } from '../../api/client';
import type { FieldErrors } from './fieldErrors';

export function serverFieldError<F extends string>(error: unknown, fields: readonly F[]): FieldErrors<F> {
  if (!isApiError(error) || !error.field) return {};
  const field = fields.find((name) => name === error.field);
  return field ? ({ [field]: error.message } as FieldErrors<F>) : {};
}
