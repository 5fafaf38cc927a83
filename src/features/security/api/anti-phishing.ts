/** The anti-phishing code every e-mail to the user starts with (POST /safe/anti-phishing). */
import type { z } from 'zod';
import { send } from '../../../api/calls';
import type { antiPhishingSchema } from '../../../domain/validation';

export const setAntiPhishingCode = send<z.input<typeof antiPhishingSchema>, null>('POST', '/safe/anti-phishing');
