/**
 * A coin's screen (/coin?symbol=btcusdt): its name and the currency it is priced in, the last
 * price, the 24-hour change, high, low and volume — all live through the daymarket channel — and
 * its candlesticks for the period the user picks, live through the kline channel. The chart's
 * code (uPlot) is loaded with this screen only. Simulated quotes are labelled as such.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { Preloader } from 'konsta/react';
import { lazy, Suspense, useState } from 'react';
import { useLiveCandles } from './api/queries';
import { useQuotations } from '../../api/market';
import { failureText } from '../../api/query';
import { EmptyState } from '../../ui/EmptyState';
import { Screen } from '../../ui/Screen';
import { formatCompact, formatQuote } from '../../domain/format';
import { CANDLE_PERIODS, HALL_SYMBOL, isCandlePeriod, type CandlePeriod } from '../../domain/market';
import type { Quotation } from '../../domain/wire';
import { localeAtom } from '../../i18n';
import { ChangeBadge, CoinLogo, PairName, SimulatedLabel } from '../shared/QuoteList';
import { Loading } from '../../ui/QueryStates';
import type { Readout } from './CandleChart';

const CandleChart = lazy(() => import('./CandleChart'));

/** The period switcher's short labels: the same on every exchange, in every language. */
const PERIOD_LABELS: Record<CandlePeriod, string> = {
  '1min': '1m',
  '5min': '5m',
  '15min': '15m',
  '30min': '30m',
  '60min': '1H',
  '4hour': '4H',
  '1day': '1D',
  '1week': '1W',
  '1mon': '1M',
};

export default function CoinScreen() {
  const { t } = useLingui();
  const search = useSearch({ from: '/members/coin' });
  const navigate = useNavigate({ from: '/coin' });
  const quotes = useQuotations();
  const symbol = search.symbol ?? quotes.data?.find((quotation) => quotation.symbol !== HALL_SYMBOL)?.symbol ?? null;
  const period: CandlePeriod = isCandlePeriod(search.period) ? search.period : '15min';
  const quotation = quotes.data?.find((candidate) => candidate.symbol === symbol);

  if (quotes.isPending && quotes.fetchStatus !== 'idle') {
    return (
      <Screen>
        <Loading />
      </Screen>
    );
  }
  if (!quotation) {
    return (
      <Screen>
        {quotes.error && !quotes.data ? (
          <p role="alert" className="m-4 rounded-2xl bg-rose-50 px-4 py-3 text-sm text-rose-900">
            {failureText(quotes.error)}
          </p>
        ) : (
          <EmptyState
            icon={<span className="text-3xl" aria-hidden="true">¤</span>}
            title={t`This coin is not quoted`}
            text={t`Pick a coin from the market list.`}
            action={
              <Link to="/market" className="inline-flex min-h-11 items-center rounded-2xl bg-sea-700 px-5 font-semibold text-white">
                <Trans>Markets</Trans>
              </Link>
            }
          />
        )}
      </Screen>
    );
  }
  return (
    <Screen>
      <div className="space-y-4 px-4 pt-2 pb-8">
        <CoinHeader quotation={quotation} />
        <ChartPanel
          symbol={quotation.symbol}
          period={period}
          onPeriod={(next) => void navigate({ search: { symbol: quotation.symbol, period: next }, replace: true })}
        />
        {quotation.simulated ? (
          <p className="rounded-2xl bg-amber-50 px-4 py-3 text-sm leading-relaxed text-amber-900">
            <Trans>These quotes are simulated on this installation: they follow no market and no one trades at them.</Trans>
          </p>
        ) : null}
        {quotation.symbol === HALL_SYMBOL ? (
          <Link to="/market" className="flex min-h-12 items-center justify-center rounded-2xl bg-sea-700 font-semibold text-white">
            <Trans>Trade USDT in the hall</Trans>
          </Link>
        ) : null}
      </div>
    </Screen>
  );
}

