/**
 * The frame of one way to withdraw: the records link, the offline mark of a last-known copy, and
 * the method's details once loaded (loading, or why they could not be).
 */
import { useLingui } from '@lingui/react/macro';
import { Preloader } from 'konsta/react';
import type { ReactNode } from 'react';
import type { Loadable } from '../../api/query';
import { Screen } from '../../ui/Screen';
import type { WithdrawInfoReply, WithdrawMethodInfo } from '../../domain/wire';
import { AsOf } from '../../ui/AsOf';
import { LoadFailed, RecordsLink } from '../shared/records';
import { methodOf, useWithdrawInfo } from './useWithdrawInfo';

export interface WithdrawMethodScreenProps {
  method: WithdrawMethodInfo['method'];
  children(method: WithdrawMethodInfo, reply: WithdrawInfoReply, info: Loadable<WithdrawInfoReply>): ReactNode;
}

export function WithdrawMethodScreen({ method, children }: WithdrawMethodScreenProps) {
  const { t } = useLingui();
  const info = useWithdrawInfo();
  const reply = info.data;
  const details = methodOf(reply, method);
  return (
    <Screen right={<RecordsLink to="/withdraw/records" label={t`Withdrawal records`} />}>
      {info.asOf !== null ? (
        <p className="mx-4 mb-2 rounded-xl bg-amber-50 px-3 py-2 text-amber-900">
          <AsOf time={info.asOf} />
        </p>
      ) : null}
      {reply && details ? (
        children(details, reply, info)
      ) : info.loading ? (
        <Waiting />
      ) : (
        <LoadFailed text={info.failure ?? ''} onRetry={info.reload} />
      )}
    </Screen>
  );
}

/** The spinner of a withdrawal screen still reading what it starts from. */
export function Waiting() {
  const { t } = useLingui();
  return (
    <div className="flex justify-center py-16" role="status" aria-label={t`Loading`}>
      <Preloader />
    </div>
  );
}
