/**
 * The USDT and EUR balances on a sea-coloured card (home and the personal centre): a heading
 * with an optional link, the time of a last-known copy on its own line, then both amounts side by
 * side, each with its asset's mark. Masked while the person hides their balances.
 */
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { useWallet } from '../../api/queries';
import { asOfTime } from '../../api/query';
import { AssetMark } from '../../ui/icons';
import { balancesHiddenAtom } from '../../ui/privacy';
import { ASSET_CODES, type Asset } from '../../domain/money';
import { Amount } from '../../ui/Amount';
import { AsOf } from '../../ui/AsOf';

export interface WalletBalancesProps {
  title: ReactNode;
  /** At the end of the heading row. */
  action?: ReactNode;
  /** Above the two balances (home's total). */
  lead?: ReactNode;
}

/** An amount, or dots in its place while balances are hidden. */
export function MaskedAmount({ value, asset, code = false }: { value: string | null | undefined; asset: Asset; code?: boolean }) {
  const { t } = useLingui();
  const hidden = useAtomValue(balancesHiddenAtom);
  if (hidden) {
    return (
      <span role="img" aria-label={t`Hidden`} data-masked={asset}>
        ••••
      </span>
    );
  }
  return <Amount value={value} asset={asset} code={code} />;
}

export function WalletBalances({ title, action, lead }: WalletBalancesProps) {
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
      {lead}
      <dl className="mt-3 grid grid-cols-2 gap-4">
        {ASSET_CODES.map((asset) => (
          <div key={asset}>
            <dt className="flex items-center gap-1.5 text-xs text-sea-100">
              <AssetMark asset={asset} size={16} />
              {asset}
            </dt>
            <dd className="mt-1 text-xl font-semibold">
              <MaskedAmount value={wallet.data?.[asset]} asset={asset} />
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}
