/**
 * VIP levels: the user's level, the confirmed deposits that count towards the
 * next one (their USDT value when approved) with the progress in bigint arithmetic, and the table
 * of levels: upgrade amount, gift ratio on each deposit (that of the level the deposit reaches, what
 * it is, when and by whom it is paid said above the levels), daily orders. Offline it shows the
 * last-known copy with its time.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { asOfTime } from '../../api/query';
import { QueryFallback } from '../../ui/EmptyState';
import { CrownIcon } from '../../ui/icons';
import { Screen } from '../../ui/Screen';
import type { UserLevelReply } from '../../domain/wire';
import { CardFigure } from '../../ui/CardFigure';
import { Amount, Percent } from '../../ui/Amount';
import { AsOfLine } from '../../ui/AsOf';
import { useUserLevel } from './api/queries';
import { progressPercent, remainingTo } from './progress';
import type { ReactNode } from 'react';
import { parseAmount, toDecimalString } from '../../domain/money';
import { parseRate } from '../../domain/pledge';

export default function LevelScreen() {
  const { t } = useLingui();
  const state = useUserLevel();
  const reply = state.data;
  const asOf = asOfTime(state);

  return (
    <Screen>
      {reply ? (
        <div className="space-y-4 px-4 pt-2">
          <AsOfLine time={asOf} />
          <CurrentLevel reply={reply} />
          <LevelList reply={reply} />
          <p className="px-2 text-xs leading-relaxed text-muted">
            <Trans>Confirmed deposits count with their USDT value at approval.</Trans>
          </p>
        </div>
      ) : (
        <QueryFallback query={state} icon={<CrownIcon size={36} />} failedTitle={t`VIP levels could not be loaded`} />
      )}
    </Screen>
  );
}

function CurrentLevel({ reply }: { reply: UserLevelReply }) {
  const { t } = useLingui();
  const { level, confirmedDeposits } = reply;
  return (
    <section aria-label={t`Your level`} className="rounded-3xl bg-sea-700 p-5 text-white">
      <div className="flex items-center gap-3">
        <span className="flex size-12 items-center justify-center rounded-2xl bg-white/10 text-mint">
          <CrownIcon />
        </span>
        <div>
          <p className="text-xs text-sea-100">
            <Trans>Your level</Trans>
          </p>
          <p className="text-2xl font-semibold">
            <bdi dir="ltr" className="whitespace-nowrap">VIP {level}</bdi>
          </p>
        </div>
      </div>
      <dl className="mt-4">
        <CardFigure label={<Trans>Confirmed deposits</Trans>} size="lg">
          <Amount value={confirmedDeposits} asset="USDT" />
        </CardFigure>
      </dl>
      <NextLevel reply={reply} />
    </section>
  );
}

/** How far the confirmed deposits are on the way to the next level, or that there is none. */
function NextLevel({ reply: { confirmedDeposits, next } }: { reply: UserLevelReply }) {
  const { t } = useLingui();
  if (!next) {
    return <p className="mt-4 text-sm text-sea-100">{t`You have reached the highest level.`}</p>;
  }
  const percent = progressPercent(confirmedDeposits, next.upgradeAmount);
  const nextLevel = next.level;
  return (
    <div className="mt-4">
      <div className="mb-1.5 flex items-center justify-between text-xs text-sea-100">
        <span>
          <Trans>
            Progress to <bdi dir="ltr" className="whitespace-nowrap">VIP {nextLevel}</bdi>
          </Trans>
        </span>
        <Percent value={String(percent)} />
      </div>
      <div
        role="progressbar"
        aria-label={t`Progress to the next level`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-white/15"
      >
        <div className="h-full rounded-full bg-mint" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-2 text-xs text-sea-100">
        <Trans>
          <Amount value={remainingTo(confirmedDeposits, next.upgradeAmount)} asset="USDT" /> more in confirmed deposits to reach{' '}
          <bdi dir="ltr" className="whitespace-nowrap">VIP {nextLevel}</bdi> (<Amount value={next.upgradeAmount} asset="USDT" /> in total).
        </Trans>
      </p>
    </div>
  );
}

/**
 * The levels as a list of cards, not a table: four columns did not fit a phone in German or
 * Arabic ("VIP 0" and its badge broke over two lines, the last column touched the edge).
 */
function LevelList({ reply }: { reply: UserLevelReply }) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="levels-title">
      <h2 id="levels-title" className="px-2 pb-2 text-base font-semibold text-ink">
        {t`All levels`}
      </h2>
      <GiftExplained reply={reply} />
      <ol className="space-y-3">
        {reply.levels.map((entry) => {
          const current = entry.level === reply.level;
          return (
            <li
              key={entry.level}
              aria-current={current ? 'true' : undefined}
              className={`rounded-3xl bg-surface p-4 ${current ? 'ring-2 ring-sea-600' : ''}`}
            >
              <div className="flex items-center justify-between gap-3">
                <h3 className="text-base font-semibold whitespace-nowrap text-ink">
                  <bdi dir="ltr" className="whitespace-nowrap">VIP {entry.level}</bdi>
                </h3>
                {current ? (
                  <span className="rounded-full bg-sea-700 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-white">
                    <Trans>Current</Trans>
                  </span>
                ) : null}
              </div>
              <dl className="mt-3 grid grid-cols-[1.6fr_1fr_1fr] gap-3 text-sm">
                <LevelFigure label={t`Upgrade amount`} figure="upgrade">
                  <Amount value={entry.upgradeAmount} asset="USDT" />
                </LevelFigure>
                <LevelFigure label={t`Gift ratio`} figure="gift" describedBy="gift-explained">
                  <Percent value={entry.giftPercent} />
                </LevelFigure>
                <LevelFigure label={t`Daily orders`} figure="orders">
                  <span className="tabular-nums">{entry.dailyOrders}</span>
                </LevelFigure>
              </dl>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/**
 * What the gift ratio is, where the levels show it (docs/api.md, deposits): when a deposit is
 * approved, the platform adds that share of it from its own bonus account, in the deposit's
 * currency, at the ratio of the level the deposit brings the user to, rounded down to the cent or
 * the USDT's minor unit. The example is the table's own first level with a gift: a first deposit
 * of its upgrade amount reaches it, and earns its gift.
 */
function GiftExplained({ reply }: { reply: UserLevelReply }) {
  const example = reply.levels.find((entry) => (parseRate(entry.giftPercent) ?? 0n) > 0n);
  const level = example?.level;
  return (
    <div id="gift-explained" className="mb-3 space-y-1 rounded-2xl bg-sea-50 px-4 py-3 text-sm leading-relaxed text-ink">
      <p>
        <Trans>
          <strong>Gift ratio</strong>: when a deposit is approved, Tessera adds this share of it to your balance, in the deposit's currency, paid from
          Tessera's own bonus account. The ratio is that of the level the deposit brings you to.
        </Trans>
      </p>
      {example ? (
        <p className="text-muted">
          <Trans>
            For example, a first deposit of <Amount value={example.upgradeAmount} asset="USDT" /> reaches <bdi dir="ltr">VIP {level}</bdi> and brings{' '}
            <Amount value={giftOf(example.upgradeAmount, example.giftPercent)} asset="USDT" /> more (<Percent value={example.giftPercent} />
            ).
          </Trans>
        </p>
      ) : null}
    </div>
  );
}

/** The gift on a USDT deposit: amount × ratio, rounded down to the minor unit, as the server posts it. */
function giftOf(amount: string, percent: string): string {
  const minor = parseAmount(amount, 'USDT') ?? 0n;
  return toDecimalString((minor * (parseRate(percent) ?? 0n)) / 1_000_000n, 'USDT');
}

/** One figure of a level: its label on top, the value at the bottom, so the values of a card line up. */
function LevelFigure({ label, figure, describedBy, children }: { label: string; figure: string; describedBy?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="mt-auto pt-0.5 font-medium text-ink" data-figure={figure} aria-describedby={describedBy}>
        {children}
      </dd>
    </div>
  );
}
