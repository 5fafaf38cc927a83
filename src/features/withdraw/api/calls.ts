/** The withdrawal calls (docs/api.md, "Money calls"): methods and limits, the request, the records. */
import type { z } from 'zod';
import { ask, pages } from '../../../api/calls';
import { pay } from '../../../api/pay';
import type { withdrawSchema } from '../../../domain/payments';
import type { WithdrawalRecord, WithdrawInfoReply } from '../../../domain/wire';

export type WithdrawRequest = z.input<typeof withdrawSchema>;

export const withdrawInfo = ask<WithdrawInfoReply>('POST', '/wallet/get_info');
export const requestWithdrawal = pay<WithdrawRequest, WithdrawalRecord>('/wallet/out');
export const withdrawalRecords = pages<WithdrawalRecord>('/user/withdraw/list');
