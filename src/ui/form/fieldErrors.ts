/**
 * Turns a failed parse of one of the shared zod schemas (src/domain/validation.ts) into the
 * message to show under each field, in the current language: the same rule and the same words
 * the server would use.
 */
import type { z } from 'zod';
import { isErrorKey, type MessageParams } from '../../domain/errors';
import { errorMessage } from '../../i18n';

export type FieldErrors<F extends string = string> = Partial<Record<F, string>>;

/** The first problem of each field; a problem with no field goes under `fallbackField`. */
export function fieldErrors<F extends string>(error: z.ZodError, fallbackField?: F, extraParams?: MessageParams): FieldErrors<F> {
  const result: FieldErrors<F> = {};
  for (const issue of error.issues) {
    const field = (issue.path.length ? String(issue.path[issue.path.length - 1]) : fallbackField) as F | undefined;
    if (!field || result[field]) continue;
    const params = (issue as { params?: MessageParams }).params;
    const key = isErrorKey(issue.message) ? issue.message : 'request.invalid';
    result[field] = errorMessage(key, { ...extraParams, ...params });
  }
  return result;
}

/**
 * A form's `check` (form.ts) for `password` and `confirmPassword`: the schemas compare them only
 * once every other field is valid (zod runs an object's refinements after its fields pass); a
 * form shows the mismatch at once instead, with the same catalogue text.
 */
export function checkConfirmation(values: { password?: unknown; confirmPassword?: unknown }, errors: FieldErrors): FieldErrors {
  const password = typeof values.password === 'string' ? values.password : '';
  const confirmPassword = typeof values.confirmPassword === 'string' ? values.confirmPassword : '';
  if (errors.confirmPassword || !password || password === confirmPassword) return errors;
  return { ...errors, confirmPassword: errorMessage('password.mismatch') };
}
