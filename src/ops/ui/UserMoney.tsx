/**
 * A user's money beside a request an operator decides: their balances per asset and account
 * purpose (GET /ops/users/detail) and their latest movements (GET /ops/users/movements), so the
 * operator sees what the decision starts from.
 */
import { useLingui } from '@lingui/react/macro';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { USER_PURPOSES, type UserPurpose } from '../../domain/ledger';
import type { OpsUserDetail } from '../../domain/ops-wire';
import type { Movement, Page } from '../../domain/wire';
import { opsGet } from '../api/client';
import { dateTime, money, nonZero } from './format';
import { Card, Notice, Spinner } from './kit';

const MOVEMENTS = 10;

export const userDetailQuery = (userId: string) =>
  queryOptions({ queryKey: ['ops', 'users', 'detail', userId] as const, queryFn: () => opsGet<OpsUserDetail>('/users/detail', { id: userId }) });

export const userMovementsQuery = (userId: string, pageSize = MOVEMENTS) =>
  queryOptions({
    queryKey: ['ops', 'users', 'movements', userId, pageSize] as const,
    queryFn: () => opsGet<Page<Movement>>('/users/movements', { id: userId, pageSize }),
  });

export function usePurposeLabel(): (purpose: UserPurpose) => string {
  const { t } = useLingui();
  return (purpose) =>
    ({ available: t`available`, held: t`held`, interest: t`pledge earnings`, trading: t`in trading`, pledged: t`pledged`, collateral: t`collateral` })[purpose];
}

/** The user's balances: one row per account purpose, one column per asset; a purpose empty in both is left out. */
export function UserBalances({ userId, username }: { userId: string; username: string }) {
  const { t } = useLingui();
  const purposeLabel = usePurposeLabel();
  const detail = useQuery(userDetailQuery(userId));
  return (
    <Card title={t`${username}'s balances`}>
      {detail.isPending ? (
        <Spinner label={t`Loading…`} />
      ) : detail.isError ? (
        <Notice>{detail.error.message}</Notice>
      ) : (
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{t`Balances per account`}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase">
              <th scope="col" className="py-1.5 pe-3 text-start font-medium">{t`Account`}</th>
              <th scope="col" className="py-1.5 pe-3 text-end font-medium">USDT</th>
              <th scope="col" className="py-1.5 text-end font-medium">EUR</th>
            </tr>
          </thead>
          <tbody>
            {USER_PURPOSES.filter((purpose) => purpose === 'available' || purpose === 'held' || nonZero(detail.data.balances.USDT[purpose]) || nonZero(detail.data.balances.EUR[purpose])).map((purpose) => (
              <tr key={purpose} className="border-b border-slate-100">
                <th scope="row" className="py-1.5 pe-3 text-start font-normal text-slate-700">
                  {purposeLabel(purpose)}
                </th>
                <td className="py-1.5 pe-3 text-end tabular-nums whitespace-nowrap">{money(detail.data.balances.USDT[purpose], 'USDT')}</td>
                <td className="py-1.5 text-end tabular-nums whitespace-nowrap">{money(detail.data.balances.EUR[purpose], 'EUR')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

/** The user's latest movements, newest first, each with its legs (what left or reached which of their accounts). */
export function UserMovements({ userId, username }: { userId: string; username: string }) {
  const { t } = useLingui();
  const purposeLabel = usePurposeLabel();
  const movements = useQuery(userMovementsQuery(userId));
  const side = (purpose: UserPurpose | null) => (purpose ? purposeLabel(purpose) : t`outside`);
  return (
    <Card title={t`${username}'s recent movements`}>
      {movements.isPending ? (
        <Spinner label={t`Loading…`} />
      ) : movements.isError ? (
        <Notice>{movements.error.message}</Notice>
      ) : movements.data.list.length === 0 ? (
        <p className="text-sm text-slate-600">{t`No movements yet.`}</p>
      ) : (
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{t`Recent movements, newest first`}</caption>
          <tbody>
            {movements.data.list.map((movement) => (
              <tr key={movement.id} className="border-b border-slate-100 align-top">
                <td className="py-1.5 pe-3 whitespace-nowrap text-slate-700">{dateTime(movement.createdAt)}</td>
                <td className="py-1.5 pe-3 font-mono text-xs break-all text-slate-700">{movement.reference}</td>
                <td className="py-1.5">
                  <ul className="flex flex-col gap-0.5">
                    {movement.legs.map((leg, index) => (
                      <li key={index} className="flex flex-wrap justify-between gap-x-3">
                        <span className="text-slate-600">
                          {side(leg.from)} → {side(leg.to)}
                        </span>
                        <span className="tabular-nums whitespace-nowrap">{money(leg.amount, leg.asset)}</span>
                      </li>
                    ))}
                  </ul>
                  {movement.reason ? <p className="text-xs text-slate-600">{movement.reason}</p> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
