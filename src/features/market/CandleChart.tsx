/**
 * Candlesticks with volume, drawn by uPlot (this module and uPlot load only with the coin screen).
 * The chart is made once per mount; new candles (history of another period, a live tick) are
 * handed to the same instance with setData, so a tick moves the last candle without redrawing
 * the page or losing the crosshair. The crosshair shows the candle under it as an OHLC readout.
 *
 * Time runs left to right in every language, as on every exchange: the plot is laid out
 * left-to-right even on an Arabic or Hebrew screen, while the readout around it follows the page.
 * Colours come from the theme's CSS variables of the panel, so the chart fits a dark panel.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Candle } from '../../domain/wire';

const UP = '#10b981';
const DOWN = '#f43f5e';

/** Candles as uPlot's columns: time, open, high, low, close, volume (numbers for drawing only). */
function columns(candles: readonly Candle[]): uPlot.AlignedData {
  return [
    candles.map((candle) => candle.time),
    candles.map((candle) => Number(candle.open)),
    candles.map((candle) => Number(candle.high)),
    candles.map((candle) => Number(candle.low)),
    candles.map((candle) => Number(candle.close)),
    candles.map((candle) => Number(candle.volume)),
  ];
}

/** Draws each candle's wick and body, and its volume bar along the bottom fifth. */
function drawCandles(u: uPlot): void {
  const [times, opens, highs, lows, closes, volumes] = u.data as number[][];
  if (!times || times.length === 0) return;
  const { ctx } = u;
  const [firstIdx, lastIdx] = [u.series[0].idxs?.[0] ?? 0, u.series[0].idxs?.[1] ?? times.length - 1];
  const shown = Math.max(1, lastIdx - firstIdx + 1);
  const slot = u.bbox.width / shown;
  const body = Math.max(1, Math.min(slot * 0.7, 14 * devicePixelRatio));
  const wick = Math.max(1, Math.round(devicePixelRatio));
  const volumeTop = u.bbox.top + u.bbox.height * 0.8;
  let maxVolume = 0;
  for (let i = firstIdx; i <= lastIdx; i++) maxVolume = Math.max(maxVolume, volumes[i] ?? 0);
  ctx.save();
  ctx.beginPath();
  ctx.rect(u.bbox.left, u.bbox.top, u.bbox.width, u.bbox.height);
  ctx.clip();
  for (let i = firstIdx; i <= lastIdx; i++) {
    const x = u.valToPos(times[i], 'x', true);
    const rising = closes[i] >= opens[i];
    const colour = rising ? UP : DOWN;
    if (maxVolume > 0) {
      const height = ((volumes[i] ?? 0) / maxVolume) * (u.bbox.top + u.bbox.height - volumeTop);
      ctx.fillStyle = rising ? 'rgb(16 185 129 / 0.28)' : 'rgb(244 63 94 / 0.28)';
      ctx.fillRect(x - body / 2, u.bbox.top + u.bbox.height - height, body, height);
    }
    const high = u.valToPos(highs[i], 'y', true);
    const low = u.valToPos(lows[i], 'y', true);
    const open = u.valToPos(opens[i], 'y', true);
    const close = u.valToPos(closes[i], 'y', true);
    ctx.fillStyle = colour;
    ctx.fillRect(Math.round(x - wick / 2), high, wick, Math.max(1, low - high));
    ctx.fillRect(x - body / 2, Math.min(open, close), body, Math.max(wick, Math.abs(close - open)));
  }
  ctx.restore();
}

export interface Readout {
  candle: Candle;
  /** true: under the crosshair; false: the latest candle (no crosshair). */
  pointed: boolean;
}

interface Props {
  candles: readonly Candle[];
  /** Told which candle the readout should show whenever the crosshair moves or leaves. */
  onReadout(readout: Readout | null): void;
  height?: number;
}

/**
 * Time-axis labels in the user's language: the time of day between midnights, the date at a
 * midnight or when the marks are a day or more apart.
 */
