/** The sign-up and password-reset calls (docs/api.md); their codes are sent with src/api/calls.ts. */
import type { z } from 'zod';
import { send } from '../../../api/calls';
import type { forgotSchema, registerSchema } from '../../../domain/validation';

export interface RegisterReply {
  username: string;
}

export const register = send<z.input<typeof registerSchema>, RegisterReply>('POST', '/user/register');
export const forgotPassword = send<z.input<typeof forgotSchema>, null>('POST', '/user/forget');
