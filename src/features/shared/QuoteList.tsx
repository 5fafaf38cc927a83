/**
 * The market quotes: each quoted symbol (category 1) with its logo, last price, 24-hour change and
 * volume, live through the daymarket channel; a row opens the coin's chart (/coin). When any
 * figure comes from the simulated feed, the list says so above the rows. The hall's own USDT/EUR
 * says which price it shows: the conversion's reference rate until the hall has traded (the
 * server's `reference`), then its last trade with the trade's time.
 */
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useQuotations } from '../../api/market';
import { formatChange, formatCompact, formatQuote } from '../../domain/format';
import { HALL_SYMBOL } from '../../domain/market';
import type { Quotation } from '../../domain/wire';
import { localeAtom } from '../../i18n';
import { Loading, LoadError } from '../../ui/QueryStates';

/** Only category 1 is a coin of the market list. */
const LISTED_CATEGORY = 1;

export function ChangeBadge({ change, className }: { change: string | null; className?: string }) {
  const locale = useAtomValue(localeAtom);
  if (change === null) return <span className={`text-muted ${className ?? ''}`}>—</span>;
  const falling = change.startsWith('-') && /[1-9]/.test(change);
  return (
    <bdi dir="ltr" className={`inline-block rounded-lg px-2 py-1 text-center text-sm font-semibold tabular-nums text-white ${falling ? 'bg-rose-700' : 'bg-emerald-700'} ${className ?? ''}`}>
      {formatChange(change, locale)}
    </bdi>
  );
}

export function SimulatedLabel() {
  return (
    <span className="inline-flex items-center rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900" data-simulated="true">
      <Trans>Simulated data</Trans>
    </span>
  );
}

export function CoinLogo({ quotation, size = 36 }: { quotation: Pick<Quotation, 'logo' | 'name'>; size?: number }) {
  return <img src={quotation.logo} alt="" width={size} height={size} className="shrink-0 rounded-full" loading="lazy" decoding="async" />;
}

/** "BTC/USDT", the base asset stressed, kept left-to-right in every language. */
export function PairName({ quotation }: { quotation: Pick<Quotation, 'name' | 'legal'> }) {
  return (
    <bdi dir="ltr">
      {quotation.name}
      <span className="text-[0.875em] font-normal text-muted">/{quotation.legal}</span>
    </bdi>
  );
}

/** The last trade's time: the time alone today, the date with it before. */
function tradeTime(seconds: number, locale: string, now = new Date()): string {
  const at = new Date(seconds * 1000);
  const today = at.toDateString() === now.toDateString();
  return new Intl.DateTimeFormat(locale, today ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' }).format(at);
}

/** What the row's price is: the hall's says reference rate or last trade; a feed's shows its volume. */
function QuoteNote({ quotation }: { quotation: Quotation }) {
  const locale = useAtomValue(localeAtom);
  if (quotation.reference) {
    return (
      <span className="block text-xs text-muted" data-price-kind="reference">
        <Trans>Reference rate</Trans>
      </span>
    );
  }
  if (quotation.symbol === HALL_SYMBOL && quotation.time !== null) {
    const when = tradeTime(quotation.time, locale);
    return (
      <span className="block text-xs text-muted" data-price-kind="trade">
        <Trans>Last trade {when}</Trans>
      </span>
    );
  }
  const volume = formatCompact(quotation.volume24h, locale);
  return (
    <span className="block text-xs text-muted">
      <Trans>24h vol. {volume}</Trans>
    </span>
  );
}

function QuoteRow({ quotation }: { quotation: Quotation }) {
  const locale = useAtomValue(localeAtom);
  return (
    <Link
      to="/coin"
      search={{ symbol: quotation.symbol }}
      className="flex min-h-16 items-center gap-3 px-4 py-2 active:bg-sea-50"
    >
      <CoinLogo quotation={quotation} />
      <span className="min-w-0 flex-1">
        <span className="block text-base font-semibold text-ink">
          <PairName quotation={quotation} />
        </span>
        <QuoteNote quotation={quotation} />
      </span>
      <span className="text-end">
        <bdi dir="ltr" className="block text-base font-semibold tabular-nums text-ink" data-price={quotation.symbol}>
          {quotation.price === null ? '—' : formatQuote(quotation.price, locale)}
        </bdi>
      </span>
      <ChangeBadge change={quotation.change24h} className="min-w-[5.5rem]" />
    </Link>
  );
}

export function QuoteList() {
  const quotes = useQuotations();
  const listed = quotes.data?.filter((quotation) => quotation.category === LISTED_CATEGORY) ?? [];
  return (
    <section aria-labelledby="quotes-title" className="overflow-hidden rounded-3xl bg-surface">
      <div className="flex items-center justify-between gap-3 px-4 pt-4 pb-2">
        <h2 id="quotes-title" className="text-base font-semibold text-ink">
          <Trans>Markets</Trans>
        </h2>
        {listed.some((quotation) => quotation.simulated) ? <SimulatedLabel /> : null}
      </div>
      {quotes.isPending && quotes.fetchStatus !== 'idle' ? (
        <Loading className="py-6" />
      ) : quotes.error && !quotes.data ? (
        <LoadError error={quotes.error} className="mx-4 mb-4" />
      ) : listed.length === 0 ? (
        <p className="px-4 pb-4 text-sm text-muted">
          <Trans>No quotes yet.</Trans>
        </p>
      ) : (
        <ul className="divide-y divide-line pb-1">
          {listed.map((quotation) => (
            <li key={quotation.symbol}>
              <QuoteRow quotation={quotation} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
