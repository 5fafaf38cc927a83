/**
 * The USDT and EUR balances on a sea-coloured card (home and the personal centre): a heading
 * with an optional link, the time of a last-known copy on its own line, then both amounts side by side.
 */
import type { ReactNode } from 'react';
import { useWallet } from '../../api/queries';
import { asOfTime } from '../../api/query';
import { ASSET_CODES } from '../../domain/money';
import { Amount } from './Amount';
import { AsOf } from './AsOf';

export interface WalletBalancesProps {
  title: ReactNode;
  /** At the end of the heading row. */
  action?: ReactNode;
  /** Home's larger figures. */
  large?: boolean;
}

export function WalletBalances({ title, action, large }: WalletBalancesProps) {
  const wallet = useWallet();
  const asOf = asOfTime(wallet);
  return (
    <>
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-sm font-medium text-sea-100">{title}</h2>
        {action}
      </div>
      {asOf !== null ? (
        <p className="mt-1">
          <AsOf time={asOf} className="text-sea-100" />
        </p>
      ) : null}
      <dl className="mt-3 grid grid-cols-2 gap-4">
        {ASSET_CODES.map((asset) => (
          <div key={asset}>
            <dt className="text-xs text-sea-100">{asset}</dt>
            <dd className={`mt-1 font-semibold ${large ? 'text-2xl' : 'text-xl'}`}>
              <Amount value={wallet.data?.[asset]} asset={asset} code={false} />
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}
