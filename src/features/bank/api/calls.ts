/** The bank binding's calls (docs/api.md, "Money calls"): saving it takes the payment password and a key. */
import type { z } from 'zod';
import { ask } from '../../../api/calls';
import { pay } from '../../../api/pay';
import type { bankBindingSchema } from '../../../domain/payments';
import type { BankBinding } from '../../../domain/wire';

export type BankBindingRequest = z.input<typeof bankBindingSchema>;

export const bankInfo = ask<BankBinding | null>('POST', '/user/cash_info');
export const saveBank = pay<BankBindingRequest, BankBinding>('/user/cash_save');
