/**
 * Proof of liabilities, the public page (/liabilities, open to visitors; docs/liabilities.md):
 * what Tessera owes its users in the newest published snapshot — the totals of a Merkle sum tree
 * whose root Tessera signed, the signature checked on this phone — the earlier snapshots, the key;
 * beside them, the reserves Tessera declares, labelled as declared and not verified, and the
 * ratio of the two. Nothing here claims more than was proven: the page says what is proven and
 * what is only declared. A signed-in user goes on to check their own balances are counted.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { asOfTime } from '../../api/query';
import { signedMessage, signedRootOf } from '../../domain/liabilities';
import type { LiabilitiesReply } from '../../domain/wire';
import { tokenAtom } from '../../storage/session';
import { Amount, Percent } from '../../ui/Amount';
import { AsOfLine } from '../../ui/AsOf';
import { buttonClasses } from '../../ui/Button';
import { CopyButton } from '../../ui/CopyButton';
import { QueryFallback } from '../../ui/EmptyState';
import { ShieldIcon } from '../../ui/moreIcons';
import { Screen } from '../../ui/Screen';
import { Fact, useFormatTime } from '../shared/records';
import { useLiabilities } from './api/queries';
import { Hex, Totals, decimalOf } from './parts';
import { signatureCheck } from './verify';

type Snapshot = LiabilitiesReply['snapshots'][number];

export default function LiabilitiesScreen() {
  const { t } = useLingui();
  const state = useLiabilities();
  const page = state.data;
  return (
    <Screen>
      {page ? (
        <div className="space-y-5 px-4 pt-2 pb-6">
          <AsOfLine time={asOfTime(state)} />
          <Owed page={page} />
          <Reserves page={page} />
          <WhatIsProven />
          <Earlier snapshots={page.snapshots.slice(1)} />
          <section aria-labelledby="key-title" className="rounded-3xl bg-surface p-4">
            <div className="flex items-center justify-between gap-3">
              <h2 id="key-title" className="text-base font-semibold text-ink">{t`Tessera’s signing key`}</h2>
              <CopyButton text={page.publicKey} label={t`Copy the key`} />
            </div>
            <p className="mt-1 text-xs text-muted">{t`Ed25519, 32 bytes. Every root above is signed with it; a proof signed with another key is not Tessera’s.`}</p>
            <p className="mt-2" data-public-key>
              <Hex value={page.publicKey} />
            </p>
          </section>
        </div>
      ) : (
        <QueryFallback query={state} icon={<ShieldIcon size={36} />} failedTitle={t`The proof of liabilities could not be loaded`} />
      )}
    </Screen>
  );
}

/** Every published root's signature, checked here with the key each names. */
function useSignaturesValid(snapshots: Snapshot[]) {
  return useQuery({
    queryKey: ['public', 'liabilities', 'signatures', snapshots.map((snapshot) => snapshot.signature)],
    queryFn: () => Promise.all(snapshots.map((snapshot) => signatureCheck(snapshot, () => undefined)(signedMessage(signedRootOf(snapshot))))),
    meta: { persist: false },
    staleTime: Infinity,
  });
}

function Owed({ page }: { page: LiabilitiesReply }) {
  const { t } = useLingui();
  const formatTime = useFormatTime();
  const signedIn = Boolean(useAtomValue(tokenAtom));
  const newest = page.snapshots[0];
  const valid = useSignaturesValid(newest ? [newest] : []);
  if (!newest) {
    return (
      <section className="rounded-3xl bg-sea-700 p-5 text-white">
        <h2 className="text-lg font-semibold">{t`No snapshot has been published yet`}</h2>
        <p className="mt-2 text-sm text-sea-100">{t`Tessera takes one every day at 00:00 UTC. Come back after the next one.`}</p>
      </section>
    );
  }
  const { id, leafCount: count } = newest;
  const when = formatTime(newest.takenAt);
  return (
    <section aria-labelledby="owed-title" className="rounded-3xl bg-sea-700 p-5 text-white">
      <div className="flex items-center gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-white/10 text-mint">
          <ShieldIcon />
        </span>
        <div className="min-w-0">
          <h2 id="owed-title" className="text-base font-semibold">{t`What Tessera owes its users`}</h2>
          <p className="text-xs text-sea-100">
            <Trans>
              Snapshot {id} of <time dateTime={newest.takenAt}>{when}</time>, {count} balances counted
            </Trans>
          </p>
        </div>
      </div>
      <Totals totals={newest.totals} className="mt-4" />
      <p className="mt-3 flex items-center gap-2 text-xs" data-signature={valid.data ? (valid.data[0] ? 'valid' : 'invalid') : 'checking'}>
        {valid.data ? (
          valid.data[0] ? (
            <span className="text-mint">✓ {t`Signed by Tessera’s key; the signature was checked on this phone.`}</span>
          ) : (
            <span className="font-semibold text-rose-200">✗ {t`The signature of this snapshot does not verify. Do not rely on it.`}</span>
          )
        ) : (
          <span className="text-sea-100">{t`Checking the signature…`}</span>
        )}
      </p>
      <Link to={signedIn ? '/liabilities/mine' : '/auth/login'} search={signedIn ? {} : { redirect: '/liabilities/mine' }} className={`${buttonClasses({ kind: 'secondary' })} mt-4`}>
        {signedIn ? t`Check that my balances are counted` : t`Sign in to check your balances are counted`}
      </Link>
    </section>
  );
}

