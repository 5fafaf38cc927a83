/** The conversion between EUR and USDT (docs/api.md, "Money calls"): a quote, then exactly that quote executed. */
import type { z } from 'zod';
import { send } from '../../../api/calls';
import { pay } from '../../../api/pay';
import type { quoteRequestSchema, transferSchema } from '../../../domain/payments';
import type { ConversionRecord, QuoteReply } from '../../../domain/wire';

export const quoteConversion = send<z.input<typeof quoteRequestSchema>, QuoteReply>('POST', '/transfer/quote');
export const executeConversion = pay<z.input<typeof transferSchema>, ConversionRecord>('/transfer');
