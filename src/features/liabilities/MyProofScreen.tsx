/**
 * My proof (/liabilities/mine; docs/liabilities.md): the signed-in user's balances in a published
 * snapshot, their nonce and the path to the root, checked here — SHA-256 with Web Crypto, every
 * sum, the Ed25519 signature, and that the key is the one Tessera publishes — and the verdict:
 * "Included", or the check that failed. The proof can be downloaded as the documented file
 * (`npm run liabilities:verify` checks it); the last proofs stay in the device's copy and open
 * and verify offline.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { asOfTime } from '../../api/query';
import { LIABILITY_ASSETS, LIABILITY_PURPOSES, type ProofFile } from '../../domain/liabilities';
import { Amount } from '../../ui/Amount';
import { AsOfLine } from '../../ui/AsOf';
import { Button } from '../../ui/Button';
import { EmptyState, QueryFallback } from '../../ui/EmptyState';
import { CheckIcon, CloseIcon } from '../../ui/icons';
import { ShieldIcon } from '../../ui/moreIcons';
import { saveFile } from '../../ui/saveFile';
import { Screen } from '../../ui/Screen';
import { useAccountLabels } from '../shared/accountLabels';
import { Fact, useFormatTime } from '../shared/records';
import { useLiabilities, useMyProof } from './api/queries';
import { CheckLine, Hex, decimalOf, useCheckNames, useFailureTexts, type CheckState } from './parts';
import { PROOF_CHECKS, checkProof, type ProofResult } from './verify';

export default function MyProofScreen() {
  const { t } = useLingui();
  const { snapshot } = useSearch({ from: '/members/liabilities/mine' });
  const state = useMyProof(snapshot);
  const reply = state.data;
  return (
    <Screen>
      {reply ? (
        <div className="space-y-4 px-4 pt-2 pb-6">
          <AsOfLine time={asOfTime(state)} />
          <SnapshotChoice current={reply.proof?.snapshot.id} />
          {reply.proof ? (
            <Proof proof={reply.proof} />
          ) : (
            <EmptyState
              icon={<ShieldIcon size={36} />}
              title={t`No proof in this snapshot`}
              text={t`You had no balance when it was taken, or no snapshot has been published since you had one. A snapshot is taken every day at 00:00 UTC.`}
            />
          )}
        </div>
      ) : (
        <QueryFallback query={state} icon={<ShieldIcon size={36} />} failedTitle={t`Your proof could not be loaded`} />
      )}
    </Screen>
  );
}

/** The snapshots to choose from, when the public page is known (newest first). */
function SnapshotChoice({ current }: { current: string | undefined }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const formatTime = useFormatTime();
  const page = useLiabilities().data;
  if (!page || page.snapshots.length < 2) return null;
  return (
    <label className="flex items-center justify-between gap-3 rounded-2xl bg-surface px-4 py-3 text-sm">
      <span className="text-muted">{t`Snapshot`}</span>
      <select
        className="min-w-0 bg-transparent text-end font-medium text-ink"
        value={current ?? page.snapshots[0].id}
        onChange={(event) => void navigate({ to: '/liabilities/mine', search: { snapshot: event.target.value }, replace: true })}
      >
        {page.snapshots.map((each) => (
          <option key={each.id} value={each.id}>
            {formatTime(each.takenAt)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The checks run on this phone, once per proof (a proof does not change). */
function useProofResult(proof: ProofFile) {
  return useQuery({
    queryKey: ['public', 'liabilities', 'check', proof],
    queryFn: (): Promise<ProofResult> => checkProof(proof),
    meta: { persist: false },
    staleTime: Infinity,
    gcTime: 60_000,
  });
}

function Proof({ proof }: { proof: ProofFile }) {
  const { t } = useLingui();
  const formatTime = useFormatTime();
  const result = useProofResult(proof).data;
  const published = useLiabilities().data?.publicKey;
  // The key the proof names, against the one the public page publishes (unknown offline on a first visit).
  const keyState: CheckState = published === undefined ? 'notRun' : published === proof.snapshot.publicKey ? 'passed' : 'failed';
  const failed = result ? (result.failed ?? (keyState === 'failed' ? 'key' : null)) : undefined;
  return (
    <>
      <Verdict proof={proof} result={result} failed={failed} />
      <Balances proof={proof} />
      <section aria-labelledby="checks-title" className="rounded-3xl bg-surface px-4 py-3">
        <h2 id="checks-title" className="text-base font-semibold text-ink">{t`Checked on this phone`}</h2>
        <Checklist result={result} keyState={keyState} />
        {result?.signatureBy ? (
          <p className="mt-1 text-xs text-muted">
            {result.signatureBy === 'webCrypto' ? t`SHA-256 and Ed25519 by this browser’s Web Crypto.` : t`SHA-256 by this browser’s Web Crypto; Ed25519 by the @noble/curves library, as this browser has none.`}
          </p>
        ) : null}
      </section>
      <section aria-labelledby="details-title" className="rounded-3xl bg-surface px-4 py-3">
        <h2 id="details-title" className="text-base font-semibold text-ink">{t`The proof`}</h2>
        <dl className="mt-1">
          <Fact label={t`Snapshot`}>{proof.snapshot.id}</Fact>
          <Fact label={t`Taken`}>{formatTime(proof.snapshot.takenAt)}</Fact>
          <Fact label={t`Balances counted`}>{proof.snapshot.leafCount}</Fact>
          <Fact label={t`Steps to the root`}>{proof.path.length}</Fact>
        </dl>
        <p className="mt-2 text-xs text-muted">{t`Root`}</p>
        <Hex value={proof.snapshot.root} />
        <p className="mt-2 text-xs text-muted">{t`Your nonce (random, new in each snapshot; it keeps your leaf from being guessed)`}</p>
        <Hex value={proof.leaf.nonce} />
        <Button kind="secondary" className="mt-4" onClick={() => downloadProof(proof)}>
          {t`Download the proof`}
        </Button>
        <p className="mt-2 text-xs leading-relaxed text-muted">
          <Trans>
            Anyone can check the file without Tessera: <bdi dir="ltr" className="font-mono">npm run liabilities:verify FILE</bdi>, or a verifier written from the published format.
          </Trans>
        </p>
      </section>
    </>
  );
}

function Verdict({ proof, result, failed }: { proof: ProofFile; result: ProofResult | undefined; failed: ProofResult['failed'] | 'key' | undefined }) {
  const { t } = useLingui();
  const formatTime = useFormatTime();
  const failure = useFailureTexts();
  const when = formatTime(proof.snapshot.takenAt);
  if (failed === undefined) {
    return (
      <section role="status" className="rounded-3xl bg-sea-700 p-5 text-white" data-verdict="checking">
        <p className="text-lg font-semibold">{t`Checking on this phone…`}</p>
      </section>
    );
  }
  if (failed === null) {
    return (
      <section role="status" className="flex items-start gap-4 rounded-3xl bg-sea-700 p-5 text-white" data-verdict="included">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-mint text-sea-900">
          <CheckIcon size={28} />
        </span>
        <div>
          <p className="text-2xl font-semibold">{t`Included`}</p>
          <p className="mt-1 text-sm text-sea-100">{t`Your balances are counted in the snapshot of ${when}, whose totals Tessera signed.`}</p>
        </div>
      </section>
    );
  }
  return (
    <section role="alert" className="flex items-start gap-4 rounded-3xl bg-rose-50 p-5 text-rose-900 ring-1 ring-rose-200" data-verdict="failed" data-failed-check={failed}>
      <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-rose-600 text-white">
        <CloseIcon size={28} />
      </span>
      <div>
        <p className="text-xl font-semibold">{t`Not verified`}</p>
        <p className="mt-1 text-sm">{failure(failed, result?.step)}</p>
        <p className="mt-2 text-xs">{t`Keep the proof file and tell customer service: this proof does not show that your balances are counted.`}</p>
      </div>
    </section>
  );
}

function Checklist({ result, keyState }: { result: ProofResult | undefined; keyState: CheckState }) {
  const names = useCheckNames();
  const failedAt = result?.failed ? PROOF_CHECKS.indexOf(result.failed) : PROOF_CHECKS.length;
  const stateOf = (index: number): CheckState => (!result ? 'notRun' : index < failedAt ? 'passed' : index === failedAt ? 'failed' : 'notRun');
  return (
    <ol className="mt-1 divide-y divide-line">
      {PROOF_CHECKS.map((check, index) => (
        <CheckLine key={check} state={stateOf(index)}>
          {names[check]}
        </CheckLine>
      ))}
      <CheckLine state={keyState}>{names.key}</CheckLine>
    </ol>
  );
}

/** The user's balances in the leaf, per currency: the total and each part that is not zero. */
function Balances({ proof }: { proof: ProofFile }) {
  const { t } = useLingui();
  const labels = useAccountLabels();
  return (
    <section aria-labelledby="balances-title" className="rounded-3xl bg-surface px-4 py-3">
      <h2 id="balances-title" className="text-base font-semibold text-ink">{t`Your balances at that time`}</h2>
      {LIABILITY_ASSETS.map((asset) => {
        const parts = LIABILITY_PURPOSES.filter((purpose) => BigInt(proof.leaf.balances[asset][purpose]) !== 0n);
        const total = LIABILITY_PURPOSES.reduce((sum, purpose) => sum + BigInt(proof.leaf.balances[asset][purpose]), 0n);
        return (
          <dl key={asset} className="mt-2" data-leaf-asset={asset}>
            <Fact label={asset} strong>
              <Amount value={decimalOf(String(total), asset)} asset={asset} />
            </Fact>
            {parts.map((purpose) => (
              <Fact key={purpose} label={<span className="ps-3">{labels[purpose]}</span>}>
                <Amount value={decimalOf(proof.leaf.balances[asset][purpose], asset)} asset={asset} />
              </Fact>
            ))}
          </dl>
        );
      })}
    </section>
  );
}

/** The proof as the documented file (tessera-liabilities-proof-<snapshot>.json). */
function downloadProof(proof: ProofFile): void {
  saveFile(`tessera-liabilities-proof-${proof.snapshot.id}.json`, `${JSON.stringify(proof, null, 2)}\n`, 'application/json');
}
