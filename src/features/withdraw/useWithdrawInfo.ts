/** Methods, limits, fees, available balances and the bound bank account: live, or last-known offline. */
import { withdrawInfo } from '../../api/money';
import type { WithdrawInfoReply, WithdrawMethodInfo } from '../../domain/wire';
import { useCachedLoad, type CachedLoad } from '../deposit/records';

export function useWithdrawInfo(): CachedLoad<WithdrawInfoReply> {
  return useCachedLoad('withdrawInfo', (options) => withdrawInfo(options));
}

export function methodOf(reply: WithdrawInfoReply | undefined, method: WithdrawMethodInfo['method']): WithdrawMethodInfo | null {
  return reply?.methods.find((entry) => entry.method === method) ?? null;
}
