import type { CandleInterval, TCandle } from '@openbourse/contracts';
import {
  CandlestickSeries,
  createChart,
  type IChartApi,
  type ISeriesApi,
  TickMarkType,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { useChartTheme } from '../../shared/ui/color-scheme';
import { applyLivePrice, type Bar, toBars } from './candles';
import { subscribePrices } from './market-socket';
import { useColourConvention } from './use-colour-convention';

export type CandleChartProps = {
  code: string;
  interval: CandleInterval;
  candles: readonly TCandle[];
  /** The feed the candles came from: live prices of another feed are never drawn on them. */
  source: string;
  precision: number;
  locale: string;
  /** Describes the chart for screen readers. */
  label: string;
  height?: number;
  /** A live price from another feed arrived: the candles should be read again. */
  onSourceChange?: () => void;
};

const toChartBar = (bar: Bar) => ({ ...bar, time: bar.time as UTCTimestamp });

/**
 * The candle chart (lightweight-charts v5), loaded on its own so pages without a chart never
 * download it. Times are shown in the reader's time zone and locale; the last candle follows
 * the socket: its close, high and low move, and a new candle starts at each interval boundary.
 */
export default function CandleChart({
  code,
  interval,
  candles,
  source,
  precision,
  locale,
  label,
  height = 360,
  onSourceChange,
}: CandleChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  // Held in state so every effect below runs again for a chart made anew.
  const [view, setView] = useState<{ chart: IChartApi; series: ISeriesApi<'Candlestick'> } | null>(null);
  const lastBarRef = useRef<Bar | null>(null);
  const fittedRef = useRef<string>('');
  const onSourceChangeRef = useRef(onSourceChange);
  onSourceChangeRef.current = onSourceChange;
  const { colours } = useColourConvention();
  const theme = useChartTheme();

  // The chart itself lives as long as the component.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const chart = createChart(container, {
      autoSize: true,
      height,
      // The library's own logo injects a <style> element that the page's CSP refuses (so it
      // showed unstyled and invisible); ChartPanel links the attribution instead.
      layout: { attributionLogo: false },
      timeScale: { timeVisible: true, secondsVisible: false },
    });
    setView({ chart, series: chart.addSeries(CandlestickSeries, {}) });
    return () => {
      setView(null);
      chart.remove();
      fittedRef.current = '';
    };
  }, [height]);

  // Background, grid, text and scale borders follow the light or dark theme.
  useEffect(() => {
    view?.chart.applyOptions({
      layout: { textColor: theme.text, background: { color: theme.background } },
      grid: { vertLines: { color: theme.grid }, horzLines: { color: theme.grid } },
      timeScale: { borderColor: theme.border },
      rightPriceScale: { borderColor: theme.border },
    });
  }, [view, theme]);

  // Times in the reader's locale and time zone (the library would show UTC).
  useEffect(() => {
    const at = (time: Time) => new Date(typeof time === 'number' ? time * 1000 : String(time));
    const full = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    const marks: Record<TickMarkType, Intl.DateTimeFormat> = {
      [TickMarkType.Year]: new Intl.DateTimeFormat(locale, { year: 'numeric' }),
      [TickMarkType.Month]: new Intl.DateTimeFormat(locale, { month: 'short' }),
      [TickMarkType.DayOfMonth]: new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' }),
      [TickMarkType.Time]: new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }),
      [TickMarkType.TimeWithSeconds]: new Intl.DateTimeFormat(locale, {
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      }),
    };
    view?.chart.applyOptions({
      localization: { locale, timeFormatter: (time: Time) => full.format(at(time)) },
      timeScale: { tickMarkFormatter: (time: Time, type: TickMarkType) => marks[type].format(at(time)) },
    });
  }, [view, locale]);

  // Colours follow the reader's convention; prices show the instrument's decimals.
  useEffect(() => {
    view?.series.applyOptions({
      upColor: colours.upDraw,
      downColor: colours.downDraw,
      borderUpColor: colours.upDraw,
      borderDownColor: colours.downDraw,
      wickUpColor: colours.upDraw,
      wickDownColor: colours.downDraw,
      priceFormat: { type: 'price', precision, minMove: 10 ** -precision },
    });
  }, [view, colours.upDraw, colours.downDraw, precision]);

  // The fetched candles; the view fits them once per instrument and interval, then stays where the reader put it.
  useEffect(() => {
    if (!view) return;
    const bars = toBars(candles);
    view.series.setData(bars.map(toChartBar));
    lastBarRef.current = bars.at(-1) ?? null;
    const key = `${code}:${interval}`;
    if (fittedRef.current !== key) {
      view.chart.timeScale().fitContent();
      fittedRef.current = key;
    }
  }, [view, candles, code, interval]);

  // Live prices move the last candle.
  useEffect(() => {
    if (!view) return;
    return subscribePrices([code], (items) => {
      for (const item of items) {
        if (item.source !== source) {
          onSourceChangeRef.current?.();
          continue;
        }
        const bar = applyLivePrice(lastBarRef.current, Number(item.price), item.time, interval);
        if (!bar) continue;
        view.series.update(toChartBar(bar));
        lastBarRef.current = bar;
      }
    });
  }, [view, code, interval, source]);

  return <div ref={containerRef} role="img" aria-label={label} className="ob-candle-chart" style={{ height }} />;
}
