/** Methods, limits, fees, available balances and the bound bank account: live, or last-known offline. */
import { loadable, type Loadable } from '../../api/query';
import type { WithdrawInfoReply, WithdrawMethodInfo } from '../../domain/wire';
import { useWithdrawInfoQuery } from './api/queries';

export function useWithdrawInfo(): Loadable<WithdrawInfoReply> {
  return loadable(useWithdrawInfoQuery());
}

export function methodOf(reply: WithdrawInfoReply | undefined, method: WithdrawMethodInfo['method']): WithdrawMethodInfo | null {
  return reply?.methods.find((entry) => entry.method === method) ?? null;
}