function CoinHeader({ quotation }: { quotation: Quotation }) {
  const { t } = useLingui();
  const locale = useAtomValue(localeAtom);
  const quote = (value: string | null) => (value === null ? '—' : formatQuote(value, locale));
  return (
    <section className="rounded-3xl bg-surface p-4" aria-label={`${quotation.name}/${quotation.legal}`}>
      <div className="flex items-center gap-3">
        <CoinLogo quotation={quotation} size={40} />
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-semibold text-ink">
            <PairName quotation={quotation} />
          </h2>
          <p className="text-xs text-muted">
            <Trans>Priced in {quotation.legal}</Trans>
          </p>
        </div>
        {quotation.simulated ? <SimulatedLabel /> : null}
      </div>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-3">
        <bdi dir="ltr" className="text-3xl font-semibold tabular-nums text-ink" data-testid="coin-price">
          {quote(quotation.price)}
        </bdi>
        <ChangeBadge change={quotation.change24h} className="text-base" />
      </div>
      {quotation.reference ? (
        <p className="mt-1 text-xs text-muted" data-price-kind="reference">
          <Trans>Reference rate of Convert: no trade has settled in the hall yet.</Trans>
        </p>
      ) : null}
      <dl className="mt-4 grid grid-cols-3 gap-3 text-sm">
        {[
          [t`24h high`, quote(quotation.high24h)],
          [t`24h low`, quote(quotation.low24h)],
          [t`24h volume (${quotation.name})`, formatCompact(quotation.volume24h, locale)],
        ].map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="font-medium tabular-nums text-ink">
              <bdi dir="ltr">{value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function ChartPanel({ symbol, period, onPeriod }: { symbol: string; period: CandlePeriod; onPeriod(period: CandlePeriod): void }) {
  const { t } = useLingui();
  const candles = useLiveCandles(symbol, period);
  const [readout, setReadout] = useState<Readout | null>(null);
  const shown = readout && readout.candle.symbol === symbol && readout.candle.period === period ? readout : null;
  return (
    <section aria-label={t`Chart`} className="overflow-hidden rounded-3xl bg-sea-900 text-white [--chart-grid:rgb(255_255_255/0.08)] [--chart-text:#9fc2bd]">
      <div role="group" aria-label={t`Candle period`} className="flex gap-1 overflow-x-auto px-2 pt-2" dir="ltr">
        {CANDLE_PERIODS.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={value === period}
            onClick={() => onPeriod(value)}
            className={`min-h-11 min-w-11 shrink-0 rounded-xl px-2 text-sm font-semibold transition-colors ${
              value === period ? 'bg-white/15 text-white' : 'text-[#9fc2bd] active:bg-white/10'
            }`}
          >
            {PERIOD_LABELS[value]}
          </button>
        ))}
      </div>
      <ReadoutLine readout={shown} connected={candles.connected} />
      <div className="px-1 pb-2">
        {candles.isPending && candles.fetchStatus !== 'idle' ? (
          <ChartPlaceholder />
        ) : candles.error && !candles.data ? (
          <p role="alert" className="m-3 rounded-2xl bg-rose-950/40 px-4 py-3 text-sm text-rose-100">
            {failureText(candles.error)}
          </p>
        ) : candles.data && candles.data.length > 0 ? (
          <Suspense fallback={<ChartPlaceholder />}>
            <div className={`transition-opacity ${candles.isPlaceholderData ? 'opacity-50' : ''}`} aria-busy={candles.isPlaceholderData}>
              <CandleChart candles={candles.data} onReadout={setReadout} />
            </div>
          </Suspense>
        ) : (
          <p className="flex h-[280px] items-center justify-center px-6 text-center text-sm text-[#9fc2bd]">
            <Trans>No trades in this period yet.</Trans>
          </p>
        )}
      </div>
    </section>
  );
}

function ChartPlaceholder() {
  const { t } = useLingui();
  return (
    <div className="flex h-[280px] items-center justify-center" role="status" aria-label={t`Loading`}>
      <Preloader className="text-white" />
    </div>
  );
}

/** The candle under the crosshair (or the latest): its time, open, high, low, close and volume. */
function ReadoutLine({ readout, connected }: { readout: Readout | null; connected: boolean }) {
  const locale = useAtomValue(localeAtom);
  const { t } = useLingui();
  if (!readout) return <div className="h-14" />;
  const { candle } = readout;
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(candle.time * 1000);
  const figures: Array<[string, string, string]> = [
    ['open', t({ message: 'O', comment: 'Open price of a candle, one letter or very short' }), formatQuote(candle.open, locale)],
    ['high', t({ message: 'H', comment: 'High price of a candle, one letter or very short' }), formatQuote(candle.high, locale)],
    ['low', t({ message: 'L', comment: 'Low price of a candle, one letter or very short' }), formatQuote(candle.low, locale)],
    ['close', t({ message: 'C', comment: 'Close price of a candle, one letter or very short' }), formatQuote(candle.close, locale)],
    ['volume', t({ message: 'Vol', comment: 'Volume of a candle, very short' }), formatCompact(candle.volume, locale)],
  ];
  return (
    <div className="h-14 px-4 pt-2 text-xs" aria-live="off" data-testid="chart-readout">
      <div className="flex items-center justify-between gap-2 text-[#9fc2bd]">
        <span>{when}</span>
        {connected ? null : (
          <span role="status" className="text-amber-300">
            <Trans>Reconnecting…</Trans>
          </span>
        )}
      </div>
      <dl className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 tabular-nums">
        {figures.map(([key, label, value]) => (
          <div key={key} className="flex gap-1">
            <dt className="text-[#9fc2bd]">{label}</dt>
            <dd data-readout={key}>
              <bdi dir="ltr">{value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
