/**
 * The login form's rules: loginSchema's, with the phone tab's number checked as a phone number.
 * LoginScreen imports this module when the form is first used (or checked), so zod, the domain's
 * rules and libphonenumber are not part of the login screen's first load.
 */
import { z } from 'zod';
import { loginSchema, phoneSchema } from '../../domain/validation';

export { fromE164, toE164 } from '../../ui/form/area-code/e164';

export const loginFormSchema = z
  .discriminatedUnion('method', [
    z.object({ method: z.literal('phone'), phone: phoneSchema, password: loginSchema.shape.password }),
    z.object({ method: z.literal('email'), account: loginSchema.shape.account, password: loginSchema.shape.password }),
  ])
  .transform((values) => ({ account: values.method === 'phone' ? values.phone : values.account, password: values.password }));