function Reserves({ page }: { page: LiabilitiesReply }) {
  const { t } = useLingui();
  const formatTime = useFormatTime();
  return (
    <section aria-labelledby="reserves-title" className="rounded-3xl bg-surface p-4">
      <h2 id="reserves-title" className="text-base font-semibold text-ink">{t`Reserves, as Tessera declares them`}</h2>
      <p className="mt-1 rounded-2xl bg-amber-50 px-3 py-2 text-xs leading-relaxed text-amber-900" data-declared-note>
        {t`Declared, not proven: these figures and their evidence are Tessera’s own statement. This app cannot check them.`}
      </p>
      {page.coverage.length === 0 || page.reserves.length === 0 ? (
        <p className="mt-3 text-sm text-muted">{t`Tessera has not declared its reserves yet.`}</p>
      ) : (
        <ul className="mt-2 divide-y divide-line">
          {page.coverage.map((line) => {
            const reserve = page.reserves.find((each) => each.asset === line.asset);
            return (
              <li key={line.asset} className="py-3" data-reserve={line.asset}>
                <h3 className="text-sm font-semibold text-ink">{line.asset}</h3>
                <dl className="mt-1">
                  <Fact label={t`Owed to users (proven)`}>
                    <Amount value={line.owed} asset={line.asset} />
                  </Fact>
                  <Fact label={t`Reserves (declared)`}>{line.declared === null ? t`Not declared` : <Amount value={line.declared} asset={line.asset} />}</Fact>
                  {line.percent !== null ? (
                    <Fact label={t`Declared reserves ÷ owed`} strong>
                      <Percent value={line.percent} />
                    </Fact>
                  ) : null}
                  {reserve ? (
                    <>
                      <Fact label={t`Evidence given`}>
                        <bdi className="break-words">{reserve.evidence}</bdi>
                      </Fact>
                      <Fact label={t`Declared on`}>{formatTime(reserve.declaredAt)}</Fact>
                    </>
                  ) : null}
                </dl>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function WhatIsProven() {
  const { t } = useLingui();
  return (
    <section aria-labelledby="proven-title" className="rounded-3xl bg-surface p-4 text-sm leading-relaxed text-ink">
      <h2 id="proven-title" className="text-base font-semibold">{t`What this proves, and what it does not`}</h2>
      <ul className="mt-2 list-disc space-y-1.5 ps-5">
        <li>{t`Proven: every user’s balances at the snapshot — available, held, interest, in trade, pledged and loan collateral — are in one tree whose totals Tessera signed. Each user can check on their phone that theirs are counted, and nobody else’s balance can be read from it.`}</li>
        <li>{t`Checked before publishing: the totals equal Tessera’s own ledger at that moment, or the snapshot is not published.`}</li>
        <li>{t`Not proven: that Tessera holds the money. The reserves above are declared; they may be held elsewhere, owed to others, or missing.`}</li>
      </ul>
    </section>
  );
}

function Earlier({ snapshots }: { snapshots: Snapshot[] }) {
  const { t } = useLingui();
  const formatTime = useFormatTime();
  const valid = useSignaturesValid(snapshots);
  if (snapshots.length === 0) return null;
  return (
    <section aria-labelledby="earlier-title">
      <h2 id="earlier-title" className="px-2 pb-2 text-base font-semibold text-ink">{t`Earlier snapshots`}</h2>
      <ol className="divide-y divide-line overflow-hidden rounded-3xl bg-surface">
        {snapshots.map((snapshot, index) => (
          <li key={snapshot.id} className="px-4 py-3" data-snapshot={snapshot.id}>
            <div className="flex items-center justify-between gap-3 text-sm">
              <time dateTime={snapshot.takenAt} className="font-medium text-ink">{formatTime(snapshot.takenAt)}</time>
              <span className="text-xs text-muted">
                {valid.data ? (valid.data[index] ? t`Signature valid` : t`Signature does not verify`) : t`Checking…`}
              </span>
            </div>
            <p className="mt-1 flex flex-wrap gap-x-4 text-sm text-ink">
              <Amount value={decimalOf(snapshot.totals.EUR, 'EUR')} asset="EUR" />
              <Amount value={decimalOf(snapshot.totals.USDT, 'USDT')} asset="USDT" />
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
