/** Linking or changing the account's e-mail address or phone number, with a code of purpose `bind` (docs/api.md). */
import type { z } from 'zod';
import { send } from '../../../api/calls';
import type { bindEmailSchema, bindMobileSchema } from '../../../domain/validation';

export const bindEmail = send<z.input<typeof bindEmailSchema>, null>('POST', '/safe/email');
export const bindMobile = send<z.input<typeof bindMobileSchema>, null>('POST', '/safe/mobile');
