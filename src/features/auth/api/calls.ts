/** The sign-up and password-reset calls, and the verification codes they send (docs/api.md). */
import type { z } from 'zod';
import { send } from '../../../api/calls';
import type { forgotSchema, registerSchema, sendMailSchema, sendSmsSchema } from '../../../domain/validation';
import type { SendCodeReply } from '../../../domain/wire';

export interface RegisterReply {
  username: string;
}

export const sendSmsCode = send<z.input<typeof sendSmsSchema>, SendCodeReply>('POST', '/sms_send');
export const sendMailCode = send<z.input<typeof sendMailSchema>, SendCodeReply>('POST', '/sms_mail');
export const register = send<z.input<typeof registerSchema>, RegisterReply>('POST', '/user/register');
export const forgotPassword = send<z.input<typeof forgotSchema>, null>('POST', '/user/forget');
