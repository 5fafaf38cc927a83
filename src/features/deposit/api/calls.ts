/** The deposit calls (docs/api.md, "Money calls"): where to pay, the request with its proof, the records. */
import { pages, send } from '../../../api/calls';
import { upload } from '../../../api/client';
import type { MoneyOptions } from '../../../api/pay';
import type { DepositAddressReply, DepositRecord } from '../../../domain/wire';

export const depositAddress = send<{ coinId: number; network?: 'TRC20' | 'ERC20' }, DepositAddressReply>('POST', '/wallet/get_in_address');

export interface DepositRequest {
  coinId: number;
  network?: 'TRC20' | 'ERC20';
  amount: string;
  proof: Blob;
}

/** The text fields go before the file: the server reads them as the upload streams in. */
export function requestDeposit(input: DepositRequest, options: MoneyOptions): Promise<DepositRecord> {
  const form = new FormData();
  form.append('coinId', String(input.coinId));
  if (input.network) form.append('network', input.network);
  form.append('amount', input.amount);
  form.append('file', input.proof);
  return upload<DepositRecord>('/wallet/charge_req', form, options);
}

export const depositRecords = pages<DepositRecord>('/recharge/log');
