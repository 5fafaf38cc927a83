/** What the two proof-of-liabilities screens share: amounts in minor units, dates, a hash, a check's line. */
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { LIABILITY_ASSETS, type ProofCheck } from '../../domain/liabilities';
import { toDecimalString } from '../../domain/money';
import { Amount } from '../../ui/Amount';
import { CheckIcon, CloseIcon } from '../../ui/icons';

export const decimalOf = (minor: string, asset: (typeof LIABILITY_ASSETS)[number]) => toDecimalString(BigInt(minor), asset);

/** A snapshot's totals, EUR then USDT, from minor units. */
export function Totals({ totals, className }: { totals: Record<(typeof LIABILITY_ASSETS)[number], string>; className?: string }) {
  return (
    <div className={`grid grid-cols-2 gap-3 ${className ?? ''}`}>
      {LIABILITY_ASSETS.map((asset) => (
        <div key={asset} className="min-w-0">
          <p className="text-xs opacity-80">{asset}</p>
          <p className="truncate text-lg font-semibold" data-total={asset}>
            <Amount value={decimalOf(totals[asset], asset)} asset={asset} code={false} />
          </p>
        </div>
      ))}
    </div>
  );
}

/** A hash or a key: left to right, in monospace, broken anywhere. */
export function Hex({ value }: { value: string }) {
  return (
    <bdi dir="ltr" className="font-mono text-xs break-all text-ink" data-hex>
      {value}
    </bdi>
  );
}

export type CheckState = 'passed' | 'failed' | 'notRun';

/** One line of a checklist: a check mark, a cross, or a dot for a check that did not run. */
export function CheckLine({ state, children }: { state: CheckState; children: ReactNode }) {
  const { t } = useLingui();
  const mark =
    state === 'passed' ? (
      <span className="flex size-6 items-center justify-center rounded-full bg-emerald-100 text-emerald-800">
        <CheckIcon size={14} />
        <span className="sr-only">{t`Passed`}</span>
      </span>
    ) : state === 'failed' ? (
      <span className="flex size-6 items-center justify-center rounded-full bg-rose-100 text-rose-800">
        <CloseIcon size={14} />
        <span className="sr-only">{t`Failed`}</span>
      </span>
    ) : (
      <span className="flex size-6 items-center justify-center rounded-full bg-canvas text-muted">
        <span aria-hidden="true">·</span>
        <span className="sr-only">{t`Not checked`}</span>
      </span>
    );
  return (
    <li className="flex items-start gap-3 py-2 text-sm" data-check-state={state}>
      <span className="shrink-0">{mark}</span>
      <span className={state === 'failed' ? 'font-semibold text-rose-900' : state === 'notRun' ? 'text-muted' : 'text-ink'}>{children}</span>
    </li>
  );
}

/** What each check proves, as the checklist says it once it passed. */
export function useCheckNames(): Record<ProofCheck | 'key', string> {
  const { t } = useLingui();
  return {
    format: t`The proof is complete and well formed`,
    leafAmounts: t`None of your balances is negative`,
    siblingSums: t`No sum on the way to the root is negative`,
    root: t`The way from your balances leads to the signed root`,
    totals: t`The sums add up to the signed totals`,
    signature: t`Tessera’s key signed this root`,
    key: t`That key is the one Tessera publishes`,
  };
}

/** Why a proof is not verified, in the words of the check that failed. */
export function useFailureTexts(): (failed: ProofCheck | 'key', step?: number) => string {
  const { t } = useLingui();
  return (failed, step) => {
    const at = step === undefined ? '' : String(step + 1);
    switch (failed) {
      case 'format':
        return t`The proof is incomplete or not in the documented format.`;
      case 'leafAmounts':
        return t`One of your balances in the proof is negative or impossibly large.`;
      case 'siblingSums':
        return t`A sum on the way to the root (step ${at}) is negative or impossibly large.`;
      case 'root':
        return t`The way from your balances does not lead to the signed root: a hash or a sum on it was changed.`;
      case 'totals':
        return t`The sums do not add up to the signed totals.`;
      case 'signature':
        return t`The signature is not Tessera’s key’s over this snapshot.`;
      case 'key':
        return t`The proof was signed with a key other than the one Tessera publishes.`;
    }
  };
}
