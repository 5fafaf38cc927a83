/** The passwords and the language (docs/api.md). */
import type { z } from 'zod';
import { send } from '../../../api/calls';
import { request, type RequestOptions } from '../../../api/client';
import type { Locale } from '../../../domain/locales';
import type { changePasswordSchema, payPasswordSetSchema } from '../../../domain/validation';

export const changePassword = send<z.input<typeof changePasswordSchema>, null>('POST', '/safe/update_password');
/** First time with `loginPassword`, later with `oldPayPassword`. */
export const setPayPassword = send<z.input<typeof payPasswordSetSchema>, null>('POST', '/safe/pay_password');
/** The language of server-sent texts (e-mails, SMS) for this account. */
export const setLanguage = (locale: Locale, options?: RequestOptions) => request<null>('POST', '/set/lang', { locale }, options);
