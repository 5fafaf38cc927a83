/**
 * My assets: USDT and EUR available and held (in a pending withdrawal), the totals
 * recharged, withdrawn and earned, and the ways to move money. Served at /assets and
 * /mine/my-assets. Offline it shows the last-known figures with their time.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useWallet } from '../../api/queries';
import { asOfTime } from '../../api/query';
import { ActionGrid, type Action } from '../../ui/ActionGrid';
import { QueryFallback } from '../../ui/EmptyState';
import { ConvertIcon, DepositIcon, ListIcon, WithdrawIcon } from '../../ui/icons';
import { WalletIcon } from '../../ui/moreIcons';
import { Screen } from '../../ui/Screen';
import { TableCard } from '../../ui/TableCard';
import { ASSET_CODES, type Asset } from '../../domain/money';
import type { CalcReply } from '../../domain/wire';
import { useTotals } from './api/queries';
import { Amount } from '../../ui/Amount';
import { AsOfLine } from '../../ui/AsOf';

export default function AssetsScreen() {
  const { t } = useLingui();
  const totals = useTotals();
  // Mounting refreshes the balances too: home and mine then agree with what this screen shows.
  const wallet = useWallet();
  const calc = totals.data ?? null;
  // Either figure may be the kept copy (the balances come from the wallet until the totals arrive).
  const asOf = asOfTime(totals) ?? asOfTime(wallet);
  const actions: Action[] = [
    { to: '/recharge', label: t`Deposit`, icon: <DepositIcon size={22} /> },
    { to: '/withdraw', label: t`Withdraw`, icon: <WithdrawIcon size={22} /> },
    { to: '/transfer', label: t`Convert`, icon: <ConvertIcon size={22} /> },
    { to: '/assets/assets-log', label: t`Fund record`, icon: <ListIcon size={22} /> },
  ];

  return (
    <Screen>
      <div className="space-y-4 px-4 pt-2">
        <AsOfLine time={asOf} />

        <div className="grid gap-3">
          {ASSET_CODES.map((asset) => (
            <AssetCard
              key={asset}
              asset={asset}
              // Until the totals arrive, the wallet's balance is the best figure for "available".
              available={calc?.available[asset] ?? wallet.data?.[asset] ?? null}
              held={calc?.held[asset] ?? null}
            />
          ))}
        </div>

        <ActionGrid label={t`Money actions`} actions={actions} className="gap-2" />

        {calc ? (
          <Totals calc={calc} />
        ) : (
          <QueryFallback query={totals} icon={<WalletIcon size={36} />} failedTitle={t`Totals could not be loaded`} />
        )}
      </div>
    </Screen>
  );
}

function AssetCard({ asset, available, held }: { asset: Asset; available: string | null; held: string | null }) {
  return (
    <section aria-label={asset} className="rounded-3xl bg-sea-700 p-5 text-white">
      <h2 className="text-sm font-semibold tracking-wide text-sea-100">{asset}</h2>
      <dl className="mt-2 grid grid-cols-2 gap-4">
        <div>
          <dt className="text-xs text-sea-100">
            <Trans>Available</Trans>
          </dt>
          <dd className="mt-1 text-2xl font-semibold">
            <Amount value={available} asset={asset} code={false} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-sea-100">
            <Trans>Held (withdrawals in progress)</Trans>
          </dt>
          <dd className="mt-1 text-lg font-semibold">
            <Amount value={held} asset={asset} code={false} />
          </dd>
        </div>
      </dl>
    </section>
  );
}

function Totals({ calc }: { calc: CalcReply }) {
  const { t } = useLingui();
  const rows: { label: string; values: Record<Asset, string> }[] = [
    { label: t`Total deposited`, values: calc.recharged },
    { label: t`Total withdrawn`, values: calc.withdrawn },
    { label: t`Total earned`, values: calc.earned },
  ];
  return (
    <TableCard label={t`Totals`} columns={[<Trans key="totals">Totals</Trans>, ...ASSET_CODES]}>
      {rows.map((row) => (
        <tr key={row.label}>
          <th scope="row" className="px-4 py-3 text-start font-normal text-ink">
            {row.label}
          </th>
          {ASSET_CODES.map((asset) => (
            <td key={asset} className="px-4 py-3 text-end text-ink">
              <Amount value={row.values[asset]} asset={asset} code={false} />
            </td>
          ))}
        </tr>
      ))}
    </TableCard>
  );
}
