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
import { Card, Empty, Loaded } from './kit';
import { AssetTable, Table } from './Table';

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
      <Loaded query={detail}>
        {({ balances }) => (
          <AssetTable
            caption={t`Balances per account`}
            header={t`Account`}
            rows={USER_PURPOSES.filter((purpose) => purpose === 'available' || purpose === 'held' || nonZero(balances.USDT[purpose]) || nonZero(balances.EUR[purpose]))}
            name={purposeLabel}
            amount={(purpose, asset) => balances[asset][purpose]}
          />
        )}
      </Loaded>
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
      <Loaded query={movements}>
        {({ list }) =>
          list.length === 0 ? (
            <Empty>{t`No movements yet.`}</Empty>
          ) : (
            <Table<Movement>
              caption={t`Recent movements, newest first`}
              rows={list}
              rowKey={(movement) => movement.id}
              columns={[
                { header: t`Time`, nowrap: true, className: 'text-slate-700', cell: (movement) => dateTime(movement.createdAt) },
                { header: t`Reference`, className: 'font-mono text-xs break-all text-slate-700', cell: (movement) => movement.reference },
                {
                  header: t`What`,
                  cell: (movement) => (
                    <>
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
                    </>
                  ),
                },
              ]}
            />
          )
        }
      </Loaded>
    </Card>
  );
}
