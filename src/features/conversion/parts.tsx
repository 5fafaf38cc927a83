/**
 * The pieces of the conversion screen: the direction with the available balance, the amount
 * field, the quote's details, the summary the payment password confirms, and the done card.
 * Every amount and rate goes through the one money formatter (Amount.tsx).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { Button } from '../../ui/Button';
import type { ReactNode } from 'react';
import { CheckIcon, ConvertIcon } from '../../ui/icons';
import { ClockIcon } from '../../ui/moreIcons';
import type { Asset } from '../../domain/money';
import type { ConversionRecord, QuoteReply } from '../../domain/wire';
import { localeAtom } from '../../i18n';
import { Amount, Percent, RateLine } from '../../ui/Amount';
import { AsOf } from '../../ui/AsOf';
import { DecimalField } from '../shared/money/DecimalField';
import { eurPerUsdt } from './quote';

/** From and to, the swap between them, and what can be converted. */
export function DirectionCard({ from, to, available, asOf, onSwap }: { from: Asset; to: Asset; available: string | null; asOf: number | null; onSwap(): void }) {
  const { t } = useLingui();
  return (
    <section aria-label={t`Direction`} className="rounded-3xl bg-surface p-4">
      <div className="flex items-center gap-3">
        <AssetSide label={t`From`} asset={from} />
        <button
          type="button"
          onClick={onSwap}
          aria-label={t`Swap currencies`}
          className="flex size-11 shrink-0 items-center justify-center rounded-full bg-sea-50 text-sea-700 active:bg-sea-100"
        >
          <ConvertIcon size={22} />
        </button>
        <AssetSide label={t`To`} asset={to} end />
      </div>
      <p className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-muted">
        <span>
          <Trans>
            Available: <Amount value={available} asset={from} className="text-ink" />
          </Trans>
        </span>
        {asOf !== null ? <AsOf time={asOf} className="text-muted" /> : null}
      </p>
    </section>
  );
}

function AssetSide({ label, asset, end }: { label: string; asset: Asset; end?: boolean }) {
  return (
    <div className={`min-w-0 flex-1 ${end ? 'text-end' : 'text-start'}`}>
      <p className="text-xs text-muted">{label}</p>
      <p className="text-xl font-semibold text-ink" data-asset={asset}>
        {asset}
      </p>
    </div>
  );
}

export interface AmountFieldProps {
  from: Asset;
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  error: string | null;
  /** "All": the whole balance, when it is known. */
  onAll: (() => void) | null;
}

export function AmountField({ from, value, onChange, onBlur, error, onAll }: AmountFieldProps) {
  const { t } = useLingui();
  return (
    <DecimalField
      label={t`Amount (${from})`}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
      trailing={
        <button
          type="button"
          onClick={() => onAll?.()}
          disabled={!onAll}
          className="-my-2 -me-2 flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-full px-3 text-sm font-semibold text-sea-700 disabled:opacity-40"
        >
          {t`All`}
        </button>
      }
    />
  );
}

/** Rate, fee and what arrives, as the server quoted them, and how long they hold. */
export function QuoteDetails({ reply, secondsLeft: seconds }: { reply: QuoteReply; secondsLeft: number }) {
  const { t } = useLingui();
  const { from, to, feePercent, rate, fee, receive } = reply;
  const reference = eurPerUsdt(reply.rate, from);
  const referenceValue = reference?.value;
  return (
    <>
      <dl className="divide-y divide-line text-sm">
        <QuoteFact label={t`Rate`}>
          <RateLine base={from} rate={rate} quote={to} />
          {reference?.approximate ? <RateLine base="USDT" rate={referenceValue!} quote="EUR" relation="≈" className="block text-xs text-muted" /> : null}
        </QuoteFact>
        <QuoteFact label={t`Fee rate`}>
          <Percent value={feePercent} />
        </QuoteFact>
        <QuoteFact label={t`Fee`}>
          <Amount value={fee} asset={from} />
        </QuoteFact>
        <QuoteFact label={t`You receive (estimated)`} strong>
          <Amount value={receive} asset={to} />
        </QuoteFact>
      </dl>
      <p className={`mt-2 flex items-center gap-1.5 text-xs ${seconds > 0 ? 'text-muted' : 'text-amber-800'}`}>
        <ClockIcon size={14} />
        {seconds > 0 ? <Trans>This rate holds for {seconds} s.</Trans> : <Trans>This rate has expired. Get a new rate to continue.</Trans>}
      </p>
    </>
  );
}

function QuoteFact({ label, strong, children }: { label: string; strong?: boolean; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-3 py-2.5">
      <dt className="text-muted">{label}</dt>
      <dd className={`text-end ${strong ? 'text-base font-semibold text-ink' : 'text-ink'}`}>{children}</dd>
    </div>
  );
}

/**
 * What the payment password confirms: the quote on screen, word for word. Each figure is its own
 * left-to-right run that never breaks inside (Amount, RateLine), so in Arabic and Hebrew the
 * sentence flows around them without reordering them.
 */
export function QuoteSummary({ reply }: { reply: QuoteReply }) {
  const { from, to, amount, receive, rate, fee } = reply;
  return (
    <p data-quote-id={reply.quoteId}>
      <Trans>
        Convert <Amount value={amount} asset={from} /> → <Amount value={receive} asset={to} /> at <RateLine base={from} rate={rate} quote={to} />, fee{' '}
        <Amount value={fee} asset={from} />
      </Trans>
    </p>
  );
}

export function ConversionDone({ record, onAgain }: { record: ConversionRecord; onAgain(): void }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const locale = useAtomValue(localeAtom);
  const { from, to } = record;
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(record.createdAt));
  return (
    <div className="px-4 pt-6">
      <section aria-label={t`Conversion done`} className="rounded-3xl bg-surface p-5">
        <div className="flex flex-col items-center text-center">
          <span className="mb-3 flex size-14 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
            <CheckIcon size={28} />
          </span>
          <h2 className="text-lg font-semibold text-ink">
            <Trans>Conversion done</Trans>
          </h2>
        </div>
        <dl className="mt-4 divide-y divide-line text-sm">
          <QuoteFact label={t`Converted`}>
            <Amount value={record.amount} asset={from} />
          </QuoteFact>
          <QuoteFact label={t`Rate`}>
            <RateLine base={from} rate={record.rate} quote={to} />
          </QuoteFact>
          <QuoteFact label={t`Fee`}>
            <Amount value={record.fee} asset={from} />
          </QuoteFact>
          <QuoteFact label={t`Received`} strong>
            <Amount value={record.receive} asset={to} />
          </QuoteFact>
          <QuoteFact label={t`Time`}>
            <time dateTime={record.createdAt}>{when}</time>
          </QuoteFact>
        </dl>
      </section>
      <div className="mt-5 space-y-3">
        <Button onClick={onAgain}>
          <Trans>Convert again</Trans>
        </Button>
        <Button kind="secondary" onClick={() => void navigate({ to: '/assets/assets-log' })}>
          <Trans>Fund record</Trans>
        </Button>
      </div>
    </div>
  );
}