function timeFormatter(locale: string) {
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'UTC' });
  const date = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const local = (seconds: number) => seconds * 1000 - new Date(seconds * 1000).getTimezoneOffset() * 60_000;
  return (_u: uPlot, values: number[], _axis: number, _space: number, increment: number) =>
    values.map((value) => {
      const at = local(value);
      return increment >= 86_400 || at % 86_400_000 === 0 ? date.format(at) : time.format(at);
    });
}

export default function CandleChart({ candles, onReadout, height = 280 }: Props) {
  const { i18n, t } = useLingui();
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const latest = useRef(candles);
  const readout = useRef(onReadout);
  // Before the effects below run: the chart's hooks read the latest candles and callback.
  useLayoutEffect(() => {
    latest.current = candles;
    readout.current = onReadout;
  });
  const [width, setWidth] = useState(0);

  // One uPlot per mount (and language): made when the panel has a width; another period is new data for it.
  useEffect(() => {
    const element = box.current;
    if (!element || width === 0) return;
    const style = getComputedStyle(element);
    const axisText = style.getPropertyValue('--chart-text').trim() || '#9fb3b1';
    const grid = style.getPropertyValue('--chart-grid').trim() || 'rgb(255 255 255 / 0.08)';
    const axis = { stroke: axisText, grid: { stroke: grid, width: 1 }, ticks: { show: false }, font: '11px system-ui, sans-serif' };
    // Drawn by drawCandles, not as lines; still shown to uPlot, so that they set the scales' ranges.
    const hidden = { paths: () => null, points: { show: false } } as const;
    const options: uPlot.Options = {
      width,
      height,
      legend: { show: false },
      padding: [12, 4, 0, 4],
      cursor: { y: true, points: { show: false }, drag: { x: false, y: false } },
      scales: {
        x: { time: true },
        // The prices take the upper three quarters; the volume bars have the bottom fifth to themselves.
        y: {
          auto: true,
          range: (_u, min, max) => {
            const span = max - min || Math.abs(max) * 0.01 || 1;
            return [min - span * 0.34, max + span * 0.06];
          },
        },
      },
      axes: [
        { ...axis, values: timeFormatter(i18n.locale), space: 64, size: 32 },
        { ...axis, side: 1, size: 64, values: (_u, values) => values.map((value) => value.toLocaleString(i18n.locale, { maximumFractionDigits: 6 })) },
      ],
      series: [{}, { ...hidden, label: 'open' }, { ...hidden, label: 'high' }, { ...hidden, label: 'low' }, { ...hidden, label: 'close' }, { ...hidden, label: 'volume', scale: 'volume' }],
      hooks: {
        draw: [drawCandles],
        setCursor: [
          (u) => {
            const index = u.cursor.idx;
            const all = latest.current;
            if (index === null || index === undefined || !all[index]) readout.current(all.length ? { candle: all[all.length - 1], pointed: false } : null);
            else readout.current({ candle: all[index], pointed: true });
          },
        ],
      },
    };
    const chart = new uPlot(options, columns(latest.current), element);
    plot.current = chart;
    const all = latest.current;
    readout.current(all.length ? { candle: all[all.length - 1], pointed: false } : null);
    return () => {
      chart.destroy();
      plot.current = null;
    };
    // Width changes are handled by setSize below; the chart is made again only for another language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [i18n.locale, height, width === 0]);

  // New data for the same chart: history of this period, a live tick.
  useEffect(() => {
    const chart = plot.current;
    if (!chart) return;
    chart.setData(columns(candles));
    if (chart.cursor.idx === null || chart.cursor.idx === undefined) readout.current(candles.length ? { candle: candles[candles.length - 1], pointed: false } : null);
  }, [candles]);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.floor(entry.contentRect.width);
      setWidth(next);
      plot.current?.setSize({ width: next, height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [height]);

  return (
    <div
      ref={box}
      dir="ltr"
      role="img"
      aria-label={t`Candlestick chart`}
      data-candles={candles.length}
      data-last-close={candles.at(-1)?.close ?? ''}
      className="w-full select-none"
      style={{ height }}
    />
  );
}
